import type { EngineContext } from '../../src-main/engine/context';
import { storeAnswer } from '../../src-main/engine/collect/answer-store';
import { writeUpdateAggregates } from '../../src-main/engine/analytics/aggregates';
import type { AnalysisResult, Tone } from '../../src-main/engine/answer-reading/types';

/**
 * Readable factories for analytics tests: a project with networks, groups and prompts, and
 * completed runs whose answers go through storeAnswer (the engine's own write path) followed by
 * writeUpdateAggregates (what the collector does when a run completes). Each test builds a small
 * data set and computes every expected number by hand.
 */

export interface SeedProjectInput {
  brand?: string;
  domain?: string;
  domainAliases?: string[];
  countEmptyAnswers?: boolean;
  /** system_name of catalogue networks; `sources: true` turns the project's web search on. */
  neurals?: Array<string | { name: string; sources?: boolean }>;
  groups?: Array<string | { name: string; favourite?: boolean }>;
  prompts?: Array<string | { value: string; frequency?: number | null; groups?: string[] }>;
  userId?: number;
}

export interface SeededProject {
  id: number;
  brand: string;
  domain: string;
  /** Network id by system_name. */
  neural: Record<string, number>;
  /** Group id by name. */
  group: Record<string, number>;
  /** Prompt ids in the order given. */
  prompts: number[];
}

export async function seedProject(ctx: EngineContext, input: SeedProjectInput = {}): Promise<SeededProject> {
  const now = ctx.clock.now().toISOString();
  const brand = input.brand ?? 'Acme';
  const domain = input.domain ?? 'acme.com';
  const project = await ctx.db
    .insertInto('projects')
    .values({
      user_id: input.userId ?? 1,
      name: `${brand} project`,
      brand,
      alternative_brand: '',
      domain,
      domain_aliases: input.domainAliases?.length ? input.domainAliases.join('\n') : null,
      activities: 'Tools',
      region: 225,
      language: 'ru',
      is_paused: 0,
      is_sample: 0,
      sources_include_subdomains: 0,
      collect_online: 0,
      collect_google_ai_mode: 0,
      count_empty_answers: input.countEmptyAnswers ? 1 : 0,
      analytics_token: null,
      analytics_id: null,
      analytics_counter_name: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const neural: Record<string, number> = {};
  const specs = (input.neurals ?? ['chatgpt', 'perplexity']).map((n) =>
    typeof n === 'string' ? { name: n, sources: true } : { sources: true, ...n },
  );
  for (const [position, n] of specs.entries()) {
    const row = await ctx.db
      .selectFrom('neurals')
      .select('id')
      .where('system_name', '=', n.name)
      .executeTakeFirstOrThrow();
    neural[n.name] = row.id;
    await ctx.db
      .insertInto('project_neurals')
      .values({ project_id: project.id, neural_id: row.id, web_search_enabled: n.sources ? 1 : 0, position })
      .execute();
  }

  const group: Record<string, number> = {};
  for (const g of input.groups ?? []) {
    const spec = typeof g === 'string' ? { name: g, favourite: false } : g;
    const row = await ctx.db
      .insertInto('prompt_groups')
      .values({
        project_id: project.id,
        name: spec.name,
        is_favourite: spec.favourite ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    group[spec.name] = row.id;
  }

  const prompts: number[] = [];
  for (const p of input.prompts ?? ['prompt one']) {
    const spec = typeof p === 'string' ? { value: p } : p;
    const row = await ctx.db
      .insertInto('prompts')
      .values({
        project_id: project.id,
        value: spec.value,
        frequency: spec.frequency ?? null,
        relevant_query: null,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    prompts.push(row.id);
    for (const name of spec.groups ?? []) {
      await ctx.db
        .insertInto('prompt_group_links')
        .values({ prompt_id: row.id, group_id: group[name] })
        .execute();
    }
  }
  return { id: project.id, brand, domain, neural, group, prompts };
}

/** One answer of a run, described by what the analysis found. */
export interface AnswerSpec {
  prompt: number;
  neural: number;
  /** Default true; false is an answer that ended with no data. */
  hasData?: boolean;
  /** The brand's rank among brands named (mention_position); omitted or null = not mentioned. */
  brandAt?: number | null;
  tone?: Tone;
  competitors?: string[];
  /** Cited URLs in citation order. */
  urls?: string[];
  text?: string;
}

/** Shorthand: `ans(prompt, neural, {brandAt: 1, competitors: ['Globex']})`. */
export const ans = (
  prompt: number,
  neural: number,
  rest: Omit<AnswerSpec, 'prompt' | 'neural'> = {},
): AnswerSpec => ({
  prompt,
  neural,
  ...rest,
});

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/**
 * A completed run (an update) on `date` (`YYYY-MM-DD`) with the given answers, stored through
 * storeAnswer, then its aggregates written. `time` orders several runs of one date.
 */
export async function seedUpdate(
  ctx: EngineContext,
  project: SeededProject,
  date: string,
  answers: AnswerSpec[],
  time = '12:00:00',
): Promise<number> {
  const finished = `${date}T${time}.000Z`;
  const run = await ctx.db
    .insertInto('parse_runs')
    .values({
      project_id: project.id,
      user_id: 1,
      status: 'completed',
      phase: null,
      progress: 100,
      source: 'manual',
      options: '{}',
      charged: answers.length,
      refunded: 0,
      tasks_total: answers.length,
      tasks_done: answers.length,
      update_date: date,
      created_at: finished,
      started_at: finished,
      finished_at: finished,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const a of answers) {
    const hasData = a.hasData ?? true;
    const urls = (a.urls ?? []).map((url, i) => ({ url, domain: hostOf(url), position: i + 1 }));
    const own = urls.filter((u) => u.domain === project.domain);
    const mentioned = a.brandAt !== undefined && a.brandAt !== null;
    const analysis: AnalysisResult = {
      mention: mentioned ? 1 : 0,
      mention_position: mentioned ? a.brandAt! : null,
      tone: mentioned ? (a.tone ?? 'neutral') : null,
      occurrences: mentioned ? [project.brand] : [],
      competitors: a.competitors ?? [],
      urls,
      site_mentioned: own.length > 0,
      evidence: { brand: [], competitors: [] },
      site_position: own.length ? Math.min(...own.map((u) => u.position)) : null,
      comment: mentioned ? `${project.brand} is presented well.` : null,
    };
    await storeAnswer(ctx, {
      runId: run.id,
      projectId: project.id,
      promptId: a.prompt,
      neuralId: a.neural,
      hasData,
      text: hasData ? (a.text ?? `Answer about ${mentioned ? project.brand : 'the market'}.`) : null,
      analysis: hasData ? analysis : null,
      webSearch: urls.length > 0,
    });
  }
  await writeUpdateAggregates(ctx, run.id);
  return run.id;
}
