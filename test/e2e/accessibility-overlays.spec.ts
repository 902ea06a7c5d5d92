import type { APIRequestContext, Page } from '@playwright/test';
import { api, test, expect, type RunningServer } from './server-fixture';
import { violations } from './axe';

/**
 * What opens on top of the screens, checked with axe-core (WCAG 2 A/AA, serious or critical
 * fails) in light and dark (English; the screens themselves are checked in both languages by
 * accessibility.spec.ts): the shortcuts dialog, the run's confirmation with its estimate, the
 * tooltip of a tested change (reached by keyboard), the competitor actions menu and its dialog,
 * the new report dialog, the prompts' add form and delete confirmation, the add-AI-system dialog,
 * and the report's print view as printed. Each check covers only the open overlay (the screen
 * under it is the other spec's), which keeps the spec at about a minute per theme.
 */

type Theme = 'light' | 'dark';

/**
 * A sample project with data: the one an earlier spec of this worker's server seeded, else a
 * new one (seeding takes seconds on shared cores, so it is done at most once).
 */
async function sampleProject(request: APIRequestContext, server: RunningServer): Promise<number> {
  const client = api(request, server);
  const projects: { id: number; name: string }[] = (await client.get('/api/projects')).data;
  const existing = projects.find((p) => p.name.startsWith('Sample'));
  if (existing) return existing.id;
  return (await client.send('POST', '/api/app/sample-project', { language: 'en' })).data.project_id;
}

/** A finished report of the project, for the print view. */
async function finishedReport(request: APIRequestContext, server: RunningServer, project: number) {
  const client = api(request, server);
  const blocks = (await client.get(`/api/projects/${project}/reports/blocks`)).data.map(
    (b: { slug: string }) => ({ slug: b.slug }),
  );
  const created = await client.post(`/api/projects/${project}/reports`, {
    options: {
      comparison_enabled: true,
      period_main: 'last_30_days',
      period_comparison: 'prev_period',
      blocks,
    },
  });
  await expect
    .poll(async () => (await client.get(`/api/projects/${project}/reports/${created.id}/status`)).status, {
      timeout: 60_000,
    })
    .toBe('done');
  return created.id as number;
}

async function open(page: Page, server: RunningServer, theme: Theme, path: string) {
  await page.addInitScript((t) => {
    localStorage.setItem('answerscope.theme', t);
    localStorage.setItem('answerscope.language', 'en');
  }, theme);
  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
  await page.goto(`${server.url}/#${path}`);
}

test.describe('accessibility of dialogs, menus, tooltips and the print view (axe-core)', () => {
  test.describe.configure({ timeout: 300_000 });
  let project = 0;
  let report = 0;

  test.beforeAll(async ({ playwright, server }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext();
    project = await sampleProject(request, server);
    report = await finishedReport(request, server, project);
    await request.dispose();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`no serious or critical violation in overlays and the print view, ${theme}`, async ({
      page,
      server,
    }) => {
      const found: string[] = [];
      const check = async (name: string, include: string) =>
        found.push(...(await violations(page, include)).map((v) => `[${name}] ${v}`));

      await open(page, server, theme, `/projects/${project}/dashboard`);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /app-dark/ : /^(?!.*app-dark)/);
      await expect(page.getByTestId('kpi-visibility')).toBeVisible();

      // The shortcuts dialog (`?`).
      await page.keyboard.press('?');
      await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
      await check('shortcuts dialog', '[data-testid="shortcuts-dialog"]');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('shortcuts-dialog')).toBeHidden();

      // A tested change's figures, shown on keyboard focus.
      const delta = page.getByTestId('kpi-visibility').locator('[data-significant]');
      await delta.focus();
      await expect(page.locator('.p-tooltip')).toBeVisible();
      await expect(page.locator('.p-tooltip')).toContainText(/pairs|p =|p</);
      await check('change tooltip', '.p-tooltip');
      await page.keyboard.press('Escape');
      await expect(page.locator('.p-tooltip')).toBeHidden();

      // The run's confirmation with its estimate (cancelled: nothing runs).
      await page.getByTestId('run-button').click();
      await expect(page.getByTestId('run-confirm')).toBeVisible();
      await check('run confirmation', '.p-confirmdialog');
      await page.getByTestId('run-cancel').click();
      await expect(page.getByTestId('run-confirm')).toBeHidden();

      // The competitor actions menu and the rename dialog it opens.
      await page.goto(`${server.url}/#/projects/${project}/competitors`);
      await page.getByTestId('competitor-actions').first().click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await check('competitor menu', '.p-menu');
      await menu.getByRole('menuitem').first().click();
      await expect(page.getByTestId('competitor-dialog')).toBeVisible();
      await check('competitor dialog', '[data-testid="competitor-dialog"]');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('competitor-dialog')).toBeHidden();

      // The new report dialog.
      await page.goto(`${server.url}/#/projects/${project}/reports`);
      await page.getByTestId('report-new').first().click();
      await expect(page.getByTestId('report-dialog')).toBeVisible();
      await check('report dialog', '[data-testid="report-dialog"]');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('report-dialog')).toBeHidden();

      // The prompts' add form and the delete confirmation (cancelled).
      await page.goto(`${server.url}/#/projects/${project}/prompts`);
      await page.getByTestId('prompts-add').click();
      await expect(page.getByTestId('prompts-add-form')).toBeVisible();
      await check('prompts add form', '[data-testid="prompts-add-form"]');
      await page.getByTestId('prompt-delete').first().click();
      await expect(page.locator('.p-confirmdialog')).toBeVisible();
      await check('prompt delete confirmation', '.p-confirmdialog');
      await page.keyboard.press('Escape');
      await expect(page.locator('.p-confirmdialog')).toBeHidden();

      // The add-AI-system dialog of the app settings.
      await page.goto(`${server.url}/#/settings`);
      await page.getByTestId('neural-add').click();
      await expect(page.getByTestId('neural-dialog')).toBeVisible();
      await check('AI system dialog', '[data-testid="neural-dialog"]');
      await page.keyboard.press('Escape');

      // The report's print view, as the printer renders it (the PDF is made from this page).
      await page.goto(`${server.url}/#/print/reports/${project}/${report}?token=${server.token}`);
      await expect(page.locator('[data-print-ready="true"]')).toBeAttached({ timeout: 30_000 });
      await page.emulateMedia({ media: 'print' });
      await check('report print view', 'body');

      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
