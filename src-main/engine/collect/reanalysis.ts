import type { EngineContext } from '../context';
import type { ReanalysisRow } from '../db/schema';
import { JOB, type JobPayload } from '../job-catalogue';

/**
 * Requested re-analyses of a project (table `reanalyses`, migration 0008) and what the UI sees
 * of them. The job itself is reanalyze.job.ts.
 */

/** Why a re-analysis was asked for (shown to nobody but kept for diagnostics and tests). */
export type ReanalysisReason =
  | 'manual'
  | 'competitor_hidden'
  | 'competitor_restored'
  | 'competitors_changed'
  | 'own_products'
  | 'exclusions_changed_during_run';

/** The public shape (GET/POST …/reanalyze, and beside competitor edits that queued one). */
export interface ReanalysisView {
  id: number;
  job_id: number | null;
  status: 'queued' | 'running' | 'done' | 'failed' | 'superseded';
  reason: string;
  /** 0–100; 99 at most until every answer and the aggregates are rewritten. */
  progress: number;
  answers_total: number;
  answers_done: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export function reanalysisView(row: ReanalysisRow): ReanalysisView {
  const progress =
    row.status === 'done'
      ? 100
      : row.status === 'queued' || row.answers_total === 0
        ? 0
        : Math.min(99, Math.floor((100 * row.answers_done) / row.answers_total));
  return {
    id: row.id,
    job_id: row.job_id,
    status: row.status,
    reason: row.reason,
    progress,
    answers_total: row.answers_total,
    answers_done: Math.min(row.answers_done, row.answers_total),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

function latestRow(ctx: EngineContext, projectId: number) {
  return ctx.db
    .selectFrom('reanalyses')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The project's latest re-analysis (the one the UI follows), or null when none was asked for. */
export async function latestReanalysis(
  ctx: EngineContext,
  projectId: number,
): Promise<ReanalysisView | null> {
  const row = await latestRow(ctx, projectId);
  return row ? reanalysisView(row) : null;
}

/**
 * Asks for a re-analysis of every stored answer of a project. One still waiting in the queue
 * covers the new request too (its job reads the project when it starts), so a burst of edits
 * gives one job; a running one is superseded by the new one, which starts from the first answer
 * with the current names (the older stops at its next batch, see reanalyze.job.ts).
 */
export async function queueReanalysis(
  ctx: EngineContext,
  projectId: number,
  reason: ReanalysisReason = 'manual',
): Promise<ReanalysisView> {
  const waiting = await latestRow(ctx, projectId);
  if (waiting?.status === 'queued' && waiting.job_id !== null) {
    const job = await ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', waiting.job_id)
      .executeTakeFirst();
    if (job?.status === 'queued') return reanalysisView(waiting);
  }
  const row = await ctx.db
    .insertInto('reanalyses')
    .values({
      project_id: projectId,
      job_id: null,
      status: 'queued',
      reason,
      error: null,
      created_at: ctx.clock.now().toISOString(),
      started_at: null,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const jobId = await ctx.jobs.enqueue(JOB.reanalyze, {
    projectId,
    reanalysisId: row.id,
  } satisfies JobPayload<'collect.reanalyze'>);
  await ctx.db.updateTable('reanalyses').set({ job_id: jobId }).where('id', '=', row.id).execute();
  return reanalysisView({ ...row, job_id: jobId });
}
