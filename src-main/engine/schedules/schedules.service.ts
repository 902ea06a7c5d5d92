import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SCHEDULE_SOURCES, type ScheduleSource } from '../../../src-shared/enums';
import { leastBusyWeekday, scheduleFromRow, weekdaysOf, type Schedule, type ScheduleInput } from './schedule';

/** The four schedules of a project; a source with no row is `paused` (manual only). */
export async function readSchedules(
  db: Kysely<Database>,
  projectId: number,
): Promise<Record<ScheduleSource, Schedule & { source: ScheduleSource }>> {
  const rows = await db
    .selectFrom('project_schedules')
    .select(['source', 'type', 'detail'])
    .where('project_id', '=', projectId)
    .execute();
  return Object.fromEntries(
    SCHEDULE_SOURCES.map((source) => [
      source,
      { source, ...scheduleFromRow(rows.find((r) => r.source === source)) },
    ]),
  ) as Record<ScheduleSource, Schedule & { source: ScheduleSource }>;
}

/**
 * Saves one schedule. A once_per_week schedule with no day gets the weekday with the fewest
 * scheduled projects of this user for the same source (decisions.md §8). `last_run_at` is kept:
 * changing the days must not make an every_n_days schedule forget when it last ran.
 */
export async function saveSchedule(
  db: Kysely<Database>,
  project: { id: number; user_id: number },
  source: ScheduleSource,
  input: ScheduleInput,
): Promise<Schedule> {
  let schedule: Schedule = input as Schedule;
  if (input.type === 'once_per_week' && input.detail === null) {
    schedule = { type: 'once_per_week', detail: await balancedWeekday(db, project, source) };
  }
  const detail = schedule.detail === null ? null : JSON.stringify(schedule.detail);
  await db
    .insertInto('project_schedules')
    .values({ project_id: project.id, source, type: schedule.type, detail, last_run_at: null })
    .onConflict((oc) => oc.columns(['project_id', 'source']).doUpdateSet({ type: schedule.type, detail }))
    .execute();
  return schedule;
}

async function balancedWeekday(
  db: Kysely<Database>,
  project: { id: number; user_id: number },
  source: ScheduleSource,
): Promise<number> {
  const rows = await db
    .selectFrom('project_schedules')
    .innerJoin('projects', 'projects.id', 'project_schedules.project_id')
    .select(['project_schedules.type', 'project_schedules.detail'])
    .where('projects.user_id', '=', project.user_id)
    .where('projects.id', '!=', project.id)
    .where('project_schedules.source', '=', source)
    .execute();
  return leastBusyWeekday(rows.map((r) => weekdaysOf(scheduleFromRow(r))));
}
