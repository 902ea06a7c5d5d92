import type { Locator, Page } from '@playwright/test';
import { api, test, expect, type RunningServer } from './server-fixture';
import { violations } from './axe';

/**
 * Every main screen of a project with data (the sample project, 12 demo updates) checked with
 * axe-core against the WCAG 2 A/AA rules, in light and dark, English and Russian: any serious or
 * critical violation fails, with the rule, the element and axe's explanation in the message.
 * Dialogs, menus, a tooltip and the report's print view: accessibility-overlays.spec.ts.
 */

type Theme = 'light' | 'dark';
type Language = 'en' | 'ru';

interface Screen {
  name: string;
  path: (project: number) => string;
  /** Waits until the screen shows its data (not a loading state). */
  ready: (page: Page) => Locator;
  /** Opens something on top of the screen (a tab, a dialog) before the check. */
  open?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'projects',
    path: () => '/',
    ready: (p) => p.getByTestId('projects-table').locator('tbody tr').first(),
  },
  { name: 'new project', path: () => '/projects/new', ready: (p) => p.getByTestId('wizard-brand') },
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
  ...(['visibility', 'history', 'comparison'] as const).map((tab): Screen => ({
    name: `answers ${tab}`,
    path: (id) => `/projects/${id}/answers`,
    ready: (p) => p.getByTestId(`answers-tab-${tab}`),
    // The open tab is kept while the app stays open, so each check picks its own.
    open: async (p) => {
      await p.getByTestId(`answers-tab-${tab}`).click();
      await expect(p.getByTestId(tab === 'history' ? 'position-history' : `answers-${tab}`)).toBeVisible();
    },
  })),
  {
    name: 'sources',
    path: (id) => `/projects/${id}/sources`,
    ready: (p) => p.getByTestId('sources-table').locator('tbody tr').first(),
  },
  { name: 'reports', path: (id) => `/projects/${id}/reports`, ready: (p) => p.getByTestId('report-new') },
  {
    name: 'prompts',
    path: (id) => `/projects/${id}/prompts`,
    ready: (p) => p.getByTestId('prompts-table').locator('tbody tr').first(),
  },
  {
    name: 'project settings',
    path: (id) => `/projects/${id}/settings`,
    ready: (p) => p.getByTestId('settings-name'),
  },
  { name: 'app settings', path: () => '/settings', ready: (p) => p.getByTestId('app-neurals') },
];

async function signIn(page: Page, server: RunningServer, theme: Theme, language: Language) {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('answerscope.theme', t);
      localStorage.setItem('answerscope.language', l);
    },
    [theme, language],
  );
  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
}

test.describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  test.describe.configure({ timeout: 600_000 });
  let sample = 0;

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext();
    const created = await api(request, server).send('POST', '/api/app/sample-project', { language: 'en' });
    sample = created.data.project_id;
    await request.dispose();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'ru'] as const) {
      test(`no serious or critical violation on the main screens, ${theme}, ${language}`, async ({
        page,
        server,
      }) => {
        await signIn(page, server, theme, language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const found: string[] = [];
        for (const screen of SCREENS) {
          await page.goto(`${server.url}/#${screen.path(sample)}`);
          await expect(screen.ready(page)).toBeVisible();
          await screen.open?.(page);
          found.push(...(await violations(page)).map((v) => `[${screen.name}] ${v}`));
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  }
});
