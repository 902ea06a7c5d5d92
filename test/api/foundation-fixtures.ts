import type { TestEngine } from '../helpers/test-engine';

/**
 * Factories for the foundation API tests: rows written straight into the engine's database, so
 * a test arranges exactly the state it needs without going through other endpoints.
 */
export async function makeProject(
  t: TestEngine,
  values: Partial<{ user_id: number; name: string; brand: string; language: string; domain: string }> = {},
): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.engine.ctx.db
    .insertInto('projects')
    .values({
      user_id: values.user_id ?? t.engine.localOwnerId,
      name: values.name ?? 'Acme',
      brand: values.brand ?? 'Acme',
      alternative_brand: '',
      domain: values.domain ?? 'acme.test',
      activities: 'flower delivery',
      language: values.language ?? 'en',
      region: 225,
      is_paused: 0,
      is_sample: 0,
      sources_include_subdomains: 0,
      collect_online: 0,
      collect_google_ai_mode: 0,
      count_empty_answers: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function neuralId(t: TestEngine, systemName: string): Promise<number> {
  const row = await t.engine.ctx.db
    .selectFrom('neurals')
    .select('id')
    .where('system_name', '=', systemName)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A completed parse run (an "update") finishing at `finishedAt`. */
export async function makeUpdate(t: TestEngine, projectId: number, finishedAt: string): Promise<number> {
  const row = await t.engine.ctx.db
    .insertInto('parse_runs')
    .values({
      project_id: projectId,
      user_id: t.engine.localOwnerId,
      status: 'completed',
      progress: 100,
      source: 'manual',
      options: '{}',
      charged: 0,
      refunded: 0,
      tasks_total: 0,
      tasks_done: 0,
      update_date: finishedAt.slice(0, 10),
      created_at: finishedAt,
      started_at: finishedAt,
      finished_at: finishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
