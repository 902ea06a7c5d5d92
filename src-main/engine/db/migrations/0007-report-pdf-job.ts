import type { Kysely } from 'kysely';

/**
 * `reports.pdf_job_id`: the print job of a PDF `in_progress`, so a print whose job ended without
 * a result (or a row left `in_progress` by an older version) is found and reported or restarted
 * instead of answering `in_progress` forever. Frozen in time: imports nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').addColumn('pdf_job_id', 'integer').execute();
}
