import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A report's printed PDF lives in the database (`report_pdfs`, migration 0013), not in a server's
 * data folder: on a team server any app server serves the PDF another one printed.
 */

/** Stores the PDF of a report and marks it `success`, together (a reader never sees one without the other). */
export async function savePrintedPdf(db: Kysely<Database>, reportId: number, pdf: Buffer): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('report_pdfs')
      .values({ report_id: reportId, pdf, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('report_id').doUpdateSet({ pdf, created_at: new Date().toISOString() }))
      .execute();
    await trx
      .updateTable('reports')
      .set({ pdf_status: 'success', pdf_file: null, pdf_error: null, pdf_job_id: null })
      .where('id', '=', reportId)
      .execute();
  });
}

/** Whether the report has a stored PDF (without reading its bytes). */
export async function hasPrintedPdf(db: Kysely<Database>, reportId: number): Promise<boolean> {
  const row = await db
    .selectFrom('report_pdfs')
    .select('report_id')
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The report's PDF, or null when none is stored. */
export async function printedPdf(db: Kysely<Database>, reportId: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('report_pdfs')
    .select('pdf')
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  return row ? Buffer.from(row.pdf) : null;
}
