import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineContext } from '../context';
import type { JobHandler } from '../jobs/queue';
import { createToken, revokeToken } from '../auth/tokens';

export interface ReportPrintPayload {
  report_id: number;
}

/** The print view's address: a route of the web UI that fetches the report with `token`. */
export const printViewUrl = (ctx: EngineContext, projectId: number, reportId: number, token: string) =>
  `${ctx.publicUrl()}/#/print/reports/${projectId}/${reportId}?token=${encodeURIComponent(token)}`;

/**
 * `report.print`: prints the report's print view to `<dataDir>/reports/report-<id>.pdf` through
 * the host's PdfPrinter (Electron's printToPDF on the desktop, headless Chromium in server mode).
 * The print view reads the API with a token made for this print alone and revoked right after.
 * Running twice is harmless: a report whose PDF exists is skipped, and the file is written under
 * a temporary name and renamed, so a crash never leaves a half file behind as the PDF. After the
 * last failed attempt `pdf_status` becomes `failed`; the next /download starts a new print.
 */
export const reportPrintHandler =
  (ctx: EngineContext): JobHandler<ReportPrintPayload> =>
  async (payload, job) => {
    const report = await ctx.db
      .selectFrom('reports')
      .innerJoin('projects', 'projects.id', 'reports.project_id')
      .select(['reports.id', 'reports.project_id', 'reports.user_id', 'reports.status', 'reports.pdf_status'])
      .select(['reports.pdf_file', 'projects.user_id as owner_id'])
      .where('reports.id', '=', payload.report_id)
      .executeTakeFirst();
    if (!report || report.status !== 'done') return;
    if (report.pdf_status === 'success' && report.pdf_file && existsSync(report.pdf_file)) return;
    const printer = ctx.ports.printer;
    if (!printer) {
      await setPdf(ctx, report.id, 'failed', null, 'This host has no PDF printer.');
      return;
    }
    const dir = join(ctx.dataDir, 'reports');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `report-${report.id}.pdf`);
    const partial = `${file}.part`;
    const token = await createToken(ctx, {
      userId: report.user_id ?? report.owner_id,
      name: `print of report #${report.id}`,
    });
    try {
      await printer.printToPdf(printViewUrl(ctx, report.project_id, report.id, token.token), partial);
      renameSync(partial, file);
      await setPdf(ctx, report.id, 'success', file, null);
    } catch (error) {
      rmSync(partial, { force: true });
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempt < 3 && !job.stopping) throw error;
      await setPdf(ctx, report.id, 'failed', null, message);
    } finally {
      await revokeToken(ctx, token.id);
    }
  };

async function setPdf(
  ctx: EngineContext,
  reportId: number,
  status: 'success' | 'failed',
  file: string | null,
  error: string | null,
) {
  await ctx.db
    .updateTable('reports')
    .set({ pdf_status: status, pdf_file: file, pdf_error: error })
    .where('id', '=', reportId)
    .execute();
}
