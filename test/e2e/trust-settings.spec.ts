import type { Page } from '@playwright/test';
import { api, test as base, expect, startServer, type RunningServer } from './server-fixture';
import { startLoopbackAi } from '../api/collect/loopback-ai';
import { PRICES_AS_OF } from '../../src-main/engine/costs/price-table';

/**
 * Issue 13 in the app's settings, on a server of its own (it changes the price table and a
 * project's networks): "Spend so far" shows the tokens a provider reported for a real run and
 * prices them once the analyst adds the model's price; the project's Alerts card keeps the
 * chosen channels and refuses a malformed address on its field. The provider is a stand-in on
 * loopback speaking the OpenAI wire format and reporting usage with every answer.
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

/** Usage the stand-in reports per answer: priced at $2.50 / $10 per million, one cent an answer. */
const USAGE = { prompt_tokens: 2000, completion_tokens: 500, total_tokens: 2500 };
const ANSWER = 'For a small team, a shared spreadsheet may do before any dedicated tool.';

async function open(page: Page, server: RunningServer, path: string) {
  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
  await page.goto(`${server.url}/#${path}`);
}

test.describe('trust in the numbers: settings', () => {
  let ai: Awaited<ReturnType<typeof startLoopbackAi>>;
  let project = 0;
  let answers = 0;

  test.beforeAll(async ({ playwright, server }) => {
    test.setTimeout(120_000);
    ai = await startLoopbackAi(() => ({
      json: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'loopback-model',
        choices: [{ index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }],
        usage: USAGE,
      },
    }));
    const request = await playwright.request.newContext();
    const client = api(request, server);
    await client.send('PATCH', '/api/app/settings', { language: 'en' });
    const network = await client.post('/api/app/neurals', {
      system_name: 'loopback',
      display_name: 'Loopback GPT',
      provider: 'openai-compatible',
      model: 'loopback-model',
      base_url: ai.url,
      api_key: 'sk-test',
    });
    project = (await client.post('/api/app/sample-project', { language: 'en' })).data.project_id;
    await client.send('PATCH', `/api/projects/${project}/settings`, { neurals: [network.data.id] });
    await client.post(`/api/projects/${project}/parse`, {});
    await expect
      .poll(async () => (await client.get(`/api/projects/${project}`)).data.parse.in_progress, {
        timeout: 90_000,
      })
      .toBe(false);
    answers = ai.seen.length;
    expect(answers).toBeGreaterThan(0);
    await request.dispose();
  });
  test.afterAll(async () => {
    await ai?.close();
  });

  test('spend so far shows the reported tokens, and dollars once the model has a price', async ({
    page,
    server,
  }) => {
    await open(page, server, '/settings');
    const spendRow = page
      .getByTestId('spend-table')
      .locator('tbody tr')
      .filter({ has: page.getByText('Loopback GPT', { exact: true }) });
    const n = (v: number) => new Intl.NumberFormat('en').format(v);
    await expect(spendRow).toContainText(`${n(answers * 2000)} / ${n(answers * 500)}`);
    // A model the shipped table does not know has no price: no dollars are made up.
    await expect(spendRow).toContainText('no price');

    // The shipped table is dated and lists the catalogue's default models.
    const prices = page.getByTestId('price-table');
    await expect(page.getByTestId('app-costs')).toContainText(
      new RegExp(`The shipped table is dated .*${PRICES_AS_OF.slice(0, 4)}`),
    );
    await expect(prices.locator('tbody tr').filter({ hasText: 'gpt-4o-mini' })).toHaveCount(1);

    // The analyst adds the model's price and saves: the spend is priced with it.
    await page.getByPlaceholder('Provider').fill('openai-compatible');
    await page.getByPlaceholder('Model').fill('loopback-model');
    await page.getByTestId('app-costs').getByLabel('Input', { exact: true }).fill('2.5');
    await page.getByTestId('app-costs').getByLabel('Output', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const added = prices.locator('tbody tr').filter({ hasText: 'loopback-model' });
    await expect(added).toContainText('yours');
    await page.getByTestId('prices-save').click();
    await expect(page.getByText('Prices saved')).toBeVisible();
    const dollars = `$${(answers / 100).toFixed(2)}`;
    await expect(spendRow).toContainText(dollars);
    await expect(page.getByTestId('app-costs')).toContainText(`Total: ${dollars}`);

    // Kept: the row is still the user's own after a reload.
    await page.reload();
    await expect(prices.locator('tbody tr').filter({ hasText: 'loopback-model' })).toContainText('yours');
    await expect(spendRow).toContainText(dollars);

    // Back to the shipped table: the model has no price again.
    await page.getByRole('button', { name: 'Back to the shipped table' }).click();
    await expect(prices.locator('tbody tr').filter({ hasText: 'loopback-model' })).toHaveCount(0);
    await expect(spendRow).toContainText('no price');
  });

  test('the Alerts card keeps the chosen channels and refuses a malformed address', async ({
    page,
    server,
    request,
  }) => {
    await open(page, server, `/projects/${project}/settings`);
    const card = page.getByTestId('settings-alerts');
    const event = card.getByLabel('In the project events');
    const desktop = card.getByLabel('As a desktop notification');
    const email = card.getByLabel('By e-mail (needs SMTP in App settings)');
    // A new project's defaults: in the app and on the desktop, not by e-mail.
    await expect(event).toBeChecked();
    await expect(desktop).toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(card.getByLabel('E-mail addresses, one per line')).toHaveCount(0);

    await desktop.click();
    await email.click();
    const addresses = card.getByLabel('E-mail addresses, one per line');
    await addresses.fill('analyst@acme.test\nnot an address');
    await page.getByTestId('settings-save').click();
    await expect(card.locator('.error-text')).toBeVisible();

    await addresses.fill('analyst@acme.test\nlead@acme.test');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(card.locator('.error-text')).toHaveCount(0);

    const saved = await api(request, server).get(`/api/projects/${project}/settings`);
    expect(saved.data.alerts).toEqual({
      event: true,
      desktop: false,
      email: true,
      emails: ['analyst@acme.test', 'lead@acme.test'],
    });
    await page.reload();
    await expect(card.getByLabel('As a desktop notification')).not.toBeChecked();
    await expect(card.getByLabel('By e-mail (needs SMTP in App settings)')).toBeChecked();
    await expect(card.getByLabel('E-mail addresses, one per line')).toHaveValue(
      'analyst@acme.test\nlead@acme.test',
    );
  });
});
