import { sql, type Kysely } from 'kysely';

/**
 * Core tables: users and tokens, the neural catalogue, projects with their settings,
 * schedules and networks, prompts and groups, drafts, events, jobs, app settings.
 * Frozen in time: imports nothing from the app.
 * Long on purpose: one table (and its indexes) after another in dependency order, each self-contained; a
 * migration is never edited once released (a change is a new migration), so it is not split.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('limits_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('neurals')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('system_name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text')
    .addColumn('api_key', 'text')
    .addColumn('web_search_supported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_url', 'text')
    .addColumn('logo', 'text')
    .addColumn('is_builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('alternative_brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('domain_aliases', 'text')
    .addColumn('activities', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('region', 'integer', (c) => c.notNull().defaultTo(225))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('ru'))
    .addColumn('is_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sources_include_subdomains', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collect_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collect_google_ai_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('count_empty_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analytics_token', 'text')
    .addColumn('analytics_id', 'text')
    .addColumn('analytics_counter_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('project_shares')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_shares_pk', ['project_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('project_neurals')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('neural_id', 'integer', (c) => c.notNull().references('neurals.id'))
    .addColumn('web_search_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('project_neurals_pk', ['project_id', 'neural_id'])
    .execute();

  await db.schema
    .createTable('project_schedules')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('detail', 'text') // JSON
    .addColumn('last_run_at', 'text')
    .addPrimaryKeyConstraint('project_schedules_pk', ['project_id', 'source'])
    .execute();

  await db.schema
    .createTable('prompt_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_favourite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompt_groups_project')
    .on('prompt_groups')
    .columns(['project_id', 'name'])
    .execute();

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('frequency', 'integer')
    .addColumn('relevant_query', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('prompts_project')
    .on('prompts')
    .columns(['project_id', 'deleted_at'])
    .execute();

  await db.schema
    .createTable('prompt_group_links')
    .addColumn('prompt_id', 'integer', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('prompt_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('prompt_group_links_pk', ['prompt_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('prompt_group_links_group')
    .on('prompt_group_links')
    .column('group_id')
    .execute();

  await db.schema
    .createTable('drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input', 'text', (c) => c.notNull()) // JSON of the validated brand form
    .addColumn('prompts', 'text', (c) => c.notNull().defaultTo('[]')) // JSON of draft prompts
    .addColumn('project_id', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_project').on('events').columns(['project_id', 'id']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // queued | running | done | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'run_after']).execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull()) // JSON
    .execute();

  await sql`select 1`.execute(db);
}
