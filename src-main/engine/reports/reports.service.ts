import type { EngineContext } from '../context';
import type { ReportRow, ReportResultRow, UserRow } from '../db/schema';
import { loadProject } from '../access/project-access';
import { badRequest, invalidField, notFound } from '../errors';
import type { Query } from '../validation/query';
import { isoMicro } from '../../../src-shared/time';
import {
  REPORT_STATUSES,
  type BlockSlug,
  type DownloadResponse,
  type Paginated,
  type PeriodRange,
  type Report,
  type ReportListItem,
  type ReportOptions,
  type ReportResultItem,
  type ReportStatus,
} from '../../../src-shared/api/reports';
import { blockDefinitions, reportLanguage } from './blocks/catalogue';
import { parseCreateReport } from './report-options';
import { resolveComparisonPeriod, resolveMainPeriod } from './periods';
import { JOB } from '../job-catalogue';
import { queuePrint, stalledPrint } from './report-print.job';
import { hasPrintedPdf, printedPdf } from './report-pdf-store';

export interface ReportPeriods {
  main: PeriodRange;
  comparison: PeriodRange | null;
}

const MAX_PER_PAGE = 100;

/** GET /reports: newest first, Laravel-style `links` and `meta`. */
export async function listReports(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  query: Query,
  path: string,
): Promise<Paginated<ReportListItem>> {
  await loadProject(ctx, user, projectId, 'read');
  const perPage = intParam(query.per_page, 'per_page', 20, 1, MAX_PER_PAGE);
  const page = intParam(query.page, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
  const status = query.status;
  if (status !== undefined && !REPORT_STATUSES.includes(status as ReportStatus)) {
    throw invalidField('status', `The selected status is invalid (${REPORT_STATUSES.join(', ')}).`);
  }
  const base = ctx.db
    .selectFrom('reports')
    .where('project_id', '=', projectId)
    .$if(status !== undefined, (q) => q.where('status', '=', status as ReportStatus));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const lastPage = Math.max(1, Math.ceil(Number(total) / perPage));
  const link = (p: number) => {
    const params = new URLSearchParams({ page: String(p) });
    if (query.per_page !== undefined) params.set('per_page', String(perPage));
    if (status !== undefined) params.set('status', String(status));
    return `${ctx.publicUrl()}${path}?${params}`;
  };
  return {
    data: rows.map(toReportListItem),
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: Number(total) },
  };
}

function intParam(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw invalidField(
      name,
      max === Number.MAX_SAFE_INTEGER
        ? `The ${name} field must be an integer of at least ${min}.`
        : `The ${name} field must be an integer from ${min} to ${max}.`,
    );
  }
  return n;
}

/**
 * POST /reports: validates, resolves the periods against the clock once (so a build resumed
 * after a crash covers the same days), stores the report `queued` and queues its build.
 */
export async function createReport(ctx: EngineContext, user: UserRow, projectId: number, body: unknown) {
  const project = await loadProject(ctx, user, projectId, 'read');
  const language = reportLanguage(project.language);
  const input = parseCreateReport(body, language);
  let options: ReportOptions;
  let restartOf: number | null = null;
  if (input.source_type === 'restart') {
    const earlier = await ctx.db
      .selectFrom('reports')
      .select(['id', 'options'])
      .where('id', '=', input.restart_of)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!earlier)
      throw invalidField('options.restart_of', 'The report to restart was not found in this project.');
    restartOf = earlier.id;
    options = { ...(JSON.parse(earlier.options) as ReportOptions), restart_of: earlier.id };
    // Titles follow the project's language today, like a new report's.
    const defs = blockDefinitions(language);
    options.blocks = options.blocks.map((b) => ({ ...b, title: defs.find((d) => d.slug === b.slug)!.name }));
  } else {
    options = input.options;
  }

  const now = ctx.clock.now();
  const periods = resolvePeriods(options, now);
  const stamp = now.toISOString();
  const row = await ctx.db
    .insertInto('reports')
    .values({
      project_id: projectId,
      user_id: user.id,
      status: 'queued',
      source_type: input.source_type,
      // 24 random bytes: 192 bits, base64url (decisions.md §9 asks for at least 128).
      shared_key: ctx.ids.random(24),
      options: JSON.stringify(options),
      periods: JSON.stringify(periods),
      restart_of: restartOf,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning(['id', 'shared_key'])
    .executeTakeFirstOrThrow();
  await ctx.jobs.enqueue(JOB.reportBuild, { report_id: row.id });
  return {
    id: row.id,
    shared_key: row.shared_key,
    status: 'queued' as const,
    message: 'The report has been queued for generation. Poll its status until it is done.',
  };
}

export function resolvePeriods(options: ReportOptions, now: Date): ReportPeriods {
  const main = resolveMainPeriod(options.period_main, options.period_main_dates, now);
  const comparison =
    options.comparison_enabled && options.period_comparison
      ? resolveComparisonPeriod(options.period_comparison, options.period_compare_dates, main, now)
      : null;
  return { main, comparison };
}

/** A report of a project the user may see; another project's report is 404. */
export async function loadReport(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  reportId: number,
): Promise<ReportRow> {
  await loadProject(ctx, user, projectId, 'read');
  const report = await ctx.db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!report) throw notFound('Report not found.');
  return report;
}

export async function getReport(ctx: EngineContext, user: UserRow, projectId: number, reportId: number) {
  const report = await loadReport(ctx, user, projectId, reportId);
  const out: Report = { ...toReportListItem(report), options: JSON.parse(report.options) };
  if (report.status === 'done') out.result = (await reportResults(ctx, report.id)).map(toResultItem);
  return out;
}

export async function reportResults(ctx: EngineContext, reportId: number): Promise<ReportResultRow[]> {
  return ctx.db
    .selectFrom('report_results')
    .selectAll()
    .where('report_id', '=', reportId)
    .orderBy('block_order')
    .execute();
}

export async function reportStatus(ctx: EngineContext, user: UserRow, projectId: number, reportId: number) {
  const report = await loadReport(ctx, user, projectId, reportId);
  return { id: report.id, status: report.status, updated_at: isoMicro(new Date(report.updated_at)) };
}

/**
 * GET /download (api-spec.md "Report PDF"): 400 before `done`; otherwise the first call starts
 * printing (a durable job) and answers `in_progress` until the file exists.
 *
 * The spec has no failed state for a PDF, so a failed print keeps the spec's shape: the call that
 * finds it answers `in_progress` with the reason in `message` and in the extension field
 * `print_error`, and puts the PDF back to "none", so the next call starts a new print (a client
 * that only polls, as the spec says, thereby retries). A print whose job ended without a result
 * is reported the same way.
 */
export async function downloadReport(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  reportId: number,
): Promise<DownloadResponse> {
  const report = await loadReport(ctx, user, projectId, reportId);
  if (report.status !== 'done') {
    throw badRequest({
      message: `The report is not ready yet (status ${report.status}); download it once it is done.`,
      status: report.status,
    });
  }
  if (report.pdf_status === 'success' && (await hasPrintedPdf(ctx.db, report.id))) {
    return {
      id: report.id,
      status: 'success',
      file: reportFileUrl(ctx, report),
      message: 'The PDF is ready.',
    };
  }
  const stalled = await stalledPrint(ctx, report);
  const failure = report.pdf_status === 'failed' ? (report.pdf_error ?? 'unknown error') : stalled;
  if (failure !== null) {
    // Reported once: the PDF goes back to "none" (the reason stays in pdf_error for the record).
    await ctx.db
      .updateTable('reports')
      .set({ pdf_status: 'none', pdf_error: failure, pdf_job_id: null })
      .where('id', '=', report.id)
      .where('pdf_status', '=', report.pdf_status)
      .execute();
    return {
      id: report.id,
      status: 'in_progress',
      file: null,
      message: `The PDF could not be made: ${failure.replace(/[.\s]*$/, '.')} Request the download again to try once more.`,
      print_error: failure,
    };
  }
  if (report.pdf_status !== 'in_progress') await queuePrint(ctx, report.id);
  return {
    id: report.id,
    status: 'in_progress',
    file: null,
    message: 'The PDF is being generated. Repeat the request in 15 to 30 seconds.',
  };
}

export const reportFileUrl = (ctx: EngineContext, report: Pick<ReportRow, 'id' | 'project_id'>) =>
  `${ctx.publicUrl()}/api/projects/${report.project_id}/reports/${report.id}/file`;

/** The PDF bytes, to the same token that may read the report. */
export async function reportFile(ctx: EngineContext, user: UserRow, projectId: number, reportId: number) {
  const report = await loadReport(ctx, user, projectId, reportId);
  const bytes = report.pdf_status === 'success' ? await printedPdf(ctx.db, report.id) : null;
  if (!bytes) throw notFound('The PDF of this report does not exist yet: request /download first.');
  return { bytes, name: `report-${report.project_id}-${report.id}.pdf` };
}

export async function listBlocks(ctx: EngineContext, user: UserRow, projectId: number) {
  const project = await loadProject(ctx, user, projectId, 'read');
  return blockDefinitions(reportLanguage(project.language));
}

export function checkedBlocks(options: ReportOptions): BlockSlug[] {
  return options.blocks
    .filter((b) => b.checked)
    .sort((a, b) => a.block_order - b.block_order)
    .map((b) => b.slug);
}

export const toReportListItem = (r: ReportRow): ReportListItem => ({
  id: r.id,
  project_id: r.project_id,
  user_id: r.user_id,
  status: r.status,
  source_type: r.source_type,
  shared_key: r.shared_key,
  created_at: isoMicro(new Date(r.created_at)),
  updated_at: isoMicro(new Date(r.updated_at)),
});

export const toResultItem = (r: ReportResultRow): ReportResultItem => ({
  id: r.id,
  project_report_id: r.report_id,
  block_slug: r.block_slug as BlockSlug,
  block_data: JSON.parse(r.block_data),
  created_at: isoMicro(new Date(r.created_at)),
  updated_at: isoMicro(new Date(r.updated_at)),
});
