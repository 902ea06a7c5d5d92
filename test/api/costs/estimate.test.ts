import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import type { ScheduleBody } from '../../../src-shared/api/core';
import { configureCollection } from '../../../src-main/engine/collect/tuning';
import { addCompatibleNetwork, balanceOf, makeProject } from '../collect/factories';
import { chatCompletion, startLoopbackAi } from '../collect/loopback-ai';
import { DEFAULT_OUTPUT_TOKENS } from '../../../src-main/engine/costs/estimate';

let t: TestEngine;
beforeEach(async () => {
  // Friday 2026-11-20, 10:00 UTC; scheduled runs start at 06:00 UTC.
  t = await createTestEngine({ now: '2026-11-20T10:00:00.000Z' });
  configureCollection(t.engine.ctx, { retry: { sleep: async () => {}, timeoutMs: 2000 } });
  await t.api.send('PATCH /api/app/settings', { body: { schedule_hour: 6, time_zone: 'UTC' } });
});
afterEach(() => t.close());

const ESTIMATE = 'GET /api/projects/{project}/parse/estimate';
const PRICES = 'PATCH /api/app/prices';
const at = (project: number) => ({ params: { project } });
const estimate = async (projectId: number) => {
  const res = await t.api.send(ESTIMATE, at(projectId));
  expect(res.status).toBe(200);
  return res.body.data;
};
const setSchedule = (projectId: number, type: ScheduleBody['type'], detail: ScheduleBody['detail']) =>
  t.api.send('PATCH /api/projects/{project}/settings', {
    ...at(projectId),
    body: { schedule: { type, detail } },
  });

describe('GET /api/projects/{project}/parse/estimate: limits are what POST parse charges', () => {
  it.each([
    ['1 prompt × 1 network: the one-limit minimum', ['only one'], ['demo']],
    ['3 prompts × 1 network', ['a', 'b', 'c'], ['demo']],
    ['4 prompts × 3 networks', ['a', 'b', 'c', 'd'], ['demo', 'demo-chat', 'demo-search']],
    ['2 prompts × 2 networks', ['best crm', 'crm reviews'], ['demo', 'demo-chat']],
  ])('%s', async (_name, prompts, neurals) => {
    const p = await makeProject(t.engine, { prompts, neurals });
    const e = await estimate(p.id);
    expect(e.limits).toBe(prompts.length * neurals.length);
    expect(e.requests).toEqual(p.neuralIds.map((id) => ({ neural_id: id, count: prompts.length })));
    const before = await balanceOf(t.engine);
    expect((await t.api.send('POST /api/projects/{project}/parse', at(p.id))).status).toBe(202);
    expect(before - (await balanceOf(t.engine))).toBe(e.limits);
  });

  it('leaves deleted prompts and deleted networks out, as the charge does', async () => {
    const p = await makeProject(t.engine, { prompts: ['a', 'b', 'c'], neurals: ['demo', 'demo-chat'] });
    await t.engine.ctx.db
      .updateTable('prompts')
      .set({ deleted_at: '2026-11-19T00:00:00.000Z' })
      .where('id', '=', p.promptIds[0])
      .execute();
    await t.engine.ctx.db
      .updateTable('neurals')
      .set({ deleted_at: '2026-11-19T00:00:00.000Z' })
      .where('id', '=', p.neuralIds[1])
      .execute();
    const e = await estimate(p.id);
    expect(e.limits).toBe(2);
    const before = await balanceOf(t.engine);
    await t.api.send('POST /api/projects/{project}/parse', at(p.id));
    expect(before - (await balanceOf(t.engine))).toBe(2);
  });

  it('costs nothing on demo networks and gives the monthly figure from the schedule', async () => {
    const p = await makeProject(t.engine, { prompts: ['a', 'b', 'c'], neurals: ['demo', 'demo-chat'] });
    const paused = await estimate(p.id);
    expect(paused.cost_usd).toMatchObject({
      total: 0,
      by_neural: p.neuralIds.map((id) => ({ neural_id: id, usd: 0 })),
    });
    expect(paused.monthly).toEqual({ runs: 0, limits: 0, cost_usd: 0 });

    // Mon/Wed/Fri from Fri 20.11.2026 10:00: 156 runs in the coming 365 days = 13 a month.
    expect((await setSchedule(p.id, 'weekdays', '1,3,5')).status).toBe(200);
    expect((await estimate(p.id)).monthly).toEqual({ runs: 13, limits: 13 * 6, cost_usd: 0 });
    // Once a week: 52 runs a year.
    await setSchedule(p.id, 'once_per_week', 1);
    expect((await estimate(p.id)).monthly).toEqual({
      runs: 4.33,
      limits: Math.round((52 / 12) * 6),
      cost_usd: 0,
    });
    // Every 10 days: 36 runs a year.
    await setSchedule(p.id, 'every_n_days', '10');
    expect((await estimate(p.id)).monthly).toEqual({ runs: 3, limits: 18, cost_usd: 0 });
  });

  it('answers 404 for a project the user cannot see', async () => {
    const p = await makeProject(t.engine);
    const other = await t.otherUser();
    expect((await other.api.error(ESTIMATE, at(p.id))).status).toBe(404);
  });
});

describe('tokens and prices', () => {
  it('estimates from prompt length and the default answer length, then from the usage the provider reported', async () => {
    const ai = await startLoopbackAi(() => ({ json: chatCompletion('Acme is a fine CRM. '.repeat(10)) }));
    try {
      const p = await makeProject(t.engine, { prompts: ['best crm tools', 'cheap crm'], neurals: [] });
      const nid = await addCompatibleNetwork(t.engine, ai.url);
      await t.engine.ctx.db
        .insertInto('project_neurals')
        .values({ project_id: p.id, neural_id: nid, web_search_enabled: 0, position: 0 })
        .execute();

      const first = await estimate(p.id);
      // 'best crm tools' = 14 chars → 4 tokens; 'cheap crm' = 9 → 3.
      expect(first.tokens).toEqual({ input: 7, output: 2 * DEFAULT_OUTPUT_TOKENS });
      // No price for this gateway model: the cost says so instead of guessing.
      expect(first.cost_usd.by_neural).toEqual([{ neural_id: nid, usd: null }]);
      expect(first.cost_usd.prices_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const saved = await t.api.send(PRICES, {
        body: {
          prices: [
            {
              provider: 'openai-compatible',
              model: 'test-model',
              input_usd_per_mtok: 2,
              output_usd_per_mtok: 8,
            },
          ],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.prices).toContainEqual({
        provider: 'openai-compatible',
        model: 'test-model',
        input_usd_per_mtok: 2,
        output_usd_per_mtok: 8,
        source: 'custom',
      });
      expect((await estimate(p.id)).cost_usd.total).toBeCloseTo((7 * 2 + 1400 * 8) / 1e6, 4);

      await t.api.send('POST /api/projects/{project}/parse', at(p.id));
      await t.engine.jobs.drain({ ignoreDelays: true });
      // The loopback reports 5 input and 20 output tokens per answer.
      const after = await estimate(p.id);
      expect(after.tokens).toEqual({ input: 10, output: 40 });
      expect(after.cost_usd.total).toBeCloseTo((10 * 2 + 40 * 8) / 1e6, 6);

      const spend = await t.api.send('GET /api/app/spend');
      expect(spend.status).toBe(200);
      expect(spend.body.data.networks).toEqual([
        {
          neural_id: nid,
          display_name: 'Loopback',
          answers_reported: 2,
          answers_unreported: 0,
          tokens: { input: 10, output: 40 },
          usd: (10 * 2 + 40 * 8) / 1e6,
        },
      ]);
    } finally {
      await ai.close();
    }
  });

  it('refuses a malformed price with 422 and lets only the owner edit prices', async () => {
    const bad = await t.api.error(PRICES, {
      body: {
        prices: [{ provider: 'openai', model: 'gpt-4o', input_usd_per_mtok: -1, output_usd_per_mtok: 1 }],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['prices.0.input_usd_per_mtok']);
    const other = await t.otherUser();
    expect((await other.api.error(PRICES, { body: { prices: null } })).status).toBe(403);
    const reset = await t.api.send(PRICES, { body: { prices: null } });
    expect(reset.body.data.prices.every((r) => r.source === 'table')).toBe(true);
  });
});
