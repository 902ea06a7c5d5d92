import { sql, type Kysely } from 'kysely';

/**
 * Per-update aggregates for analytics (written by analytics/aggregates.ts when a run completes)
 * and covering indexes that match the analytics queries. Frozen in time: imports nothing.
 *
 * - agg_update_neural: per (run, network) answer counts, mentions, tones, site citations.
 * - agg_update_competitor: per (run, network, competitor) answers naming the competitor.
 * - agg_update_domain: per (run, network, domain) citations and citing answers.
 * Summaries over a year read a few thousand aggregate rows instead of 300,000 answers.
 * Long on purpose: one table (and its indexes) after another in dependency order, each self-contained; a
 * migration is never edited once released (a change is a new migration), so it is not split.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agg_update_neural')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('neural_id', 'integer', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('with_data', 'integer', (c) => c.notNull())
    .addColumn('mentions', 'integer', (c) => c.notNull())
    .addColumn('positive', 'integer', (c) => c.notNull())
    .addColumn('neutral', 'integer', (c) => c.notNull())
    .addColumn('negative', 'integer', (c) => c.notNull())
    .addColumn('site_mentions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('agg_update_neural_pk', ['project_id', 'run_id', 'neural_id'])
    .modifyEnd(sqlWithoutRowid)
    .execute();

  await db.schema
    .createTable('agg_update_competitor')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('neural_id', 'integer', (c) => c.notNull())
    .addColumn('competitor_id', 'integer', (c) => c.notNull())
    .addColumn('mentions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('agg_update_competitor_pk', [
      'project_id',
      'run_id',
      'neural_id',
      'competitor_id',
    ])
    .modifyEnd(sqlWithoutRowid)
    .execute();

  await db.schema
    .createTable('agg_update_domain')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('neural_id', 'integer', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('citations', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('agg_update_domain_pk', ['project_id', 'run_id', 'neural_id', 'domain'])
    .modifyEnd(sqlWithoutRowid)
    .execute();

  // Facts of every answer of one run (answers tabs: last two updates of all prompts), covering.
  await db.schema
    .createIndex('answers_run_facts')
    .on('answers')
    .columns([
      'run_id',
      'prompt_id',
      'neural_id',
      'has_data',
      'mention',
      'mention_position',
      'tone',
      'site_mentioned',
      'site_position',
    ])
    .execute();
  // History cells of a page of prompts over all updates, covering (no answer text read).
  await db.schema
    .createIndex('answers_prompt_cells')
    .on('answers')
    .columns([
      'project_id',
      'prompt_id',
      'run_id',
      'neural_id',
      'has_data',
      'mention',
      'mention_position',
      'tone',
      'site_mentioned',
      'site_position',
      'occurrences',
      'competitors',
    ])
    .execute();
  await db.schema
    .createIndex('answer_competitors_answer')
    .on('answer_competitors')
    .columns(['answer_id', 'competitor_id', 'position'])
    .execute();
}

const sqlWithoutRowid = sql`without rowid`;
