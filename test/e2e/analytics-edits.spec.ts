import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, startServer, type RunningServer } from './server-fixture';

/**
 * What the analyst changes and compares on the analytics screens, on a server of its own (these
 * tests rename, merge and retype data, so they must not share the worker's database): the
 * competitors radar over the sample's three demo networks, the competitor dialog (rename, merge,
 * set type), a source domain's type, the comparison of two update days, and a run's progress bar
 * moving through its phases to completion.
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

function api(request: APIRequestContext, server: RunningServer) {
  const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
  return {
    get: async (path: string) => {
      const res = await request.get(`${server.url}${path}`, { headers });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
    send: async (method: 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) => {
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

/** The row of a table that names `text` in its first cell. */
const rowOf = (page: Page, table: string, text: string) =>
  page
    .getByTestId(table)
    .locator('tbody tr')
    .filter({ has: page.getByText(text, { exact: true }) });

test.describe('analytics edits and comparisons', () => {
  let sample = 0;

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext();
    sample = (await api(request, server).send('POST', '/api/app/sample-project', { language: 'en' })).data
      .project_id;
    await request.dispose();
  });

  test('the competitors radar has an axis per demo network and is drawn', async ({ page, server }) => {
    await open(page, server, `/projects/${sample}/competitors`);
    const radar = page.getByTestId('panel-radar').getByTestId('chart');
    await expect(radar).toHaveAttribute('data-chart-ready', 'true');
    const axes = await radar.locator('canvas').getAttribute('aria-label');
    for (const network of ['Demo (offline', 'Demo Search', 'Demo Chat']) expect(axes).toContain(network);
    // Switching the metric redraws the radar for that metric.
    await page.getByTestId('competitor-metric').getByText('Share of voice').click();
    await expect(radar).toHaveAttribute('data-chart-ready', 'true');
    await page.getByTestId('panel-radar').screenshot({ path: `${SCREENS}/edits-radar.png` });
  });

  test('renames, merges and retypes competitors through the dialog', async ({ page, server, request }) => {
    await open(page, server, `/projects/${sample}/competitors`);
    await expect(rowOf(page, 'competitor-table', 'Attio')).toHaveCount(1);

    // Rename.
    await rowOf(page, 'competitor-table', 'Attio').getByTestId('competitor-actions').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByTestId('competitor-new-name').fill('Attio CRM');
    await page.getByTestId('competitor-save').click();
    await expect(page.getByTestId('competitor-dialog')).toBeHidden();
    await expect(rowOf(page, 'competitor-table', 'Attio CRM')).toHaveCount(1);
    await expect(rowOf(page, 'competitor-table', 'Attio')).toHaveCount(0);

    // Merge Bitrix24 into Zoho CRM: one row is left, its mentions include the other's.
    await rowOf(page, 'competitor-table', 'Zoho CRM').getByTestId('competitor-actions').click();
    await page.getByRole('menuitem', { name: 'Merge…' }).click();
    await page.getByTestId('competitor-merge-choice').click();
    await page.getByRole('option', { name: 'Bitrix24' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('competitor-save').click();
    await expect(page.getByTestId('competitor-dialog')).toBeHidden();
    await expect(rowOf(page, 'competitor-table', 'Bitrix24')).toHaveCount(0);
    await expect(rowOf(page, 'competitor-table', 'Zoho CRM')).toHaveCount(1);

    // Set type: HubSpot becomes an indirect competitor.
    await rowOf(page, 'competitor-table', 'HubSpot').getByTestId('competitor-actions').click();
    await page.getByRole('menuitem', { name: 'Set type' }).click();
    const types = (await api(request, server).get(`/api/projects/${sample}/competitors`)).types;
    await page.getByTestId('competitor-new-type').click();
    await page.getByRole('option', { name: types.indirect, exact: true }).click();
    await page.getByTestId('competitor-save').click();
    await expect(page.getByTestId('competitor-dialog')).toBeHidden();
    await expect(rowOf(page, 'competitor-table', 'HubSpot')).toContainText('Indirect');

    // The engine kept all three edits.
    const after = (await api(request, server).get(`/api/projects/${sample}/competitors`)).data;
    const names = after.tableData.map((r: { competitor: { name: string } }) => r.competitor.name);
    expect(names).toContain('Attio CRM');
    expect(names).not.toContain('Bitrix24');
    const zoho = after.tableData.find(
      (r: { competitor: { name: string } }) => r.competitor.name === 'Zoho CRM',
    );
    expect(zoho.members.map((m: { name: string }) => m.name)).toContain('Bitrix24');
    const hubspot = after.tableData.find(
      (r: { competitor: { name: string } }) => r.competitor.name === 'HubSpot',
    );
    expect(hubspot.competitor.type).toBe('indirect');
    await page.screenshot({ path: `${SCREENS}/edits-competitors.png` });
  });

  test("sets a source domain's type", async ({ page, server, request }) => {
    await open(page, server, `/projects/${sample}/sources`);
    const list = await api(request, server).get(`/api/projects/${sample}/sources/list`);
    // A domain whose type the user may change (not fixed by the catalogue) and is not "media" yet.
    const domain = list.tableData.find(
      (d: { is_admin_forced: boolean; dominant_type: { value: string } }) =>
        !d.is_admin_forced && d.dominant_type.value !== 'media' && d.dominant_type.value !== 'own',
    );
    expect(domain, 'the sample has a domain with a changeable type').toBeTruthy();
    const row = rowOf(page, 'sources-table', domain.domain);
    await row.getByTestId('domain-type').click();
    await page.getByRole('option', { name: 'Media' }).click();
    await expect(row.getByTestId('domain-type')).toContainText('Media');
    await expect
      .poll(async () => {
        const again = await api(request, server).get(`/api/projects/${sample}/sources/list`);
        return again.tableData.find((d: { domain: string }) => d.domain === domain.domain)?.dominant_type
          .value;
      })
      .toBe('media');
    // Still there after a reload: the screen shows what the engine stored.
    await page.reload();
    await expect(rowOf(page, 'sources-table', domain.domain).getByTestId('domain-type')).toContainText(
      'Media',
    );
  });

  test('compares the answers of two chosen update days side by side', async ({ page, server, request }) => {
    const days: string[] = [
      ...(await api(request, server).get(`/api/projects/${sample}/filters`)).update_dates,
    ].sort();
    const [early, late] = [days[2], days[days.length - 2]];
    await open(page, server, `/projects/${sample}/answers`);
    await page.getByTestId('answers-tab-comparison').click();
    await expect(page.getByTestId('comparison-row').first()).toBeVisible();

    const dayLabel = (day: string) =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${day}T00:00:00Z`));
    const pick = async (select: string, day: string) => {
      const requested = page.waitForRequest(
        (r) => r.url().includes('/answers/comparison?') && r.url().includes(day),
      );
      await page.getByTestId(select).click();
      // The list this select opened (its combobox names it), not another select's.
      const list = await page.getByTestId(select).getByRole('combobox').getAttribute('aria-controls');
      await page
        .locator(`#${list}`)
        .getByRole('option', { name: dayLabel(day) })
        .click();
      await requested;
    };
    await pick('comparison-date1', early);
    await pick('comparison-date2', late);
    const first = page.getByTestId('comparison-row').first();
    await expect(first.getByTestId('comparison-side-1')).toHaveText(dayLabel(early));
    await expect(first.getByTestId('comparison-side-2')).toHaveText(dayLabel(late));
    // Both sides carry an answer (the sample has every prompt on every day).
    await expect(first.getByTestId('answer-text').or(first.locator('.cmp__side')).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/edits-comparison.png` });
  });

  test('a run shows its progress bar moving through phases to completion', async ({
    page,
    server,
    request,
  }) => {
    const client = api(request, server);
    const neurals = (await client.get('/api/app/neurals')).data as Array<{ id: number; system_name: string }>;
    const demo = neurals.filter((n) => n.system_name.startsWith('demo')).map((n) => n.id);
    const draft = await client.send('POST', '/api/project-drafts', {
      brand: 'Orbit Widgets',
      activities: 'widgets',
      neurals: demo,
      language: 'en',
    });
    await expect
      .poll(async () => (await client.get(`/api/project-drafts/${draft.draft_id}`)).status, {
        timeout: 30_000,
      })
      .toBe('ready');
    const project = (await client.send('POST', `/api/project-drafts/${draft.draft_id}/project`)).project_id;
    // Enough prompts over three networks that the run is seen in more than one state.
    await client.send('POST', `/api/projects/${project}/prompts`, {
      prompts: Array.from({ length: 300 }, (_, i) => `Which widget maker suits case ${i + 1}?`),
    });

    await open(page, server, `/projects/${project}/dashboard`);
    await expect(page.getByTestId('run-last-update')).toContainText('never');
    // Record every state the run control shows, as the user would see it change.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __runStates: string[] }).__runStates = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="run-phase"]')?.textContent?.trim();
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('run-button').click();
    await page.getByTestId('run-confirm').click();
    await expect(page.getByTestId('run-progress')).toBeVisible();
    await expect(page.getByTestId('run-last-update')).not.toContainText('never', { timeout: 60_000 });
    await expect(page.getByText('Update of “Orbit Widgets” finished.')).toBeVisible();

    const states = await page.evaluate(() => (window as unknown as { __runStates: string[] }).__runStates);
    expect(states.length).toBeGreaterThan(0);
    const phase =
      /^(Queued|Waiting in the queue|Sending prompts|Receiving answers|Analysing answers|Saving results|Working) · (\d+)%$/;
    for (const state of states) expect(state).toMatch(phase);
    const progress = states.map((s) => Number(phase.exec(s)![2]));
    expect(progress).toEqual([...progress].sort((a, b) => a - b)); // never goes backwards
    // The new update reaches the screen: the dashboard rebuilt with its data.
    await expect(page.getByTestId('kpi-visibility')).toBeVisible({ timeout: 15_000 });
    test.info().annotations.push({ type: 'run states', description: states.join(' → ') });
  });

  // Last in this file: it changes the server's language, which the other tests read in English.
  test('language and theme saved on the server are applied at boot on a new device', async ({
    page,
    server,
    request,
  }) => {
    const client = api(request, server);
    await client.send('PATCH', '/api/app/settings', { language: 'ru', theme: 'dark' });
    try {
      // A fresh browser context remembers nothing: the server's choice applies.
      await open(page, server, '/');
      await expect(page.getByTestId('nav-projects')).toContainText('Проекты');
      await expect(page.locator('html')).toHaveClass(/app-dark/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    } finally {
      await client.send('PATCH', '/api/app/settings', { language: 'en', theme: 'system' });
    }
  });
});
