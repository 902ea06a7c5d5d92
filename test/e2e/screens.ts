import type { Locator, Page } from '@playwright/test';
import { expect } from './server-fixture';

/** A main screen of the app, for the specs that visit each one (accessibility, zoom and width). */
export interface Screen {
  /** Names the screen in failure messages and screenshot files. */
  name: string;
  path: (project: number) => string;
  /** Waits until the screen shows its data (not a loading state). */
  ready: (page: Page) => Locator;
  /** Opens something on top of the screen (a tab, a dialog) before the check. */
  open?: (page: Page) => Promise<void>;
}

/** Every main screen, of a project with data (the sample project) where a path takes one. */
export const SCREENS: Screen[] = [
  {
    name: 'projects',
    path: () => '/',
    ready: (p) => p.getByTestId('projects-table').locator('tbody tr').first(),
  },
  { name: 'new-project', path: () => '/projects/new', ready: (p) => p.getByTestId('wizard-brand') },
  {
    name: 'dashboard',
    path: (id) => `/projects/${id}/dashboard`,
    ready: (p) => p.getByTestId('kpi-visibility'),
  },
  {
    name: 'competitors',
    path: (id) => `/projects/${id}/competitors`,
    ready: (p) => p.getByTestId('competitor-table').locator('tbody tr').first(),
  },
  {
    name: 'answers',
    path: (id) => `/projects/${id}/answers`,
    ready: (p) => p.getByTestId('answer-prompt').first(),
  },
  {
    name: 'sources',
    path: (id) => `/projects/${id}/sources`,
    ready: (p) => p.getByTestId('sources-table').locator('tbody tr').first(),
  },
  {
    name: 'reports',
    path: (id) => `/projects/${id}/reports`,
    ready: (p) => p.getByTestId('report-new').first(),
  },
  {
    name: 'prompts',
    path: (id) => `/projects/${id}/prompts`,
    ready: (p) => p.getByTestId('prompts-table').locator('tbody tr').first(),
  },
  {
    name: 'project-settings',
    path: (id) => `/projects/${id}/settings`,
    ready: (p) => p.getByTestId('settings-name'),
  },
  { name: 'app-settings', path: () => '/settings', ready: (p) => p.getByTestId('app-neurals') },
];

/** The answers screen as its three tabs, each a screen of its own (each check opens its tab). */
const ANSWERS_TABS: Screen[] = (['visibility', 'history', 'comparison'] as const).map((tab) => ({
  name: `answers-${tab}`,
  path: (id) => `/projects/${id}/answers`,
  ready: (p) => p.getByTestId(`answers-tab-${tab}`),
  // The open tab is kept while the app stays open, so each check picks its own.
  open: async (p) => {
    await p.getByTestId(`answers-tab-${tab}`).click();
    await expect(p.getByTestId(tab === 'history' ? 'position-history' : `answers-${tab}`)).toBeVisible();
  },
}));

/** SCREENS with the answers screen split into its tabs. */
export const SCREENS_WITH_ANSWERS_TABS: Screen[] = SCREENS.flatMap((s) =>
  s.name === 'answers' ? ANSWERS_TABS : [s],
);
