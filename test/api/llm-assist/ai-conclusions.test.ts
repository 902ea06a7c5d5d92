import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate, type SeededProject } from '../../helpers/seed-analytics';
import { balanceOf } from '../collect/factories';
import { chatCompletion } from '../collect/loopback-ai';
import { jsonReply, startAnalysisModel, userMessageOf } from './model-server';

const CONCLUSIONS = {
  key_findings: ['Acme is named in 50% of answers, up from 25%.'],
  goal_90_days: 'Reach 70% visibility in ChatGPT answers.',
  tasks: {
    days_7: ['Publish a comparison page against Globex.'],
    days_30: ['Get listed on two review sites.'],
    days_90: ['Earn citations from three industry media.'],
  },
};

let t: TestEngine;
let p: SeededProject;
let servers: Array<{ close: () => Promise<void> }> = [];
beforeEach(async () => {
  t = await createTestEngine({ now: '2026-11-20T10:00:00.000Z' });
  p = await seedProject(t.engine.ctx, { brand: 'Acme', prompts: ['best tools'], neurals: ['chatgpt'] });
  await seedUpdate(t.engine.ctx, p, '2026-11-18', [
    ans(p.prompts[0], p.neural.chatgpt, { brandAt: 2, competitors: ['Globex'] }),
  ]);
});
afterEach(async () => {
  await t.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function buildConclusions() {
  const created = await t.api.send('POST /api/projects/{project}/reports', {
    params: { project: p.id },
    body: {
      options: {
        comparison_enabled: false,
        period_main: 'last_30_days',
        blocks: [{ slug: 'ai_conclusions' }],
      },
    },
  });
  expect(created.status).toBe(201);
  await t.engine.jobs.drain({ ignoreDelays: true });
  const res = await t.api.request('GET /api/projects/{project}/reports/{report}', {
    params: { project: p.id, report: created.body.id },
  });
  expect(res.data.status).toBe('done');
  return res.data.result![0].block_data;
}

describe('ai_conclusions with an analysis model', () => {
  it('is written by the loopback model and costs 500 limits', async () => {
    const model = await startAnalysisModel(t.engine, t.api, () => jsonReply(CONCLUSIONS));
    servers.push(model);
    const before = await balanceOf(t.engine);

    const block = await buildConclusions();
    expect(block).toMatchObject({ disabled_reason: null, main: { ...CONCLUSIONS, model: 'Loopback' } });
    expect(await balanceOf(t.engine)).toBe(before - 500);
    const [asked] = model.requests('conclusions');
    expect(asked.body.response_format.type).toBe('json_schema');
    expect(userMessageOf(asked)).toContain('Brand: Acme');
  });

  it('refunds and switches the block off when the model answers garbage', async () => {
    const model = await startAnalysisModel(t.engine, t.api, () => ({
      json: chatCompletion('no json here'),
    }));
    servers.push(model);
    const before = await balanceOf(t.engine);

    const block = await buildConclusions();
    expect(block).toMatchObject({ disabled_reason: 'model_error', main: null });
    expect(await balanceOf(t.engine)).toBe(before);
  });
});
