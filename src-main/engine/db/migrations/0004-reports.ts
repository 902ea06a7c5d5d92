import type { Kysely } from 'kysely';

/**
 * Reports (api-spec.md "Reports"). A report's blocks are saved one row each as they are built,
 * so a build stopped half-way resumes from the first block without a row. The PDF state
 * (`pdf_status`: none | in_progress | success | failed) lives beside the report status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull()) // queued | running | done | failed
    .addColumn('source_type', 'text', (c) => c.notNull()) // manual | automatic | restart
    .addColumn('shared_key', 'text', (c) => c.notNull().unique())
    .addColumn('options', 'text', (c) => c.notNull()) // JSON, as the API shows it
    .addColumn('periods', 'text', (c) => c.notNull()) // JSON {main, comparison}: resolved once, at creation
    .addColumn('restart_of', 'integer')
    .addColumn('error', 'text')
    .addColumn('limits_charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pdf_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('pdf_file', 'text')
    .addColumn('pdf_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reports_project')
    .on('reports')
    .columns(['project_id', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('report_results')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('block_slug', 'text', (c) => c.notNull())
    .addColumn('block_order', 'integer', (c) => c.notNull())
    .addColumn('block_data', 'text', (c) => c.notNull()) // JSON
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_results_block')
    .unique()
    .on('report_results')
    .columns(['report_id', 'block_slug'])
    .execute();
}
