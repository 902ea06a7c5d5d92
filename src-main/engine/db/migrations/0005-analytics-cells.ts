import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Per (update, prompt) aggregates for analytics (issue 4 "Performance"), written by
 * analytics/aggregates.ts when a run completes: the prompt's answer counts over every network
 * (visibility, mentions, tones at an update) and `cells`, the JSON object the answers history
 * tab shows for one prompt at one update: network id → {mention, mention_position, tone,
 * occurrences, competitors, has_data}. A page of 50 prompts over a year then reads 5,200 short
 * texts instead of building 31,200 cells from the answers. Frozen in time: imports nothing but the dialect test.
 *
 * Existing completed runs are backfilled here, in SQL (about a second per 100,000 answers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agg_update_prompt')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('prompt_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('with_data', 'integer', (c) => c.notNull())
    .addColumn('mentions', 'integer', (c) => c.notNull())
    .addColumn('mentions_with_data', 'integer', (c) => c.notNull())
    .addColumn('site_mentions', 'integer', (c) => c.notNull())
    .addColumn('positive', 'integer', (c) => c.notNull())
    .addColumn('neutral', 'integer', (c) => c.notNull())
    .addColumn('negative', 'integer', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agg_update_prompt_pk', ['project_id', 'prompt_id', 'run_id'])
    .modifyEnd(sql`without rowid`)
    .execute();
  // The counts of every prompt at the last two updates (answers tabs, summary), covering.
  await db.schema
    .createIndex('agg_update_prompt_run')
    .on('agg_update_prompt')
    .columns([
      'project_id',
      'run_id',
      'prompt_id',
      'answers',
      'with_data',
      'mentions',
      'mentions_with_data',
      'site_mentions',
      'positive',
      'neutral',
      'negative',
    ])
    .execute();
  // Period charts sum the networks per (update, domain) and per (update, competitor): covering
  // indexes in that order let SQLite group while reading, without a temporary sort.
  await db.schema
    .createIndex('agg_update_domain_by_domain')
    .on('agg_update_domain')
    .columns(['project_id', 'run_id', 'domain', 'neural_id', 'citations'])
    .execute();
  await db.schema
    .createIndex('agg_update_competitor_by_competitor')
    .on('agg_update_competitor')
    .columns(['project_id', 'run_id', 'competitor_id', 'neural_id', 'mentions'])
    .execute();

  // A PostgreSQL database starts empty (PostgreSQL came after this migration): nothing to backfill,
  // and the backfill is SQLite SQL.
  if (isPostgres(db)) return;
  await sql`
    insert into agg_update_prompt (project_id, prompt_id, run_id, answers, with_data, mentions,
      mentions_with_data, site_mentions, positive, neutral, negative, cells)
    select a.project_id, a.prompt_id, a.run_id, count(*), sum(a.has_data = 1), sum(a.mention = 1),
      sum(a.mention = 1 and a.has_data = 1), sum(a.site_mentioned = 1),
      sum(a.mention = 1 and a.tone = 'positive'), sum(a.mention = 1 and a.tone = 'neutral'),
      sum(a.mention = 1 and a.tone = 'negative'),
      json_group_object(a.neural_id, json_object(
        'mention', a.mention, 'mention_position', a.mention_position, 'tone', a.tone,
        'occurrences', case when json_valid(a.occurrences) and json_type(a.occurrences) = 'array'
          then json(a.occurrences) else '[]' end,
        'competitors', case when json_valid(a.competitors) and json_type(a.competitors) = 'array'
          then json(a.competitors) else '[]' end,
        'has_data', json(iif(a.has_data = 1, 'true', 'false'))))
    from parse_runs r
    join answers a on a.run_id = r.id
    where r.status = 'completed'
    group by a.run_id, a.prompt_id`.execute(db);
}
