import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, test, expect, startServer, type RunningServer } from './server-fixture';

/**
 * A local analytics tool: the browser talks to this server and nothing else (no site icons, fonts
 * or scripts from third parties), on every analytics screen of a project whose answers cite many
 * sites; and an English project reads English everywhere, its PDF included, although the API keeps
 * the spec's Russian labels. Last, a PDF that cannot be printed says why and offers a retry.
 */

const CYRILLIC = /[\u0400-\u04FF]+/g;

/**
 * Every address the page asks for outside `origin`. Playwright's `request` event misses some image
 * loads (lazy images among them), so Chromium's own network log is read as well.
 */
async function foreignRequests(page: Page, origin: string): Promise<Set<string>> {
  const foreign = new Set<string>();
  const note = (url: string) => {
    if (!url.startsWith(`${origin}/`) && url !== origin && !/^(data|blob|about):/.test(url)) foreign.add(url);
  };
  page.on('request', (r) => note(r.url()));
  page.on('requestfailed', (r) => note(r.url()));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => note(event.request.url));
  return foreign;
}

async function signIn(page: Page, server: RunningServer) {
  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
}

/** Waits for a screen's data and charts (a chart's series names are its canvas's fallback text). */
async function settled(page: Page) {
  await expect(page.locator('.p-skeleton, [data-testid="loading"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-testid="chart"][data-chart-ready="false"]')).toHaveCount(0, {
    timeout: 20_000,
  });
}

/** The Cyrillic words in the screen's content (charts' names included, via textContent). */
const russianOn = (page: Page) =>
  page.locator('main').evaluate((main) => [...new Set(main.textContent?.match(/[\u0400-\u04FF]+/g) ?? [])]);

test.describe('the analytics screens of an English project', () => {
  let project = 0;

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext();
    project = (await api(request, server).post('/api/app/sample-project', { language: 'en' })).data
      .project_id;
    await request.dispose();
  });

  test('no request leaves the server, and no Russian shows, on any screen', async ({ page, server }) => {
    const foreign = await foreignRequests(page, server.url);
    await signIn(page, server);
    const russian: Record<string, string[]> = {};
    const check = async (name: string) => {
      await settled(page);
      const words = await russianOn(page);
      if (words.length) russian[name] = words;
    };

    for (const screen of ['dashboard', 'competitors']) {
      await page.goto(`${server.url}/#/projects/${project}/${screen}`);
      await expect(page.locator('[data-testid="chart"]').first()).toBeVisible({ timeout: 20_000 });
      await check(screen);
    }

    await page.goto(`${server.url}/#/projects/${project}/answers`);
    await expect(page.getByTestId('answer-prompt').first()).toBeVisible({ timeout: 20_000 });
    // Open answers so their cited sites (with icons) show.
    const toggles = page.getByTestId('toggle-answer');
    for (let i = 0; i < Math.min(6, await toggles.count()); i++) await toggles.nth(i).click();
    await expect(page.locator('.vp__urls img[data-testid="site-icon"]').first()).toBeVisible();
    await check('answers');
    for (const tab of ['history', 'sourcesHistory', 'comparison']) {
      const button = page.getByTestId(`answers-tab-${tab}`);
      if (!(await button.count())) continue;
      await button.click();
      await page.waitForTimeout(300);
      await check(`answers/${tab}`);
    }

    await page.goto(`${server.url}/#/projects/${project}/sources`);
    const rows = page.getByTestId('sources-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const domains = await page.getByTestId('sources-table').locator('tbody .domain').count();
    expect(domains, 'a project citing many sites').toBeGreaterThanOrEqual(10);
    const domainRows = page.getByTestId('sources-table').locator('tr:has(.domain)');
    for (let i = 0; i < 3; i++) await domainRows.nth(i).locator('button').first().click();
    await expect(page.getByTestId('domain-urls')).toHaveCount(3);
    await expect(page.getByTestId('site-icon').first()).toBeVisible();
    const icons = await page
      .getByTestId('site-icon')
      .evaluateAll((images) => images.map((i) => (i as HTMLImageElement).src.slice(0, 11)));
    await check('sources');

    await page.goto(`${server.url}/#/projects/${project}/reports`);
    await expect(page.getByTestId('reports-page')).toBeVisible();
    await check('reports');

    await page.waitForTimeout(500); // icon requests the engine answers late would show up here
    expect([...foreign]).toEqual([]);
    expect(russian).toEqual({});
    // Every icon is the engine's (a data: URL), never the site's own address.
    expect(new Set(icons)).toEqual(new Set(['data:image/']));
  });

  test('an English report PDF and its print view have no Russian label', async ({
    page,
    request,
    server,
  }) => {
    const client = api(request, server);
    const blocks = (await client.get(`/api/projects/${project}/reports/blocks`)).data.map((b: any) => ({
      slug: b.slug,
    }));
    const created = await client.post(`/api/projects/${project}/reports`, {
      options: {
        comparison_enabled: true,
        period_main: 'last_30_days',
        period_comparison: 'prev_period',
        blocks,
      },
    });
    const path = `/api/projects/${project}/reports/${created.id}`;
    await expect
      .poll(async () => (await client.get(`${path}/status`)).status, { timeout: 30_000 })
      .toBe('done');

    // The print view as the printer sees it, charts' series names included.
    await page.goto(`${server.url}/#/print/reports/${project}/${created.id}?token=${server.token}`);
    await expect(page.locator('[data-print-ready="true"]')).toBeAttached({ timeout: 30_000 });
    const printed = await page.locator('body').evaluate((b) => b.textContent ?? '');
    expect(printed).toContain('Others'); // share of voice's rest, "Другие" in the API
    expect(printed.match(CYRILLIC) ?? []).toEqual([]);

    let file = '';
    await expect
      .poll(
        async () => {
          const answer = await client.get(`${path}/download`);
          expect(answer.print_error).toBeUndefined();
          file = answer.file ?? '';
          return answer.status;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('success');
    const dir = mkdtempSync(join(tmpdir(), 'answerscope-pdf-en-'));
    try {
      writeFileSync(join(dir, 'report.pdf'), await client.bytes(file));
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Northwind CRM');
      expect(text).toMatch(/Reviews/); // a source type, "Отзывы" in the API
      expect(text.match(CYRILLIC) ?? []).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('a PDF that cannot be printed shows its reason in the reports view, and Retry prints again', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { server, stop } = await startServer(['--chromium', '/nonexistent/chromium']);
  try {
    const request = await playwright.request.newContext();
    const client = api(request, server);
    const project = (await client.post('/api/app/sample-project', { language: 'en' })).data.project_id;
    const created = await client.post(`/api/projects/${project}/reports`, {
      options: { comparison_enabled: false, period_main: 'last_30_days', blocks: [{ slug: 'summary' }] },
    });
    await expect
      .poll(async () => (await client.get(`/api/projects/${project}/reports/${created.id}/status`)).status)
      .toBe('done');
    await request.dispose();

    await signIn(page, server);
    await page.goto(`${server.url}/#/projects/${project}/reports`);
    const downloads: string[] = [];
    page.on('request', (r) => r.url().endsWith('/download') && downloads.push(r.url()));
    await page.getByTestId(`report-download-${created.id}`).click();
    const error = page.getByTestId(`report-pdf-error-${created.id}`);
    await expect(error).toContainText('Chromium was not found at /nonexistent/chromium', { timeout: 30_000 });
    const before = downloads.length;
    await page.getByTestId(`report-retry-pdf-${created.id}`).click();
    // The retry asks again (a new print), which fails the same way here: the reason comes back.
    await expect.poll(() => downloads.length).toBeGreaterThan(before);
    await expect(error).toContainText('Chromium was not found', { timeout: 30_000 });
  } finally {
    await stop();
  }
});
