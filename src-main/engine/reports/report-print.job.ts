import { readFileSync, rmSync } from 'node:fs';
import { ensurePrivateDir } from '../private-files';
import { join } from 'node:path';
import type { EngineContext } from '../context';
import type { JobHandler } from '../jobs/queue';
import { createToken, revokeToken } from '../auth/tokens';
import { PrintError, type PdfPrinter } from '../ports';
import { JOB, type JobPayload } from '../job-catalogue';
import { hasPrintedPdf, savePrintedPdf } from './report-pdf-store';

/** One print may take this long unless the printer says otherwise (`PdfPrinter.timeoutMs`). */
export const DEFAULT_PRINT_TIMEOUT_MS = 120_000;
/** A print job runs at most this often: once, and once more after an unexpected error. */
export const PRINT_ATTEMPTS = 2;

/** The print view's address: a route of the web UI that fetches the report with `token`. */
export const printViewUrl = (ctx: EngineContext, projectId: number, reportId: number, token: string) =>
  `${ctx.publicUrl()}/#/print/reports/${projectId}/${reportId}?token=${encodeURIComponent(token)}`;

/**
 * Where a report's PDF is put as a file: the stdio MCP server writes it there from the database
 * to name it to its user; the print job prints beside it (`.part`) before storing it.
 */
export const reportPdfFile = (dataDir: string, reportId: number) =>
  join(dataDir, 'reports', `report-${reportId}.pdf`);

/**
 * `report.print`: prints the report's print view through the host's PdfPrinter (Electron's
 * printToPDF on the desktop, headless Chromium in server mode) to a temporary file, and stores the
 * PDF in the database (`report_pdfs`), where every app server of a team server finds it.
 * The print view reads the API with a token made for this print alone and revoked right after.
 *
 * Every run ends with `pdf_status` `success` or `failed` (with the reason in `pdf_error`), within
 * PRINT_ATTEMPTS × the printer's deadline: a PrintError (no browser, the print view's own error,
 * the deadline) fails at once; anything else is tried once more. Running twice is harmless: a
 * report whose PDF is stored is skipped, and the PDF and its `success` are stored in one
 * transaction, so a crash never leaves half a PDF behind. A job a crash left running is queued
 * again when the engine starts (jobs/queue.ts `recover`, then `resumeStalledPrints`).
 */
export const reportPrintJob =
  (ctx: EngineContext): JobHandler<JobPayload<'report.print'>> =>
  async (payload, job) => {
    const report = await ctx.db
      .selectFrom('reports')
      .innerJoin('projects', 'projects.id', 'reports.project_id')
      .select(['reports.id', 'reports.project_id', 'reports.user_id', 'reports.status', 'reports.pdf_status'])
      .select('projects.user_id as owner_id')
      .where('reports.id', '=', payload.report_id)
      .executeTakeFirst();
    if (!report || report.status !== 'done') return;
    if (report.pdf_status === 'success' && (await hasPrintedPdf(ctx.db, report.id))) return;
    const printer = ctx.ports.printer;
    if (!printer) {
      await setPdf(ctx, report.id, 'failed', 'This host has no PDF printer.');
      return;
    }
    // Unique per attempt: two servers never share a file, nor does a retry reuse a stale one.
    const partial = `${reportPdfFile(ctx.dataDir, report.id)}.${process.pid}-${job.attempt}.part`;
    let tokenId: number | null = null;
    try {
      ensurePrivateDir(join(ctx.dataDir, 'reports'));
      // Lives as long as the print may take; a crash mid-print leaves it to the next start.
      const token = await createToken(ctx, {
        userId: report.user_id ?? report.owner_id,
        name: `print of report #${report.id}`,
        kind: 'print',
        expiresAt: new Date(ctx.clock.now().getTime() + (printer.timeoutMs ?? 120_000) + 60_000),
      });
      tokenId = token.id;
      await printWithDeadline(printer, printViewUrl(ctx, report.project_id, report.id, token.token), partial);
      await savePrintedPdf(ctx.db, report.id, readFileSync(partial));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Stopping: the job is queued again and resumes on the next start, so nothing is decided.
      if (job.stopping) return;
      if (!(error instanceof PrintError) && job.attempt < PRINT_ATTEMPTS) throw error;
      await setPdf(ctx, report.id, 'failed', message);
    } finally {
      rmSync(partial, { force: true });
      if (tokenId !== null) await revokeToken(ctx, tokenId).catch(() => undefined);
    }
  };

/** Runs one print, aborting it (the printer closes its browser) when its deadline passes. */
async function printWithDeadline(printer: PdfPrinter, url: string, outFile: string): Promise<void> {
  const ms = printer.timeoutMs ?? DEFAULT_PRINT_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new PrintError(`The print did not finish within ${ms / 1000} s.`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    await Promise.race([printer.printToPdf(url, outFile, { signal: controller.signal }), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function setPdf(ctx: EngineContext, reportId: number, status: 'failed', error: string) {
  await ctx.db
    .updateTable('reports')
    .set({ pdf_status: status, pdf_error: error, pdf_job_id: null })
    .where('id', '=', reportId)
    .execute();
}

/** Marks the PDF `in_progress` and queues its print, once (a second caller finds it set). */
export async function queuePrint(ctx: EngineContext, reportId: number): Promise<void> {
  const result = await ctx.db
    .updateTable('reports')
    .set({ pdf_status: 'in_progress', pdf_error: null })
    .where('id', '=', reportId)
    .where('pdf_status', '!=', 'in_progress')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await startPrintJob(ctx, reportId);
}

async function startPrintJob(ctx: EngineContext, reportId: number): Promise<void> {
  const jobId = await ctx.jobs.enqueue(
    JOB.reportPrint,
    { report_id: reportId },
    { maxAttempts: PRINT_ATTEMPTS },
  );
  await ctx.db.updateTable('reports').set({ pdf_job_id: jobId }).where('id', '=', reportId).execute();
}

/**
 * Why a print `in_progress` has no job that will finish it, or null while its job is queued or
 * running. A job ends `failed` when the queue gives up on it (an error outside the handler's
 * try, e.g. the database); rows from before migration 0007 have no job id at all.
 */
export async function stalledPrint(
  ctx: EngineContext,
  report: { pdf_status: string; pdf_job_id: number | null },
): Promise<string | null> {
  if (report.pdf_status !== 'in_progress') return null;
  const job = report.pdf_job_id
    ? await ctx.db
        .selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('id', '=', report.pdf_job_id)
        .executeTakeFirst()
    : undefined;
  if (job && (job.status === 'queued' || job.status === 'running')) return null;
  return job?.last_error || 'The print stopped without a result.';
}

/**
 * At start (after the queue put back the jobs a crash left running): a print `in_progress`
 * with no live job is queued again, so no report waits for a print that will never come.
 */
export async function resumeStalledPrints(ctx: EngineContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('reports')
    .select(['id', 'pdf_status', 'pdf_job_id'])
    .where('pdf_status', '=', 'in_progress')
    .execute();
  let resumed = 0;
  for (const row of rows) {
    if ((await stalledPrint(ctx, row)) === null) continue;
    await startPrintJob(ctx, row.id);
    resumed++;
  }
  return resumed;
}
