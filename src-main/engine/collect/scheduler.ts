import type { EngineContext } from '../context';
import { exclusively } from '../db/dialect';
import type { ProjectRow } from '../db/schema';
import { nextRunAfter } from '../schedules/next-run';
import { scheduleFromRow } from '../schedules/schedule';
import { queueParse, ParseRefused, resumeOrphanRuns } from './parse.service';
import { noteExtraSource, type ExtraSource } from './extra-sources';
import { getAppSettings } from '../app-settings/app-settings.service';

const TICK_MS = 60_000;
const DEFAULT_HOUR = 6;

/**
 * The schedule ticker (decisions.md §8), run by both hosts: every minute, each project that is
 * not paused and whose schedule is due gets what POST parse would do (the `update` source), or
 * an event explaining what cannot be done locally (the other sources).
 *
 * "Due" is the first scheduled time after the schedule's last run (or the project's creation)
 * that is not in the future. Whatever happens, `last_run_at` moves to now, so a computer that
 * slept through several scheduled times runs once (one catch-up), not once per missed time.
 */
export function startScheduler(ctx: EngineContext): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      // Several app servers on one PostgreSQL database tick in turn: a due schedule fires once.
      await exclusively(ctx.db, 'answerscope:schedules', () => runDueSchedules(ctx));
    } catch (error) {
      console.error('[scheduler] tick failed', error);
    } finally {
      busy = false;
    }
  };
  void exclusively(ctx.db, 'answerscope:orphan-runs', () => resumeOrphanRuns(ctx))
    .catch((error) => console.error('[scheduler] resuming runs failed', error))
    .then(tick);
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** One pass of the ticker; returns the ids of the runs it queued. */
export async function runDueSchedules(ctx: EngineContext): Promise<number[]> {
  const now = ctx.clock.now();
  const { hour, timeZone } = await scheduleClock(ctx);
  const rows = await ctx.db
    .selectFrom('project_schedules')
    .innerJoin('projects', 'projects.id', 'project_schedules.project_id')
    .selectAll('projects')
    .select([
      'project_schedules.source as schedule_source',
      'project_schedules.type as schedule_type',
      'project_schedules.detail as schedule_detail',
      'project_schedules.last_run_at as schedule_last_run_at',
    ])
    .where('projects.is_paused', '=', 0)
    .where('project_schedules.type', 'not in', ['paused', 'with_update'])
    .orderBy('projects.id')
    .execute();
  const queued: number[] = [];
  for (const row of rows) {
    const schedule = scheduleFromRow({ type: row.schedule_type, detail: row.schedule_detail });
    const since = new Date(row.schedule_last_run_at ?? row.created_at);
    const due = nextRunAfter(schedule, since, hour, timeZone);
    if (!due || due.getTime() > now.getTime()) continue;
    await ctx.db
      .updateTable('project_schedules')
      .set({ last_run_at: now.toISOString() })
      .where('project_id', '=', row.id)
      .where('source', '=', row.schedule_source)
      .execute();
    if (row.schedule_source === 'update') {
      const runId = await queueScheduledRun(ctx, row);
      if (runId) queued.push(runId);
    } else {
      await noteExtraSource(ctx, row.id, row.user_id, row.schedule_source as ExtraSource);
    }
  }
  return queued;
}

async function queueScheduledRun(ctx: EngineContext, project: ProjectRow): Promise<number | null> {
  try {
    return await queueParse(ctx, project, {}, 'schedule');
  } catch (error) {
    if (!(error instanceof ParseRefused)) throw error;
    await ctx.events.record({
      project_id: project.id,
      user_id: project.user_id,
      type: 'notice',
      message: `The scheduled update did not start: ${error.message}`,
    });
    return null;
  }
}

/** The hour and time zone scheduled runs start at (app settings `schedule_hour`, `time_zone`). */
export async function scheduleClock(ctx: EngineContext): Promise<{ hour: number; timeZone: string }> {
  const settings = await getAppSettings(ctx);
  const hour = settings.schedule_hour;
  return {
    hour: Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : DEFAULT_HOUR,
    timeZone: settings.time_zone,
  };
}
