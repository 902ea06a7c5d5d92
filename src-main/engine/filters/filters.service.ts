import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { loadProject } from '../access/project-access';
import { listGroups } from '../groups/groups.service';
import { FILTER_ENUMS, enumItems } from '../../../src-shared/enums';
import { isoMicro } from '../../../src-shared/time';
import type { ProjectFilters } from '../../../src-shared/api/core';

/**
 * Every filter value of a project in one response (api-spec.md "GET filters"). Update dates
 * are the finish days of completed runs (decisions.md §4), distinct and ascending; the first
 * and last update dates are the finish times of the first and last of them.
 */
export async function getFilters(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
): Promise<ProjectFilters> {
  await loadProject(ctx, user, projectId, 'read');
  const neurals = await ctx.db
    .selectFrom('project_neurals')
    .innerJoin('neurals', 'neurals.id', 'project_neurals.neural_id')
    .select(['neurals.id', 'neurals.system_name', 'neurals.display_name'])
    .where('project_neurals.project_id', '=', projectId)
    .orderBy('project_neurals.position')
    .execute();
  const updates = await ctx.db
    .selectFrom('parse_runs')
    .select(['update_date', 'finished_at'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'completed')
    .where('update_date', 'is not', null)
    .orderBy('finished_at')
    .execute();
  const prompts = await ctx.db
    .selectFrom('prompts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const finished = updates.map((u) => u.finished_at).filter((f): f is string => f !== null);
  return {
    neurals,
    groups: await listGroups(ctx.db, projectId),
    update_dates: [...new Set(updates.map((u) => u.update_date!))].sort(),
    first_update_date: finished.length ? isoMicro(new Date(finished[0])) : null,
    last_update_date: finished.length ? isoMicro(new Date(finished[finished.length - 1])) : null,
    prompts_count: Number(prompts.n),
    enums: {
      mention: enumItems(FILTER_ENUMS.mention),
      tone: enumItems(FILTER_ENUMS.tone),
      visibility: enumItems(FILTER_ENUMS.visibility),
      competitor_type: enumItems(FILTER_ENUMS.competitor_type),
      metrics: enumItems(FILTER_ENUMS.metrics),
      metrics_action: enumItems(FILTER_ENUMS.metrics_action),
    },
  };
}
