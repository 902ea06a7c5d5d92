import type { Updateable } from 'kysely';
import type { EngineContext } from '../context';
import type { ReanalysesTable } from '../db/schema';
import type { Citation } from '../providers/types';
import type { AnalysisResult } from '../answer-reading/types';
import { AnswerWriter } from './answer-store';
import { giveWayWhenBusy } from './turn-budget';
import { loadAnalysisSubject } from './analysis-subject';
import { loadRunAnalyzer } from './analyzer';
import { rewriteProjectAggregates } from '../analytics/aggregates';
import type { JobHandler } from '../jobs/queue';
import type { JobPayload } from '../job-catalogue';

const BATCH = 200;

/** Thrown inside a batch's transaction when a newer re-analysis of the project was asked for. */
class Superseded extends Error {}

/**
 * Re-analysis: runs the answer analysis again over the stored texts and citations of a
 * project (after its names, exclusions or own products changed), replacing the analysis fields
 * (evidence included) in place, without asking any AI system. Then rewrites every completed
 * update's aggregates. Progress goes to its `reanalyses` row, batch by batch, in the batch's own
 * transaction.
 *
 * Running twice / stopping half-way: each batch of answers is replaced in one transaction with
 * results that depend only on the texts and the project, so running again gives the same rows.
 * A stop between batches returns; the queue runs the job again from the start. A job whose row
 * is already done does nothing. When a newer re-analysis of the same project exists, this one
 * stops before its next batch is written (the check is inside that batch's transaction, so an
 * older job never writes after a newer one began) and is marked `superseded`.
 */
export const reanalyzeJob =
  (ctx: EngineContext): JobHandler<JobPayload<'collect.reanalyze'>> =>
  (payload, job) =>
    reanalyze(ctx, payload, job);

async function reanalyze(
  ctx: EngineContext,
  payload: JobPayload<'collect.reanalyze'>,
  job: { stopping: boolean },
): Promise<void> {
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', payload.projectId)
    .executeTakeFirst();
  if (!project) return;
  const id = payload.reanalysisId ?? (await legacyRow(ctx, project.id));
  const row = await ctx.db.selectFrom('reanalyses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status === 'done' || row.status === 'superseded') return;
  const mark = (set: Updateable<ReanalysesTable>) =>
    ctx.db.updateTable('reanalyses').set(set).where('id', '=', id).execute();
  if (await newerExists(ctx, project.id, id)) {
    await mark({ status: 'superseded', finished_at: ctx.clock.now().toISOString() });
    return;
  }
  const { total } = await ctx.db
    .selectFrom('answers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('project_id', '=', project.id)
    .where('has_data', '=', 1)
    .executeTakeFirstOrThrow();
  await mark({
    status: 'running',
    started_at: row.started_at ?? ctx.clock.now().toISOString(),
    answers_total: Number(total),
    answers_done: 0,
    error: null,
  });

  try {
    const analyze = await loadRunAnalyzer(ctx);
    const subject = await loadAnalysisSubject(ctx, project);
    // One writer for the whole job: the project's competitor names are read once.
    const writer = new AnswerWriter(ctx, project.id);
    let afterId = 0;
    let done = 0;
    for (;;) {
      if (job.stopping) return;
      const answers = await nextBatch(ctx, project.id, afterId);
      if (!answers.length) break;
      const replaced = await analyzeBatch(ctx, analyze, subject, answers);
      done += replaced.length;
      await writer.replaceAnalysis(replaced, async (trx) => {
        const newer = await trx
          .selectFrom('reanalyses')
          .select('id')
          .where('project_id', '=', project.id)
          .where('id', '>', id)
          .executeTakeFirst();
        if (newer) throw new Superseded();
        await trx.updateTable('reanalyses').set({ answers_done: done }).where('id', '=', id).execute();
      });
      afterId = answers[answers.length - 1].id;
    }
    await rewriteProjectAggregates(ctx, project.id);
    await mark({ status: 'done', answers_done: done, finished_at: ctx.clock.now().toISOString() });
  } catch (error) {
    if (error instanceof Superseded) {
      await mark({ status: 'superseded', finished_at: ctx.clock.now().toISOString() });
      return;
    }
    // The queue retries (the row goes back to `running` then); the UI sees the failure meanwhile.
    await mark({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** The next answers with data after `afterId`, in id order: one batch. */
function nextBatch(ctx: EngineContext, projectId: number, afterId: number) {
  return ctx.db
    .selectFrom('answers')
    .select(['id', 'answer', 'raw'])
    .where('project_id', '=', projectId)
    .where('has_data', '=', 1)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
}

/** Each answer of a batch read again with today's analysis, giving way to the UI between answers. */
async function analyzeBatch(
  ctx: EngineContext,
  analyze: Awaited<ReturnType<typeof loadRunAnalyzer>>,
  subject: Awaited<ReturnType<typeof loadAnalysisSubject>>,
  answers: Awaited<ReturnType<typeof nextBatch>>,
): Promise<Array<{ answerId: number; analysis: AnalysisResult }>> {
  const replaced: Array<{ answerId: number; analysis: AnalysisResult }> = [];
  for (const a of answers) {
    await giveWayWhenBusy();
    const citations = await storedCitations(ctx, a.id, a.raw);
    replaced.push({
      answerId: a.id,
      analysis: await analyze({ ...subject, text: a.answer ?? '', citations }),
    });
  }
  return replaced;
}

async function newerExists(ctx: EngineContext, projectId: number, id: number): Promise<boolean> {
  const newer = await ctx.db
    .selectFrom('reanalyses')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '>', id)
    .executeTakeFirst();
  return newer !== undefined;
}

/** A job queued before migration 0008 has no row: it gets one, so the UI can follow it too. */
async function legacyRow(ctx: EngineContext, projectId: number): Promise<number> {
  const row = await ctx.db
    .insertInto('reanalyses')
    .values({
      project_id: projectId,
      job_id: null,
      status: 'queued',
      reason: 'manual',
      error: null,
      created_at: ctx.clock.now().toISOString(),
      started_at: null,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The provider's citation list as first stored: `raw.citations` (what the run job keeps), else
 * the stored sources in their order (they begin with the citations, and analysis dedupes the
 * text URLs that follow, so the combined list comes out the same).
 */
async function storedCitations(
  ctx: EngineContext,
  answerId: number,
  raw: string | null,
): Promise<Citation[]> {
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as { citations?: unknown };
      if (Array.isArray(parsed.citations))
        return parsed.citations
          .map((c) => (typeof c === 'string' ? { url: c } : (c as Citation)))
          .filter((c) => c && typeof c.url === 'string');
    } catch {
      /* fall through to the stored sources */
    }
  }
  const urls = await ctx.db
    .selectFrom('answer_urls')
    .select(['url', 'title'])
    .where('answer_id', '=', answerId)
    .orderBy('position')
    .execute();
  return urls.map((u) => ({ url: u.url, ...(u.title && { title: u.title }) }));
}
