import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestApi, type TestEngine } from '../../helpers/test-engine';
import { configureCollection } from '../../../src-main/engine/collect/tuning';
import { shareProject } from '../../../src-main/engine/access/project-access';
import { addCompatibleNetwork, balanceOf, eventsOf, makeProject } from './factories';
import { chatCompletion, startLoopbackAi } from './loopback-ai';

const analysisReady = existsSync(
  new URL('../../../src-main/engine/answer-reading/analyze.ts', import.meta.url),
);

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
  configureCollection(t.engine.ctx, { retry: { sleep: async () => {}, timeoutMs: 2000 } });
});
afterEach(() => t.close());

const PARSE = 'POST /api/projects/{project}/parse';
const parseOf = async (id: number) =>
  (await t.api.request('GET /api/projects/{project}', { params: { project: id } })).data.parse;
/** Starts a run (a 2xx answer; a refusal throws). */
const parse = (project: number, api: TestApi = t.api) => api.send(PARSE, { params: { project } });
/** A run refused: its status and error body. */
const refusedParse = (project: number, api: TestApi = t.api, body?: unknown) =>
  api.error(PARSE, { params: { project }, body });

describe('POST /api/projects/{project}/parse', () => {
  it('queues the run, charges prompts × networks and answers 202 with the parse object', async () => {
    const p = await makeProject(t.engine, { prompts: ['a', 'b', 'c'] });
    const res = await parse(p.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        id: p.id,
        name: 'Acme project',
        brand: 'Acme',
        domain: 'acme.example',
        is_paused: false,
        parse: {
          status: 'queued',
          in_progress: true,
          progress: 1,
          phase: 'queue_wait',
          started_at: '2026-11-20 10:00:00',
          last_completed_at: null,
        },
      },
    });
    expect(await balanceOf(t.engine)).toBe(10_000 - 3);
  });

  it('answers 409 {message} while the run is queued and charges nothing more', async () => {
    const p = await makeProject(t.engine);
    await parse(p.id);
    const again = await refusedParse(p.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.any(String) });
    expect(await balanceOf(t.engine)).toBe(10_000 - 2);
  });

  it('answers 403 {message} when the owner has fewer limits than prompts × networks', async () => {
    const p = await makeProject(t.engine, { prompts: ['a', 'b', 'c'] });
    await t.api.send('PATCH /api/app/account', { body: { limits_balance: 2 } });
    const res = await refusedParse(p.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.stringContaining('limits') });
    expect(await balanceOf(t.engine)).toBe(2);
    expect((await parseOf(p.id)).status).toBe('idle');
  });

  it('answers 422 when no network is selected or no live prompt exists', async () => {
    const noNeurals = await makeProject(t.engine, { neurals: [] });
    const a = await refusedParse(noNeurals.id);
    expect(a.status).toBe(422);
    expect(a.body).toEqual({ message: expect.any(String), errors: { neurals: [expect.any(String)] } });

    const noPrompts = await makeProject(t.engine, { prompts: ['gone'] });
    await t.engine.ctx.db.updateTable('prompts').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).execute();
    const b = await refusedParse(noPrompts.id);
    expect(b.status).toBe(422);
    expect(b.body.errors).toHaveProperty('prompts');
  });

  it('lets an editor start a run (charged to the owner) and refuses a viewer with 403', async () => {
    const p = await makeProject(t.engine);
    const viewer = await t.otherUser(100);
    const editor = await t.otherUser(100);
    await shareProject(t.engine.ctx, p.id, viewer.id, 'viewer');
    await shareProject(t.engine.ctx, p.id, editor.id, 'editor');
    const refused = await refusedParse(p.id, viewer.api);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String) });
    const stranger = await t.otherUser(100);
    expect((await refusedParse(p.id, stranger.api)).status).toBe(404);
    expect((await parse(p.id, editor.api)).status).toBe(202);
    expect(await balanceOf(t.engine)).toBe(10_000 - 2);
    expect(await balanceOf(t.engine, editor.id)).toBe(100);
  });

  it('stores the optional with_recommendations / with_frequency and rejects non-booleans', async () => {
    const p = await makeProject(t.engine);
    const bad = await refusedParse(p.id, t.api, { with_frequency: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('with_frequency');
    await t.api.send(PARSE, {
      params: { project: p.id },
      body: { with_recommendations: true, with_frequency: false },
    });
    const run = await t.engine.ctx.db.selectFrom('parse_runs').select('options').executeTakeFirstOrThrow();
    expect(JSON.parse(run.options)).toMatchObject({ with_recommendations: true, with_frequency: false });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const notices = (await eventsOf(t.engine, p.id)).filter((e) => e.type === 'notice');
    expect(notices.map((e) => e.message)).toEqual([expect.stringMatching(/Recommendations/)]);
  });
});

describe('a parse run with the demo network', () => {
  it('completes: every (prompt, network) answered, events recorded, status completed', async () => {
    const p = await makeProject(t.engine, { prompts: ['best crm', 'crm for startups', 'cheap crm'] });
    await parse(p.id);
    t.clock.advance(60_000);
    await t.engine.jobs.drain({ ignoreDelays: true });

    expect(await parseOf(p.id)).toEqual({
      status: 'completed',
      in_progress: false,
      progress: 100,
      phase: null,
      started_at: null,
      last_completed_at: '2026-11-20 10:01:00',
    });
    const answers = await t.engine.ctx.db
      .selectFrom('answers')
      .selectAll()
      .where('project_id', '=', p.id)
      .execute();
    expect(answers).toHaveLength(3);
    expect(answers.every((a) => a.has_data === 1 && (a.answer ?? '').length > 50)).toBe(true);
    const run = await t.engine.ctx.db.selectFrom('parse_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'completed', update_date: '2026-11-20', refunded: 0, tasks_done: 3 });
    expect((await eventsOf(t.engine, p.id)).map((e) => e.type)).toEqual([
      'update_started',
      'update_finished',
    ]);
    expect(await balanceOf(t.engine)).toBe(10_000 - 3);
    // A completed project may be parsed again.
    expect((await parse(p.id)).status).toBe(202);
  });

  it.skipIf(!analysisReady)('stores the analysis fields of every answer', async () => {
    const p = await makeProject(t.engine, {
      prompts: ['best crm', 'crm for startups', 'cheap crm', 'crm reviews'],
    });
    await parse(p.id);
    await t.engine.jobs.drain({ ignoreDelays: true });
    const answers = await t.engine.ctx.db
      .selectFrom('answers')
      .selectAll()
      .where('project_id', '=', p.id)
      .execute();
    for (const a of answers) {
      const named = /\bAcme\b/.test(a.answer ?? '');
      expect(a.mention).toBe(named ? 1 : 0);
      if (named) expect(a.mention_position).toBeGreaterThanOrEqual(1);
      else expect(a.mention_position).toBeNull();
      const competitors = JSON.parse(a.competitors);
      expect(competitors.every((c: unknown) => typeof c === 'string' && c !== 'Acme')).toBe(true);
    }
    const urls = await t.engine.ctx.db.selectFrom('answer_urls').selectAll().execute();
    expect(urls.length).toBeGreaterThan(0);
  });
});

describe('a parse run with an openai-compatible network', () => {
  it('asks POST {base_url}/chat/completions, stores failed tasks without data and refunds them', async () => {
    const ai = await startLoopbackAi((req) =>
      req.body.messages[0].content === 'broken prompt'
        ? { status: 400, json: { error: { message: 'bad request' } } }
        : {
            json: chatCompletion(`Try **Acme** or **Zoho** for ${req.body.messages[0].content}.`, [
              'https://acme.example/crm',
            ]),
          },
    );
    try {
      const neuralId = await addCompatibleNetwork(t.engine, `${ai.url}/v1`);
      const p = await makeProject(t.engine, {
        prompts: ['good prompt', 'broken prompt'],
        neurals: ['loopback'],
      });
      await parse(p.id);
      await t.engine.jobs.drain({ ignoreDelays: true });

      expect(ai.seen).toHaveLength(2);
      expect(ai.seen[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(ai.seen[0].headers.authorization).toBe('Bearer sk-test');
      expect(ai.seen[0].body).toEqual({
        model: 'test-model',
        messages: [{ role: 'user', content: 'good prompt' }],
      });

      const answers = await t.engine.ctx.db.selectFrom('answers').selectAll().orderBy('prompt_id').execute();
      expect(answers.map((a) => [a.neural_id, a.has_data])).toEqual([
        [neuralId, 1],
        [neuralId, 0],
      ]);
      expect(answers[0].answer).toBe('Try **Acme** or **Zoho** for good prompt.');
      expect(JSON.parse(answers[0].raw!).citations).toEqual([{ url: 'https://acme.example/crm' }]);
      expect(answers[1]).toMatchObject({ answer: null, mention: 0, error: expect.stringContaining('400') });
      const run = await t.engine.ctx.db.selectFrom('parse_runs').selectAll().executeTakeFirstOrThrow();
      expect(run).toMatchObject({ status: 'completed', charged: 2, refunded: 1 });
      expect(await balanceOf(t.engine)).toBe(10_000 - 1);
    } finally {
      await ai.close();
    }
  });

  it('fails a run in which no answer got data: full refund, update_failed, state back to idle', async () => {
    const ai = await startLoopbackAi(() => ({ status: 503, headers: { 'retry-after': '0' }, json: {} }));
    try {
      await addCompatibleNetwork(t.engine, ai.url);
      const p = await makeProject(t.engine, { prompts: ['one', 'two'], neurals: ['loopback'] });
      await parse(p.id);
      expect(await balanceOf(t.engine)).toBe(10_000 - 2);
      await t.engine.jobs.drain({ ignoreDelays: true });

      expect(ai.seen).toHaveLength(6); // 3 attempts per task
      expect(await balanceOf(t.engine)).toBe(10_000);
      expect((await parseOf(p.id)).status).toBe('idle');
      const events = await eventsOf(t.engine, p.id);
      expect(events.map((e) => e.type)).toEqual(['update_started', 'update_failed']);
      const run = await t.engine.ctx.db.selectFrom('parse_runs').selectAll().executeTakeFirstOrThrow();
      expect(run).toMatchObject({ status: 'failed', refunded: 2, update_date: null });
    } finally {
      await ai.close();
    }
  });
});
