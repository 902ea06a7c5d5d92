import { existsSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';

/**
 * Files in the database (issue 14): a team's app servers share one database and nothing else, so
 * what one server makes and another serves lives in it — the printed report PDFs
 * (`report_pdfs`) and the site-icon cache (`favicons`). `blob` is SQLite's type; PostgreSQL gets
 * `bytea` (dialect.ts PostgresSchemaPlugin).
 *
 * The PDFs printed before this migration move in from the files `reports.pdf_file` names (absolute
 * paths), so a report keeps its PDF; one whose file is gone goes back to "none" and is printed
 * again on its next download, as it was before. `pdf_file` is no longer written. Icons cached as
 * files are moved in by the favicon service on first use (it knows the data folder).
 *
 * Frozen in time: imports nothing of the engine.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_pdfs')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('pdf', 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_pdfs_pk', ['report_id'])
    .execute();
  await db.schema
    .createTable('favicons')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    // The icon's bytes, or null: the site answered without a usable icon (`miss_reason`).
    .addColumn('icon', 'blob')
    .addColumn('miss_reason', 'text')
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();

  const printed: { id: number; pdf_file: string }[] = await db
    .selectFrom('reports')
    .select(['id', 'pdf_file'])
    .where('pdf_status', '=', 'success')
    .where('pdf_file', 'is not', null)
    .execute();
  for (const report of printed) {
    const pdf = existsSync(report.pdf_file) ? readFileSync(report.pdf_file) : null;
    if (pdf)
      await db
        .insertInto('report_pdfs')
        .values({ report_id: report.id, pdf, created_at: new Date().toISOString() })
        .execute();
    else await db.updateTable('reports').set({ pdf_status: 'none' }).where('id', '=', report.id).execute();
  }
  await db.updateTable('reports').set({ pdf_file: null }).where('pdf_file', 'is not', null).execute();
}
