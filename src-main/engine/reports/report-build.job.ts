import type { EngineContext } from '../context';
import type { ProjectRow, ReportRow } from '../db/schema';
import type { JobContext, JobHandler } from '../jobs/queue';
import type { JobPayload } from '../job-catalogue';
import type { BlockDataOf, BlockSlug, ReportOptions } from '../../../src-shared/api/reports';
import { reportLanguage, blockDefinition, type ReportLanguage } from './blocks/catalogue';
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
  const build = await loadBuild(ctx, reportId);
  const built = await savedBlocks(ctx, reportId);
  const bc = blockContext(ctx, build, built);

  let index = 0;
  for (const slug of buildOrder(build.options)) {
    if (built.has(slug)) {
      index++;
      continue;
    }
    // Stopping: leave at a block boundary; the queue requeues the job and the next run resumes.
    if (job.stopping) return;
    await hooks.beforeBlock?.(slug);
    const data = await BLOCK_BUILDERS[slug].build(bc);
    await saveBlock(ctx, build, slug, data, stamp());
    built.set(slug, data);
    await hooks.afterBlock?.(slug, index++);
  }
  await finishReport(ctx, build, stamp());
}

/** What one build reads once: the report, its project and what its options and periods say. */
interface Build {
  report: ReportRow;
  project: ProjectRow;
  options: ReportOptions;
  periods: ReportPeriods;
  language: ReportLanguage;
}

async function loadBuild(ctx: EngineContext, reportId: number): Promise<Build> {
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
  return {
    report,
    project,
    options: JSON.parse(report.options) as ReportOptions,
    periods: JSON.parse(report.periods) as ReportPeriods,
    language: reportLanguage(project.language),
  };
}

/** The blocks an earlier, interrupted run of this build already saved. */
async function savedBlocks(
  ctx: EngineContext,
  reportId: number,
): Promise<Map<BlockSlug, BlockDataOf<BlockSlug>>> {
  const saved = await ctx.db
    .selectFrom('report_results')
    .select(['block_slug', 'block_data'])
    .where('report_id', '=', reportId)
    .execute();
  return new Map(
    saved.map((r) => [r.block_slug as BlockSlug, JSON.parse(r.block_data) as BlockDataOf<BlockSlug>]),
  );
}

function blockContext(
  ctx: EngineContext,
  { report, project, language, periods }: Build,
  built: Map<BlockSlug, BlockDataOf<BlockSlug>>,
): BlockContext {
  const memo = new Map<string, Promise<unknown>>();
  return {
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
}

/** The checked blocks in report order, but ai_conclusions last: it reads the other blocks. */
function buildOrder(options: ReportOptions): BlockSlug[] {
  const slugs = checkedBlocks(options);
  return [...slugs.filter((s) => s !== 'ai_conclusions'), ...slugs.filter((s) => s === 'ai_conclusions')];
}

/** Saves one built block (replacing a row a crashed run may have left) and touches the report. */
async function saveBlock(
  ctx: EngineContext,
  { report, language }: Build,
  slug: BlockSlug,
  data: BlockDataOf<BlockSlug>,
  now: string,
): Promise<void> {
  await ctx.db
    .insertInto('report_results')
    .values({
      report_id: report.id,
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
  await ctx.db.updateTable('reports').set({ updated_at: now }).where('id', '=', report.id).execute();
}

/**
 * running → done, once (`where status = 'running'`): only the run that moves it records the
 * event, queues the e-mail and, for a PDF report, the print.
 */
async function finishReport(ctx: EngineContext, { report, project, options, periods }: Build, now: string) {
  const finished = await ctx.db
    .updateTable('reports')
    .set({ status: 'done', error: null, updated_at: now })
    .where('id', '=', report.id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(finished.numUpdatedRows) === 0) return;
  await ctx.events.record({
    project_id: project.id,
    user_id: report.user_id,
    type: 'report_done',
    message: `Report #${report.id} is ready (${periods.main.from} to ${periods.main.to}).`,
  });
  await queueReportNotice(ctx, report.id, 'done');
  if (options.file_type === 'pdf') await queuePrint(ctx, report.id);
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
