import type { EngineContext } from '../context';
import type { ProjectRow, UserRow } from '../db/schema';
import { bool } from '../db/connection';
import { isoMicro, sqlDateTime } from '../../../src-shared/time';
import { loadProject } from '../access/project-access';

/** Projects the user owns or that are shared with them, oldest first. */
export async function listProjects(ctx: EngineContext, user: UserRow): Promise<ProjectRow[]> {
  return ctx.db
    .selectFrom('projects')
    .selectAll('projects')
    .where((eb) =>
      eb.or([
        eb('projects.user_id', '=', user.id),
        eb(
          'projects.id',
          'in',
          eb.selectFrom('project_shares').select('project_id').where('user_id', '=', user.id),
        ),
      ]),
    )
    .orderBy('projects.id')
    .execute();
}

export async function getProjectWithParse(ctx: EngineContext, user: UserRow, projectId: number) {
  const project = await loadProject(ctx, user, projectId);
  return { ...toProject(project), parse: await parseStatus(ctx, projectId) };
}

export interface ParseStatus {
  status: 'idle' | 'queued' | 'in_progress' | 'completed';
  in_progress: boolean;
  progress: number;
  phase: string | null;
  started_at: string | null;
  last_completed_at: string | null;
}

/**
 * The `parse` object (api-spec.md "Parse status"): the run going now, if any, and the end of
 * the last completed one. A failed run leaves the state it started from (decisions.md §4).
 */
export async function parseStatus(ctx: EngineContext, projectId: number): Promise<ParseStatus> {
  const active = await ctx.db
    .selectFrom('parse_runs')
    .select(['status', 'progress', 'phase', 'started_at', 'created_at'])
    .where('project_id', '=', projectId)
    .where('status', 'in', ['queued', 'in_progress'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const last = await ctx.db
    .selectFrom('parse_runs')
    .select('finished_at')
    .where('project_id', '=', projectId)
    .where('status', '=', 'completed')
    // Not null: PostgreSQL sorts NULLs first in a descending order, SQLite last.
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .executeTakeFirst();
  const lastCompleted = last?.finished_at ? sqlDateTime(new Date(last.finished_at)) : null;
  if (active) {
    return {
      status: active.status as 'queued' | 'in_progress',
      in_progress: true,
      progress: active.progress,
      phase: active.phase,
      started_at: sqlDateTime(new Date(active.started_at ?? active.created_at)),
      last_completed_at: lastCompleted,
    };
  }
  return {
    status: lastCompleted ? 'completed' : 'idle',
    in_progress: false,
    progress: lastCompleted ? 100 : 0,
    phase: null,
    started_at: null,
    last_completed_at: lastCompleted,
  };
}

export const toProject = (p: ProjectRow) => ({
  id: p.id,
  user_id: p.user_id,
  name: p.name,
  brand: p.brand,
  domain: p.domain,
  activities: p.activities,
  is_paused: bool(p.is_paused),
  created_at: isoMicro(new Date(p.created_at)),
});
