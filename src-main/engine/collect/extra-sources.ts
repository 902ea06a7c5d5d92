import type { EngineContext } from '../context';
import type { ParseRunRow } from '../db/schema';
import type { RunOptions } from './parse.service';

export type ExtraSource = 'recommendations' | 'frequency' | 'url_indexation';

/**
 * What the three non-parse schedule sources would need and why a local engine cannot do it
 * (decisions.md §8). Each run that should have done its part records one of these as an event,
 * so the user sees why nothing appeared instead of silence.
 */
export const EXTRA_SOURCE_NOTICES: Record<ExtraSource, string> = {
  recommendations:
    'Recommendations were due, but AnswerScope does not generate recommendations locally (they need a hosted recommendation service); nothing was generated.',
  frequency:
    'The prompt frequency check was due, but search volumes come from a search-engine statistics service that a local engine cannot reach; prompt frequencies were left unchanged.',
  url_indexation:
    'The URL indexation check was due, but checking whether cited pages are indexed needs a search-engine API that a local engine cannot reach; nothing was checked.',
};

export async function noteExtraSource(
  ctx: EngineContext,
  projectId: number,
  userId: number | null,
  source: ExtraSource,
): Promise<void> {
  await ctx.events.record({
    project_id: projectId,
    user_id: userId,
    type: 'notice',
    message: EXTRA_SOURCE_NOTICES[source],
  });
}

/**
 * After a completed update: the sources set to run `with_update`, or forced by POST parse's
 * `with_recommendations` / `with_frequency`, record what they could not do.
 */
export async function noteExtraSources(ctx: EngineContext, run: ParseRunRow): Promise<void> {
  const options = JSON.parse(run.options) as RunOptions;
  const schedules = await ctx.db
    .selectFrom('project_schedules')
    .select(['source', 'type'])
    .where('project_id', '=', run.project_id)
    .execute();
  const withUpdate = (source: string) =>
    schedules.some((s) => s.source === source && s.type === 'with_update');
  const due: ExtraSource[] = [];
  if (options.with_recommendations ?? withUpdate('recommendations')) due.push('recommendations');
  if (options.with_frequency ?? withUpdate('frequency')) due.push('frequency');
  if (withUpdate('url_indexation')) due.push('url_indexation');
  for (const source of due) await noteExtraSource(ctx, run.project_id, run.user_id, source);
}
