import type { Kysely } from 'kysely';

/**
 * What a parse run stores. A run that completes is an "update" (decisions.md §4): its id is the
 * `update_id` of every answer row, its `update_date` the day analytics group by.
 * Competitors are canonical per project; `competitor_members` holds the names merged into one.
 * Long on purpose: one table (and its indexes) after another in dependency order, each self-contained; a
 * migration is never edited once released (a change is a new migration), so it is not split.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parse_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // queued | in_progress | completed | failed
    .addColumn('phase', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual')) // manual | schedule | sample
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}')) // JSON
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tasks_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tasks_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_date', 'text') // YYYY-MM-DD, set when completed
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('parse_runs_project')
    .on('parse_runs')
    .columns(['project_id', 'status', 'update_date'])
    .execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('prompt_id', 'integer', (c) => c.notNull())
    .addColumn('neural_id', 'integer', (c) => c.notNull())
    .addColumn('has_data', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer', 'text')
    .addColumn('mention', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mention_position', 'integer')
    .addColumn('tone', 'text')
    .addColumn('occurrences', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of strings
    .addColumn('competitors', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of canonical names
    .addColumn('site_mentioned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('site_position', 'integer')
    .addColumn('comment', 'text')
    .addColumn('web_search', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('raw', 'text') // provider's raw response (JSON), kept for re-analysis and debugging
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answers_task')
    .unique()
    .on('answers')
    .columns(['run_id', 'prompt_id', 'neural_id'])
    .execute();
  await db.schema
    .createIndex('answers_project_prompt')
    .on('answers')
    .columns(['project_id', 'prompt_id', 'run_id'])
    .execute();

  await db.schema
    .createTable('answer_urls')
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('answers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addPrimaryKeyConstraint('answer_urls_pk', ['answer_id', 'position'])
    .execute();
  await db.schema.createIndex('answer_urls_domain').on('answer_urls').columns(['domain']).execute();

  await db.schema
    .createTable('competitors')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('direct')) // key | direct | indirect | hidden
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('competitors_project_name')
    .unique()
    .on('competitors')
    .columns(['project_id', 'name'])
    .execute();

  await db.schema
    .createTable('competitor_members')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competitor_id', 'integer', (c) =>
      c.notNull().references('competitors.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('competitor_members_competitor')
    .on('competitor_members')
    .column('competitor_id')
    .execute();

  await db.schema
    .createTable('answer_competitors')
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('answers.id').onDelete('cascade'))
    .addColumn('competitor_id', 'integer', (c) =>
      c.notNull().references('competitors.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull()) // 1-based rank among all brands in the answer
    .addPrimaryKeyConstraint('answer_competitors_pk', ['answer_id', 'competitor_id'])
    .execute();
  await db.schema
    .createIndex('answer_competitors_competitor')
    .on('answer_competitors')
    .column('competitor_id')
    .execute();

  await db.schema
    .createTable('domain_types')
    .addColumn('project_id', 'integer', (c) => c.notNull()) // 0 = global (shipped dictionary)
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_types_pk', ['project_id', 'domain'])
    .execute();
}
