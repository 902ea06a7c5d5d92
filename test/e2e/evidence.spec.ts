import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, startServer, type RunningServer } from './server-fixture';

/**
 * Evidence and "Not a competitor" (issue 11), on a server of its own (it re-types competitors and
 * re-analyses the sample's answers): an answer of the sample project (offline demo networks) shows
 * where the brand and each competitor were found; a click on a competitor named before the brand
 * says why it counted and offers "Not a competitor"; after the re-analysis the name has left the
 * answer and the brand moved up, in the open answer and in every answer the API returns. Setting
 * it back from the competitors screen restores it.
 */
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: 'worker' },
  ],
});

const SCREENS = 'test-results/screens';

interface Span {
  start: number;
  end: number;
  text: string;
}
interface Cell {
  neural: { id: number; display_name: string };
  mention: number;
  mention_position: number | null;
  competitors: string[];
  answer: string | null;
  evidence: {
    brand: Span[];
    competitors: Array<Span & { name: string; competitor_id: number | null }>;
  } | null;
}
interface Row {
  prompt: { id: number; value: string };
  data: Cell[];
}

function api(request: APIRequestContext, server: RunningServer) {
  const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
  return {
    get: async (path: string) => {
      const res = await request.get(`${server.url}${path}`, { headers });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
    send: async (method: 'POST' | 'PATCH', path: string, data?: unknown) => {
      const res = await request.fetch(`${server.url}${path}`, { method, headers, data: data ?? {} });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
  };
}

async function open(page: Page, server: RunningServer, path: string) {
  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
  await page.goto(`${server.url}/#${path}`);
}

test.describe('evidence in the answer view', () => {
  let sample = 0;

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext();
    sample = (await api(request, server).send('POST', '/api/app/sample-project', { language: 'en' })).data
      .project_id;
    await request.dispose();
  });

  test('highlights, explains a competitor, and "Not a competitor" removes it after the re-analysis', async ({
    page,
    server,
    request,
  }) => {
    test.setTimeout(120_000);
    const client = api(request, server);
    const rows = async (): Promise<Row[]> =>
      (await client.get(`/api/projects/${sample}/answers/visibility?per_page=200`)).tableData.rows;

    // An answer (last update) naming a competitor before the brand.
    let pick: { row: Row; cell: Cell; name: string; id: number } | undefined;
    for (const row of await rows()) {
      for (const cell of row.data) {
        const e = cell.evidence;
        if (!e || cell.mention !== 1 || (cell.mention_position ?? 0) < 2) continue;
        const brandFirst = Math.min(...e.brand.map((s) => s.start));
        const before = e.competitors.find((s) => s.start < brandFirst && s.competitor_id !== null);
        if (before) pick ??= { row, cell, name: before.name, id: before.competitor_id! };
      }
    }
    expect(pick, 'the sample has an answer naming a competitor before the brand').toBeTruthy();
    const { row, cell, name } = pick!;
    const position = cell.mention_position!;

    // Open that answer: the brand and the competitors are highlighted where they are written.
    await open(page, server, `/projects/${sample}/answers`);
    await page.getByTestId('answers-search').fill(row.prompt.value);
    const card = page.getByTestId('answer-prompt').filter({ hasText: row.prompt.value }).first();
    await expect(card).toBeVisible();
    const line = card.getByRole('row').filter({ hasText: cell.neural.display_name }).first();
    await expect(line.getByTestId('answer-position')).toHaveText(`#${position}`);
    await line.getByTestId('toggle-answer').click();
    const answer = card.getByTestId('answer-text').first();
    await expect(answer).toBeVisible();
    await expect(answer.locator('mark.ev-brand').first()).toBeVisible();
    const spanText = cell.evidence!.competitors.find((s) => s.name === name)!.text;
    const exactly = new RegExp(`^${spanText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    for (const s of cell.evidence!.competitors)
      await expect(answer.locator('mark.ev-competitor').filter({ hasText: s.text }).first()).toBeVisible();
    const mark = answer.locator('mark.ev-competitor').filter({ hasText: exactly }).first();

    // A click says why it counted, and offers "Not a competitor".
    await mark.click();
    const details = page.getByTestId('evidence-details');
    await expect(details).toBeVisible();
    await expect(details).toContainText(`Competitor: ${name}`);
    await expect(details).toContainText('named before your brand');
    await page.screenshot({ path: `${SCREENS}/evidence-popover.png` });
    await page.getByTestId('not-a-competitor').click();
    await expect(page.getByTestId('evidence-hidden')).toBeVisible();
    // The re-analysis is shown while it runs, then the open answer is read again without it.
    await expect(
      page.getByTestId('reanalysis-progress').or(page.getByTestId('reanalysis-ended')),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('reanalysis-ended')).toBeVisible({ timeout: 60_000 });
    await expect(answer.locator('mark.ev-competitor').filter({ hasText: exactly })).toHaveCount(0);
    await expect(answer.locator('mark.ev-brand').first()).toBeVisible();
    await expect(line.getByTestId('answer-position')).toHaveText(`#${position - 1}`);
    await page.screenshot({ path: `${SCREENS}/evidence-after-hide.png` });

    // The engine agrees, for every answer: the name is gone and no span points at it.
    for (const r of await rows())
      for (const c of r.data) {
        expect(c.competitors).not.toContain(name);
        expect(c.evidence?.competitors.some((s) => s.name === name) ?? false).toBe(false);
      }
    const status = (await client.get(`/api/projects/${sample}/reanalyze`)).data;
    expect(status).toMatchObject({ status: 'done', progress: 100, reason: 'competitor_hidden' });

    // Set it back from the competitors screen: the name returns to the answer after the re-analysis.
    await page.getByTestId('nav-competitors').click();
    const hidden = page.getByTestId('hidden-competitors');
    await expect(hidden).toContainText(name);
    await hidden.locator('li').filter({ hasText: name }).getByTestId('restore-competitor').click();
    await expect(page.getByTestId('panel-hidden')).toHaveCount(0, { timeout: 60_000 });
    await expect
      .poll(async () => (await client.get(`/api/projects/${sample}/reanalyze`)).data.status, {
        timeout: 60_000,
      })
      .toBe('done');
    const back = (await rows()).find((r) => r.prompt.id === row.prompt.id)!;
    const again = back.data.find((c) => c.neural.id === cell.neural.id)!;
    expect(again.competitors).toContain(name);
    expect(again.mention_position).toBe(position);
  });
});
