import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Per (update, prompt) site cells for `answers/sources-history` (issue 4 "Performance"), written
 * by analytics/aggregates.ts when a run completes.
 *
 * - `agg_site_cells`: distinct cell texts. A text is the JSON object the sources history shows for
 *   one prompt at one update: network id → {mentioned, position, has_data}, for every network that
 *   answered (the reader keeps the selected ones). A year of 500 prompts has 52,000 (update,
 *   prompt) pairs but only a few thousand distinct texts, so each is stored, read and parsed once.
 *   Entries are never deleted (an unused one is a few hundred bytes).
 * - `agg_update_prompt_site`: the text of each (update, prompt) by id, and `mentions`, the JSON
 *   array of the network ids whose answer mentions the brand (the `mention_filter` and
 *   `total_mentions` of the last update).
 *
 * Frozen in time: imports nothing but the dialect test. Existing completed runs are backfilled here, in SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agg_site_cells')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('cells', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('agg_update_prompt_site')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('prompt_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('cells_id', 'integer', (c) => c.notNull())
    .addColumn('mentions', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agg_update_prompt_site_pk', ['project_id', 'prompt_id', 'run_id'])
    .modifyEnd(sql`without rowid`)
    .execute();
  // The last update's mentions of every prompt (filters and totals of the tab).
  await db.schema
    .createIndex('agg_update_prompt_site_run')
    .on('agg_update_prompt_site')
    .columns(['project_id', 'run_id', 'prompt_id'])
    .execute();

  // A PostgreSQL database starts empty (PostgreSQL came after this migration): nothing to backfill,
  // and the backfill is SQLite SQL.
  if (isPostgres(db)) return;
  await sql`
    create temp table site_backfill as
    select a.project_id, a.prompt_id, a.run_id,
      json_group_object(a.neural_id, json_object(
        'mentioned', json(iif(a.site_mentioned = 1, 'true', 'false')), 'position', a.site_position,
        'has_data', json(iif(a.has_data = 1, 'true', 'false')))) as cells,
      json_group_array(a.neural_id) filter (where a.mention = 1) as mentions
    from parse_runs r
    join answers a on a.run_id = r.id
    where r.status = 'completed'
    group by a.run_id, a.prompt_id`.execute(db);
  await sql`insert or ignore into agg_site_cells (cells) select cells from site_backfill`.execute(db);
  await sql`
    insert into agg_update_prompt_site (project_id, prompt_id, run_id, cells_id, mentions)
    select b.project_id, b.prompt_id, b.run_id, d.id, b.mentions
    from site_backfill b join agg_site_cells d on d.cells = b.cells`.execute(db);
  await sql`drop table site_backfill`.execute(db);
}
