import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { api, test, expect, type RunningServer } from './server-fixture';

/**
 * The analytics screens against the real server: the sample project (12 demo updates) fills
 * every screen; a second project whose AI system is a local fake (an openai-compatible endpoint
 * on loopback, the one thing faked) returns a hostile answer, to prove it never runs.
 */

const SCREENS = 'test-results/screens';

/** Signs in through the one-time address, then opens a screen of a project. */
async function openScreen(page: Page, server: RunningServer, project: number, screen: string) {
  if (!(await page.evaluate(() => Object.keys(localStorage).length).catch(() => 0))) {
    await page.goto(server.uiUrl);
    await expect(page.getByTestId('app-root')).toBeVisible();
  }
  await page.goto(`${server.url}/#/projects/${project}/${screen}`);
}

/** The app scrolls inside its shell, so a tall viewport stands in for a full-page shot. */
async function screenshot(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 2200 });
  await page.waitForTimeout(300); // charts resize on the next frame after the viewport changes
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Every chart on the page has drawn something (some pixel is not transparent). */
async function expectChartsDrawn(page: Page, atLeast: number) {
  await expect(page.locator('[data-testid="chart"][data-chart-ready="true"]')).toHaveCount(
    await page.locator('[data-testid="chart"]').count(),
  );
  const drawn = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="chart"] canvas')].map((canvas) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return false;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
      return false;
    }),
  );
  expect(drawn.length).toBeGreaterThanOrEqual(atLeast);
  expect(drawn.every(Boolean)).toBe(true);
}

test.describe('analytics screens', () => {
  let sample = 0;

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext();
    const created = await api(request, server).send('POST', '/api/app/sample-project', { language: 'en' });
    sample = created.data.project_id;
    await request.dispose();
  });

  test('dashboard shows visibility, tone, share of voice and positions', async ({ page, server }) => {
    await openScreen(page, server, sample, 'dashboard');
    await expect(page.getByTestId('kpi-visibility')).toBeVisible();
    await expect(page.getByTestId('panel-visibility').getByTestId('chart')).toBeVisible();
    await expect(page.getByTestId('top-competitors').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('panel-brand-positions').locator('tbody tr').first()).toBeVisible();
    await expectChartsDrawn(page, 3);
    await screenshot(page, 'analytics-dashboard');

    // Dark theme: charts rebuild with light text (the theme is a class on <html>).
    await page.evaluate(() => document.documentElement.classList.add('app-dark'));
    await expectChartsDrawn(page, 3);
    await screenshot(page, 'analytics-dashboard-dark');
  });

  test('a visibility change is marked significant or "within noise" as the engine tested it', async ({
    page,
    server,
    request,
  }) => {
    const summary = await api(request, server).get(`/api/projects/${sample}/summary`);
    const change = summary.data.updateStats.visibility_change;
    await openScreen(page, server, sample, 'dashboard');
    const delta = page.getByTestId('kpi-visibility').locator('.delta');
    await expect(delta).toHaveAttribute('data-significant', String(change.significant));
    await expect(delta).toHaveAttribute(
      'title',
      new RegExp(`${change.pairs} pairs, ${change.gained} gained, ${change.lost} lost, p = `),
    );
    if (change.significant) await expect(delta).not.toContainText('within noise');
    else if (change.delta !== 0) await expect(delta).toContainText('within noise');
    // The interval band is part of the visibility chart's data.
    expect(summary.data.updateStats.visibility_ci).toHaveLength(summary.updateDates.length);
  });

  test('the filter bar narrows the period and is kept for the project', async ({ page, server, request }) => {
    const filters = await api(request, server).get(`/api/projects/${sample}/filters`);
    const dates: string[] = [...filters.update_dates].sort();
    await openScreen(page, server, sample, 'dashboard');
    await expect(page.getByTestId('kpi-visibility')).toBeVisible();
    const summaryRequest = page.waitForRequest(
      (r) => r.url().includes('/summary?') && r.url().includes(`dates[]=${dates[dates.length - 3]}`),
    );
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [
        `answerscope.analytics.filter.${sample}`,
        JSON.stringify({
          dates: [dates[dates.length - 3], dates[dates.length - 1]],
          neurals: [],
          groups: [],
        }),
      ],
    );
    await page.reload();
    await summaryRequest;
    await expect(page.getByTestId('filter-reset')).toBeVisible();
    await page.getByTestId('filter-reset').click();
    await expect(page.getByTestId('filter-reset')).toHaveCount(0);
    expect(
      JSON.parse(
        (await page.evaluate((key) => localStorage.getItem(key), `answerscope.analytics.filter.${sample}`))!,
      ),
    ).toEqual({ dates: [], neurals: [], groups: [] });
  });

  test('competitors lists rows with deltas and draws the metric chart', async ({ page, server }) => {
    await openScreen(page, server, sample, 'competitors');
    await expect(page.getByTestId('competitor-table').locator('tbody tr').first()).toBeVisible();
    expect(await page.getByTestId('competitor-table').locator('tbody tr').count()).toBeGreaterThan(1);
    await expectChartsDrawn(page, 1);
    await screenshot(page, 'analytics-competitors');
  });

  test('answers show each prompt per AI system and the full answer with the brand highlighted', async ({
    page,
    server,
  }) => {
    await openScreen(page, server, sample, 'answers');
    const prompts = page.getByTestId('answer-prompt');
    await expect(prompts.first()).toBeVisible();
    // A prompt whose answer names the brand ("Not mentioned" has a lower-case m).
    const mentioned = prompts.filter({ hasText: /Mentioned/ }).first();
    // One row per AI system: open the answer of a row that names the brand.
    await mentioned
      .getByRole('row')
      .filter({ hasText: /Mentioned/ })
      .first()
      .getByTestId('toggle-answer')
      .click();
    const answer = mentioned.getByTestId('answer-text').first();
    await expect(answer).toBeVisible();
    await expect(answer.locator('mark.brand-form').first()).toBeVisible();
    await screenshot(page, 'analytics-answers');

    await page.getByTestId('answers-tab-history').click();
    await expect(page.getByTestId('position-history').locator('tbody tr').first()).toBeVisible();
    await screenshot(page, 'analytics-answers-history');

    await page.getByTestId('answers-tab-comparison').click();
    await expect(page.getByTestId('comparison-row').first()).toBeVisible();
    await screenshot(page, 'analytics-answers-comparison');
  });

  test('sources list domains with types, expand to their pages, and draw both charts', async ({
    page,
    server,
  }) => {
    await openScreen(page, server, sample, 'sources');
    const rows = page.getByTestId('sources-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await rows.first().locator('button').first().click();
    await expect(page.getByTestId('domain-urls').first()).toBeVisible();
    await expectChartsDrawn(page, 2);
    await screenshot(page, 'analytics-sources');
  });

  test('an answer with a script, an event handler and javascript: links never runs', async ({
    page,
    server,
    request,
  }) => {
    const hostile = [
      'Acme is the best choice for widgets. <script>window.__xss = "script"</script>',
      '<img src="x" onerror="window.__xss = \'img\'">',
      '[click me](javascript:window.__xss="md-link") and <a href="javascript:window.__xss=\'a\'">raw link</a>',
      '<svg onload="window.__xss=\'svg\'"></svg> See [the docs](https://example.com/acme).',
      // Evidence marks travel through markdown as private-use characters: an answer cannot forge
      // one, and a brand name inside an attribute is never marked there.
      '<a title="Acme rules" href="https://example.com/t">Acme title</a> \uE000\uE100\uE100forged\uE001 end.',
    ].join('\n\n');
    const fake: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: hostile } }] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const client = api(request, server);
      const port = (fake.address() as AddressInfo).port;
      const neural = await client.send('POST', '/api/app/neurals', {
        system_name: 'fake-hostile',
        display_name: 'Hostile fake',
        provider: 'openai-compatible',
        model: 'fake',
        base_url: `http://127.0.0.1:${port}/v1`,
      });
      const draft = await client.send('POST', '/api/project-drafts', {
        brand: 'Acme',
        activities: 'widgets',
        neurals: [neural.data.id],
        language: 'en',
      });
      await expect
        .poll(async () => (await client.get(`/api/project-drafts/${draft.draft_id}`)).status, {
          timeout: 30_000,
        })
        .toBe('ready');
      await client.send('PATCH', `/api/project-drafts/${draft.draft_id}/prompts`, {
        prompts: ['Best widgets maker?'],
      });
      const project = (await client.send('POST', `/api/project-drafts/${draft.draft_id}/project`)).project_id;
      await client.send('POST', `/api/projects/${project}/parse`);
      await expect
        .poll(async () => (await client.get(`/api/projects/${project}`)).data.parse.last_completed_at, {
          timeout: 30_000,
        })
        .not.toBeNull();

      await openScreen(page, server, project, 'answers');
      await page.getByTestId('toggle-answer').first().click();
      const answer = page.getByTestId('answer-text').first();
      await expect(answer).toContainText('Acme is the best choice');
      await expect(answer.locator('mark.brand-form').first()).toHaveText('Acme');
      expect(await answer.locator('script, img, svg, [onerror], [onload]').count()).toBe(0);
      // Highlights come from the stored evidence: every brand place, nothing forged, no mark characters left.
      await expect(answer.locator('mark.ev-brand')).not.toHaveCount(0);
      expect(await answer.locator('mark', { hasText: 'forged' }).count()).toBe(0);
      const html = await answer.innerHTML();
      expect(html).not.toMatch(/[\uE000-\uE1FF]/);
      expect(await answer.locator('a[title]').first().getAttribute('title')).toBe('Acme rules');
      for (const link of await answer.locator('a').all()) {
        const href = await link.getAttribute('href');
        if (href !== null) expect(href).toMatch(/^https?:/);
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await link.click({ modifiers: [], noWaitAfter: true }).catch(() => undefined);
      }
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
      await screenshot(page, 'analytics-answer-sanitized');
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
