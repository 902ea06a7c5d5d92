import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedUpdate } from '../../helpers/seed-analytics';
import { seedFixture } from './fixture';

/**
 * Migration 0015: each update's competitor mentions summed over its networks, stored with the
 * run's other aggregates. They must equal a count of the answers' competitor links after every
 * write that changes those links (a new run, a merge, hiding with the re-analysis it queues), and
 * the charts read from them must be those summed from agg_update_competitor.
 */

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const LIST = 'GET /api/projects/{project}/competitors';
const SUMMARY = 'GET /api/projects/{project}/summary';

/** Per update, competitor id → answers naming it, counted from the answers (runs with answers only). */
async function countedFromAnswers(projectId: number) {
  const db = t.engine.ctx.db;
  const runs = await db
    .selectFrom('answers')
    .select('run_id')
    .distinct()
    .where('project_id', '=', projectId)
    .execute();
  const out = new Map<number, Record<string, number>>(runs.map((r) => [r.run_id, {}]));
  const rows = await db
    .selectFrom('answers')
    .innerJoin('answer_competitors as ac', 'ac.answer_id', 'answers.id')
    .select((eb) => ['answers.run_id', 'ac.competitor_id', eb.fn.countAll<number>().as('n')])
    .where('answers.project_id', '=', projectId)
    .groupBy(['answers.run_id', 'ac.competitor_id'])
    .execute();
  for (const r of rows) out.get(r.run_id)![String(r.competitor_id)] = Number(r.n);
  return out;
}

async function stored(projectId: number) {
  const rows = await t.engine.ctx.db
    .selectFrom('agg_update_competitor_totals')
    .select(['run_id', 'counts'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(rows.map((r) => [r.run_id, JSON.parse(r.counts) as Record<string, number>]));
}

/** The stored sums are the answers' counts, and the bodies are those of the summing read. */
async function expectConsistent(projectId: number) {
  expect(await stored(projectId)).toEqual(await countedFromAnswers(projectId));
  const competitors = await t.api.send(LIST, { params: { project: projectId } });
  const summary = await t.api.send(SUMMARY, { params: { project: projectId } });
  expect(competitors.status).toBe(200);
  // Without the stored rows the same figures are summed from agg_update_competitor.
  const db = t.engine.ctx.db;
  const kept = await db.selectFrom('agg_update_competitor_totals').selectAll().execute();
  await db.deleteFrom('agg_update_competitor_totals').execute();
  try {
    expect((await t.api.send(LIST, { params: { project: projectId } })).body).toEqual(competitors.body);
    expect((await t.api.send(SUMMARY, { params: { project: projectId } })).body).toEqual(summary.body);
  } finally {
    if (kept.length) await db.insertInto('agg_update_competitor_totals').values(kept).execute();
  }
}

describe('stored competitor sums per update', () => {
  it('match the answers after a new run, a merge, and hiding with its re-analysis', async () => {
    const f = await seedFixture(t.engine.ctx);
    const projectId = f.project.id;
    await expectConsistent(projectId);

    await seedUpdate(t.engine.ctx, f.project, '2026-11-15', [
      ans(f.p1, f.gpt, { brandAt: 1, competitors: ['Globex', 'Initech'] }),
      ans(f.p2, f.ppx, { competitors: ['Umbrella'] }),
      ans(f.p3, f.gpt, {}),
    ]);
    await expectConsistent(projectId);

    const idOf = async (name: string) =>
      (
        await t.engine.ctx.db
          .selectFrom('competitors')
          .select('id')
          .where('project_id', '=', projectId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    const globex = await idOf('Globex');
    const merged = await t.api.send('POST /api/projects/{project}/competitors/{competitor}/merge', {
      params: { project: projectId, competitor: globex },
      body: { competitor_ids: [await idOf('Initech')] },
    });
    expect(merged.status).toBe(200);
    await t.engine.jobs.drain({ ignoreDelays: true });
    await expectConsistent(projectId);

    const hidden = await t.api.send('PATCH /api/projects/{project}/competitors/{competitor}', {
      params: { project: projectId, competitor: globex },
      body: { type: 'hidden' },
    });
    expect(hidden.status).toBe(200);
    await t.engine.jobs.drain({ ignoreDelays: true });
    await expectConsistent(projectId);
    // The hidden competitor is in no chart (its stored sums are read and left out).
    const body = (await t.api.send(LIST, { params: { project: projectId } })).body;
    expect(body.data.chartData.mentions.map((s) => s.id)).not.toContain(globex);
  });

  it('are not read when a network that answered is left out of the selection', async () => {
    const f = await seedFixture(t.engine.ctx);
    // Only chatgpt: its own counts, not the stored sums over both networks.
    const res = await t.api.send(LIST, { params: { project: f.project.id }, query: { neurals: [f.gpt] } });
    const globex = res.body.data.chartData.mentions.find((s) => s.label === 'Globex')!;
    // Globex in chatgpt answers: p1, p2 on 01.11; p1 on 08.11.
    expect(globex.data.map((p) => p.y)).toEqual([2, 1]);
  });
});
