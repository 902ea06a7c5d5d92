import type { EngineContext } from '../context';
import type { JobContext, JobHandler } from '../jobs/queue';
import type { JobPayload } from '../job-catalogue';
import type { BlockDataOf, BlockSlug, ReportOptions } from '../../../src-shared/api/reports';
import { reportLanguage, blockDefinition } from './blocks/catalogue';
import { BLOCK_BUILDERS } from './blocks/index';
import type { BlockContext } from './blocks/types';
import { checkedBlocks, type ReportPeriods } from './reports.service';
import { queuePrint } from './report-print.job';
import { queueReportNotice } from './report-notices';

/** After this many claims (a crash each time) the report is failed instead of tried again. */
export const MAX_BUILD_ATTEMPTS = 3;

export interface ReportBuildHooks {
  /** Called before each block is built (tests use it to make a build fail). */
  beforeBlock?: (slug: BlockSlug) => Promise<void> | void;
  /** Called after each block is saved (tests use it to stop a build half-way). */
  afterBlock?: (slug: BlockSlug, index: number) => Promise<void> | void;
}

/**
 * `report.build`: queued → running → done (or failed). Each block's result is saved as soon as
 * it is built, so a build stopped half-way (crash, quit) resumes with the first block that has
 * no row: running twice rebuilds nothing and charges nothing twice (ai_conclusions keeps its
 * charge on the report row). The move to `done` happens once (`where status = 'running'`), so
 * the event, the e-mail and the automatic PDF follow exactly once. A build that throws, or that
 * crashed the engine MAX_BUILD_ATTEMPTS times, fails the report with `report_failed`: a report
 * never stays `running`.
 */
export function reportBuildJob(
  ctx: EngineContext,
  hooks: ReportBuildHooks = {},
): JobHandler<JobPayload<'report.build'>> {
  return async (payload, job) => {
    const report = await ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', payload.report_id)
      .executeTakeFirst();
    if (!report || report.status === 'done' || report.status === 'failed') return;
    if (job.attempt > MAX_BUILD_ATTEMPTS) {
      await failReport(ctx, report.id, 'The report build was interrupted too many times.');
      return;
    }
    try {
      await buildReport(ctx, report.id, job, hooks);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempt >= MAX_BUILD_ATTEMPTS) await failReport(ctx, report.id, message);
      else throw error;
    }
  };
}

async function buildReport(ctx: EngineContext, reportId: number, job: JobContext, hooks: ReportBuildHooks) {
  const stamp = () => ctx.clock.now().toISOString();
  await ctx.db
    .updateTable('reports')
    .set({ status: 'running', updated_at: stamp() })
    .where('id', '=', reportId)
    .where('status', '=', 'queued')
    .execute();
  const report = await ctx.db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .executeTakeFirstOrThrow();
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', report.project_id)
    .executeTakeFirstOrThrow();
  const options = JSON.parse(report.options) as ReportOptions;
  const periods = JSON.parse(report.periods) as ReportPeriods;
  const language = reportLanguage(project.language);

  const saved = await ctx.db
    .selectFrom('report_results')
    .select(['block_slug', 'block_data'])
    .where('report_id', '=', reportId)
    .execute();
  const built = new Map<BlockSlug, BlockDataOf<BlockSlug>>(
    saved.map((r) => [r.block_slug as BlockSlug, JSON.parse(r.block_data) as BlockDataOf<BlockSlug>]),
  );
  const memo = new Map<string, Promise<unknown>>();
  const bc: BlockContext = {
    ctx,
    report,
    project,
    language,
    period: periods.main,
    comparisonPeriod: periods.comparison,
    built,
    once: <T>(key: string, load: () => Promise<T>) => {
      if (!memo.has(key)) memo.set(key, load());
      return memo.get(key) as Promise<T>;
    },
  };

  // ai_conclusions reads the other blocks, so it is built last whatever its place in the report.
  const slugs = checkedBlocks(options);
  const order = [
    ...slugs.filter((s) => s !== 'ai_conclusions'),
    ...slugs.filter((s) => s === 'ai_conclusions'),
  ];
  let index = 0;
  for (const slug of order) {
    if (built.has(slug)) {
      index++;
      continue;
    }
    // Stopping: leave at a block boundary; the queue requeues the job and the next run resumes.
    if (job.stopping) return;
    await hooks.beforeBlock?.(slug);
    const data = await BLOCK_BUILDERS[slug].build(bc);
    const now = stamp();
    await ctx.db
      .insertInto('report_results')
      .values({
        report_id: reportId,
        block_slug: slug,
        block_order: blockDefinition(slug, language).block_order,
        block_data: JSON.stringify(data),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['report_id', 'block_slug'])
          .doUpdateSet({ block_data: JSON.stringify(data), updated_at: now }),
      )
      .execute();
    built.set(slug, data);
    await ctx.db.updateTable('reports').set({ updated_at: now }).where('id', '=', reportId).execute();
    await hooks.afterBlock?.(slug, index++);
  }

  const finished = await ctx.db
    .updateTable('reports')
    .set({ status: 'done', error: null, updated_at: stamp() })
    .where('id', '=', reportId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(finished.numUpdatedRows) === 0) return;
  await ctx.events.record({
    project_id: project.id,
    user_id: report.user_id,
    type: 'report_done',
    message: `Report #${reportId} is ready (${periods.main.from} to ${periods.main.to}).`,
  });
  await queueReportNotice(ctx, reportId, 'done');
  if (options.file_type === 'pdf') await queuePrint(ctx, reportId);
}

/** Fails a report once, with its event and the failure e-mail. */
export async function failReport(ctx: EngineContext, reportId: number, error: string): Promise<void> {
  const result = await ctx.db
    .updateTable('reports')
    .set({ status: 'failed', error, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', reportId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  const report = await ctx.db
    .selectFrom('reports')
    .select(['project_id', 'user_id'])
    .where('id', '=', reportId)
    .executeTakeFirstOrThrow();
  await ctx.events.record({
    project_id: report.project_id,
    user_id: report.user_id,
    type: 'report_failed',
    message: `Report #${reportId} failed: ${error}`,
  });
  await queueReportNotice(ctx, reportId, 'failed');
}
