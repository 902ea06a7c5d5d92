import type { EngineContext } from '../context';
import type { Citation } from '../providers/types';
import type { AnalysisResult } from '../analysis/types';
import { AnswerWriter } from './answer-store';
import { giveWayWhenBusy } from './turn-budget';
import { loadAnalysisSubject } from './analysis-subject';
import { loadRunAnalyzer } from './analyzer';
import { rewriteProjectAggregates } from '../analytics/aggregates';
import { REANALYZE_JOB } from './job-names';

export interface ReanalyzePayload {
  projectId: number;
}

const BATCH = 200;

export async function queueReanalysis(ctx: EngineContext, projectId: number): Promise<number> {
  return ctx.jobs.enqueue(REANALYZE_JOB, { projectId } satisfies ReanalyzePayload);
}

/**
 * Re-analysis: runs the answer analysis again over the stored texts and citations of a
 * project (after its brand, alternative names, domain or aliases changed), replacing the
 * analysis fields in place, without asking any AI system. Then rewrites every completed
 * update's aggregates.
 *
 * Running twice / stopping half-way: each batch of answers is replaced in one transaction with
 * results that depend only on the texts and the project, so running again gives the same rows.
 * A stop between batches returns; the queue runs the job again from the start.
 */
export async function runReanalyzeJob(
  ctx: EngineContext,
  payload: ReanalyzePayload,
  job: { stopping: boolean },
): Promise<void> {
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', payload.projectId)
    .executeTakeFirst();
  if (!project) return;
  const analyze = await loadRunAnalyzer(ctx);
  const subject = await loadAnalysisSubject(ctx, project);
  // One writer for the whole job: the project's competitor names are read once.
  const writer = new AnswerWriter(ctx, project.id);
  let afterId = 0;
  for (;;) {
    if (job.stopping) return;
    const answers = await ctx.db
      .selectFrom('answers')
      .select(['id', 'answer', 'raw'])
      .where('project_id', '=', project.id)
      .where('has_data', '=', 1)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!answers.length) break;
    const replaced: Array<{ answerId: number; analysis: AnalysisResult }> = [];
    for (const a of answers) {
      await giveWayWhenBusy();
      const citations = await storedCitations(ctx, a.id, a.raw);
      replaced.push({
        answerId: a.id,
        analysis: await analyze({ ...subject, text: a.answer ?? '', citations }),
      });
    }
    await writer.replaceAnalysis(replaced);
    afterId = answers[answers.length - 1].id;
  }
  await rewriteProjectAggregates(ctx, project.id);
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
