import type { Engine } from '../../../src-main/engine/engine';

/** Test data for collection: a project with prompts and selected networks, written straight to SQLite. */
export async function makeProject(
  engine: Engine,
  options: {
    userId?: number;
    brand?: string;
    domain?: string;
    prompts?: string[];
    neurals?: string[];
    alternative_brand?: string;
    language?: string;
  } = {},
) {
  const db = engine.ctx.db;
  const now = engine.ctx.clock.now().toISOString();
  const project = await db
    .insertInto('projects')
    .values({
      user_id: options.userId ?? engine.localOwnerId,
      name: 'Acme project',
      brand: options.brand ?? 'Acme',
      alternative_brand: options.alternative_brand ?? '',
      domain: options.domain ?? 'acme.example',
      domain_aliases: null,
      activities: 'CRM software',
      region: 225,
      language: options.language ?? 'en',
      is_paused: 0,
      is_sample: 0,
      sources_include_subdomains: 0,
      collect_online: 0,
      collect_google_ai_mode: 0,
      count_empty_answers: 0,
      analytics_token: null,
      analytics_id: null,
      analytics_counter_name: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const promptIds: number[] = [];
  for (const value of options.prompts ?? ['best crm for a small business', 'crm with telephony']) {
    const row = await db
      .insertInto('prompts')
      .values({
        project_id: project.id,
        value,
        frequency: null,
        relevant_query: null,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    promptIds.push(row.id);
  }
  const neuralIds: number[] = [];
  for (const [position, name] of (options.neurals ?? ['demo']).entries()) {
    const neural = await db
      .selectFrom('neurals')
      .select('id')
      .where('system_name', '=', name)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('project_neurals')
      .values({ project_id: project.id, neural_id: neural.id, web_search_enabled: 0, position })
      .execute();
    neuralIds.push(neural.id);
  }
  return { id: project.id, promptIds, neuralIds };
}

/** A user-defined openai-compatible network pointed at a loopback server. */
export async function addCompatibleNetwork(engine: Engine, baseUrl: string, systemName = 'loopback') {
  const row = await engine.ctx.db
    .insertInto('neurals')
    .values({
      system_name: systemName,
      display_name: 'Loopback',
      provider: 'openai-compatible',
      model: 'test-model',
      base_url: baseUrl,
      api_key: engine.ctx.secrets.seal('sk-test'),
      web_search_supported: 0,
      model_url: null,
      logo: null,
      is_builtin: 0,
      sort_order: 1000,
      created_at: engine.ctx.clock.now().toISOString(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function balanceOf(engine: Engine, userId = engine.localOwnerId) {
  const row = await engine.ctx.db
    .selectFrom('users')
    .select('limits_balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.limits_balance;
}

export async function eventsOf(engine: Engine, projectId: number) {
  return engine.ctx.db
    .selectFrom('events')
    .select(['type', 'message'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}
