import type { Page } from '@playwright/test';
import { api, test, expect, type RunningServer } from './server-fixture';
import { violations } from './axe';
import { SCREENS_WITH_ANSWERS_TABS as SCREENS } from './screens';

/**
 * Every main screen of a project with data (the sample project, 12 demo updates) checked with
 * axe-core against the WCAG 2 A/AA rules, in light and dark, English and Russian: any serious or
 * critical violation fails, with the rule, the element and axe's explanation in the message.
 * Dialogs, menus, a tooltip and the report's print view: accessibility-overlays.spec.ts.
 */

type Theme = 'light' | 'dark';
type Language = 'en' | 'ru';

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
