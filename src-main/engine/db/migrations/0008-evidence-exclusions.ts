import type { Kysely } from 'kysely';

/**
 * Evidence and the analyst's corrections (issue 11 "Evidence", "Corrections that re-rank"):
 *
 * - `answers.evidence`: where each finding sits in the answer text, compact JSON written by the
 *   answer store (collect/evidence-codec.ts): `{"b":[start,end,…],"c":[["Name",start,end,…],…]}`.
 *   Null for answers analysed before this migration, until they are analysed again.
 * - `projects.own_products`: the brand's own products and programmes (JSON array of names),
 *   never competitors.
 * - `reanalyses`: one row per requested re-analysis of a project, with its progress, so the UI
 *   can follow the job (GET …/reanalyze).
 *
 * Frozen in time: imports nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('answers').addColumn('evidence', 'text').execute();
  await db.schema
    .alterTable('projects')
    .addColumn('own_products', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('reanalyses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('job_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull()) // queued | running | done | failed | superseded
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('answers_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('reanalyses_project').on('reanalyses').columns(['project_id', 'id']).execute();
}
