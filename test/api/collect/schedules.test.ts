import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { runDueSchedules } from '../../../src-main/engine/collect/scheduler';
import { balanceOf, eventsOf, makeProject } from './factories';

let t: TestEngine;
beforeEach(async () => {
  // Friday 2026-11-20, 10:00 UTC; scheduled runs start at 06:00 UTC.
  t = await createTestEngine({ now: '2026-11-20T10:00:00.000Z' });
  await t.engine.ctx.db
    .insertInto('app_settings')
    .values([
      { key: 'schedule_hour', value: '6' },
      { key: 'time_zone', value: '"UTC"' },
    ])
    .execute();
});
afterEach(() => t.close());

async function schedule(
  projectId: number,
  source: string,
  type: string,
  detail: unknown,
  lastRunAt: string | null,
) {
  await t.engine.ctx.db
    .insertInto('project_schedules')
    .values({ project_id: projectId, source, type, detail: JSON.stringify(detail), last_run_at: lastRunAt })
    .execute();
}

const runsOf = (projectId: number) =>
  t.engine.ctx.db.selectFrom('parse_runs').selectAll().where('project_id', '=', projectId).execute();

describe('the schedule ticker', () => {
  it('queues a run for a project whose update schedule is due, once, like POST parse', async () => {
    const p = await makeProject(t.engine);
    await schedule(p.id, 'update', 'weekdays', '1,3,5', '2026-11-18T06:00:00.000Z'); // last ran Wednesday
    const queued = await runDueSchedules(t.engine.ctx);
    expect(queued).toHaveLength(1);
    expect(await runsOf(p.id)).toEqual([
      expect.objectContaining({ status: 'queued', source: 'schedule', charged: 2 }),
    ]);
    expect(await balanceOf(t.engine)).toBe(10_000 - 2);
    // The next tick finds nothing due until Monday 06:00.
    expect(await runDueSchedules(t.engine.ctx)).toEqual([]);
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect((await runsOf(p.id))[0].status).toBe('completed');
    t.clock.set('2026-11-23T05:59:00.000Z');
    expect(await runDueSchedules(t.engine.ctx)).toEqual([]);
    t.clock.set('2026-11-23T06:00:30.000Z');
    expect(await runDueSchedules(t.engine.ctx)).toHaveLength(1);
  });

  it('runs one catch-up after several missed times, not one per missed time', async () => {
    const p = await makeProject(t.engine);
    await schedule(p.id, 'update', 'once_per_week', 1, '2026-10-26T06:00:00.000Z'); // three Mondays missed
    expect(await runDueSchedules(t.engine.ctx)).toHaveLength(1);
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(await runDueSchedules(t.engine.ctx)).toEqual([]);
    expect(await runsOf(p.id)).toHaveLength(1);
  });

  it('counts from the project creation when the schedule never ran', async () => {
    const p = await makeProject(t.engine); // created now, Friday 10:00
    await schedule(p.id, 'update', 'every_n_days', '1', null);
    expect(await runDueSchedules(t.engine.ctx)).toEqual([]);
    t.clock.set('2026-11-21T06:00:00.000Z');
    expect(await runDueSchedules(t.engine.ctx)).toHaveLength(1);
  });

  it('skips paused projects and paused or with_update schedules', async () => {
    const paused = await makeProject(t.engine);
    await t.engine.ctx.db.updateTable('projects').set({ is_paused: 1 }).where('id', '=', paused.id).execute();
    await schedule(paused.id, 'update', 'every_n_days', '1', '2026-11-01T06:00:00.000Z');
    const manual = await makeProject(t.engine);
    await schedule(manual.id, 'update', 'paused', null, '2026-11-01T06:00:00.000Z');
    expect(await runDueSchedules(t.engine.ctx)).toEqual([]);
    expect(await t.engine.ctx.db.selectFrom('parse_runs').selectAll().execute()).toEqual([]);
  });

  it('records an event instead of a run when limits are too few or a run is going', async () => {
    const p = await makeProject(t.engine);
    await schedule(p.id, 'update', 'every_n_days', '1', '2026-11-01T06:00:00.000Z');
    await t.api.send('PATCH /api/app/account', { body: { limits_balance: 1 } });
    expect(await runDueSchedules(t.engine.ctx)).toEqual([]);
    const events = await eventsOf(t.engine, p.id);
    expect(events).toEqual([
      {
        type: 'notice',
        message: expect.stringMatching(/^The scheduled update did not start: Not enough limits/),
      },
    ]);
    expect(await balanceOf(t.engine)).toBe(1);
  });

  it('records what the recommendations, frequency and url_indexation sources cannot do offline', async () => {
    const p = await makeProject(t.engine);
    await schedule(p.id, 'frequency', 'every_n_days', '7', '2026-11-01T06:00:00.000Z');
    await schedule(p.id, 'url_indexation', 'monthdays', '1,15', '2026-11-01T06:00:00.000Z');
    await runDueSchedules(t.engine.ctx);
    const messages = (await eventsOf(t.engine, p.id)).map((e) => e.message);
    expect(messages).toEqual([expect.stringMatching(/frequency/), expect.stringMatching(/indexation/)]);
    expect(await runsOf(p.id)).toEqual([]);
  });
});
