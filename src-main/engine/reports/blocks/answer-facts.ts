import { sql } from 'kysely';
import type { EngineContext } from '../../context';
import type { ProjectRow } from '../../db/schema';
import type { PeriodRange } from '../../../../src-shared/api/reports';

/**
 * The answers a report period covers, as aggregates computed in SQLite: the updates in the
 * period (the latest run of each date stands for it, decisions.md §4) and, per update and
 * prompt, how many answers counted and named the brand or cited the site.
 *
 * INTERIM: these aggregates stand in for the analytics module (src-main/engine/analytics) until
 * its builders land; the block adapters then call those and this file shrinks to what only
 * reports need. Definitions follow decisions.md §5 so the numbers agree with the endpoints.
 */
export interface UpdateRef {
  run_id: number;
  date: string;
}

export interface PromptUpdateFact {
  prompt_id: number;
  run_id: number;
  answers: number;
  mentions: number;
  position_sum: number;
  positions: number;
  site_mentions: number;
  site_position_sum: number;
  site_positions: number;
  positive: number;
  neutral: number;
  negative: number;
}

export interface PeriodFacts {
  period: PeriodRange;
  updates: UpdateRef[];
  prompts: Map<number, string>;
  rows: PromptUpdateFact[];
  /** Competitors by answers naming them. */
  competitors: Array<{ id: number; name: string; answers: number; position_sum: number }>;
  /** Cited domains by answers citing them. */
  domains: Array<{ domain: string; answers: number; urls: number }>;
  urls: Array<{ url: string; domain: string; answers: number }>;
}

export async function loadPeriodFacts(
  ctx: EngineContext,
  project: ProjectRow,
  period: PeriodRange,
): Promise<PeriodFacts> {
  const updates = (
    await ctx.db
      .selectFrom('parse_runs')
      .select([(eb) => eb.fn.max('id').as('run_id'), 'update_date'])
      .where('project_id', '=', project.id)
      .where('status', '=', 'completed')
      .where('update_date', '>=', period.from)
      .where('update_date', '<=', period.to)
      .groupBy('update_date')
      .orderBy('update_date')
      .execute()
  ).map((r) => ({ run_id: Number(r.run_id), date: r.update_date! }));
  const runIds = updates.map((u) => u.run_id);
  const empty: PeriodFacts = {
    period,
    updates,
    prompts: new Map(),
    rows: [],
    competitors: [],
    domains: [],
    urls: [],
  };
  if (!runIds.length) return empty;

  const countEmpty = project.count_empty_answers === 1;
  const counted = ctx.db
    .selectFrom('answers')
    .innerJoin('prompts', 'prompts.id', 'answers.prompt_id')
    .where('answers.run_id', 'in', runIds)
    .where('answers.project_id', '=', project.id)
    .where('prompts.deleted_at', 'is', null)
    .$if(!countEmpty, (q) => q.where('answers.has_data', '=', 1));

  const rows = await counted
    .select([
      'answers.prompt_id as prompt_id',
      'answers.run_id as run_id',
      sql<number>`count(*)`.as('answers'),
      sql<number>`sum(answers.mention)`.as('mentions'),
      sql<number>`coalesce(sum(answers.mention_position), 0)`.as('position_sum'),
      sql<number>`count(answers.mention_position)`.as('positions'),
      sql<number>`sum(answers.site_mentioned)`.as('site_mentions'),
      sql<number>`coalesce(sum(answers.site_position), 0)`.as('site_position_sum'),
      sql<number>`count(answers.site_position)`.as('site_positions'),
      sql<number>`sum(answers.tone = 'positive')`.as('positive'),
      sql<number>`sum(answers.tone = 'neutral')`.as('neutral'),
      sql<number>`sum(answers.tone = 'negative')`.as('negative'),
    ])
    .groupBy(['answers.prompt_id', 'answers.run_id'])
    .execute();

  const prompts = new Map(
    (
      await ctx.db
        .selectFrom('prompts')
        .select(['id', 'value'])
        .where('project_id', '=', project.id)
        .where('deleted_at', 'is', null)
        .execute()
    ).map((p) => [p.id, p.value]),
  );

  const competitors = await counted
    .innerJoin('answer_competitors', 'answer_competitors.answer_id', 'answers.id')
    .innerJoin('competitors', 'competitors.id', 'answer_competitors.competitor_id')
    .where('competitors.type', '!=', 'hidden')
    .select([
      'competitors.id as id',
      'competitors.name as name',
      sql<number>`count(*)`.as('answers'),
      sql<number>`sum(answer_competitors.position)`.as('position_sum'),
    ])
    .groupBy('competitors.id')
    .orderBy('answers', 'desc')
    .limit(20)
    .execute();

  const domains = await counted
    .innerJoin('answer_urls', 'answer_urls.answer_id', 'answers.id')
    .select([
      'answer_urls.domain as domain',
      sql<number>`count(distinct answers.id)`.as('answers'),
      sql<number>`count(distinct answer_urls.url)`.as('urls'),
    ])
    .groupBy('answer_urls.domain')
    .orderBy('answers', 'desc')
    .limit(20)
    .execute();

  const urls = await counted
    .innerJoin('answer_urls', 'answer_urls.answer_id', 'answers.id')
    .select([
      'answer_urls.url as url',
      'answer_urls.domain as domain',
      sql<number>`count(distinct answers.id)`.as('answers'),
    ])
    .groupBy('answer_urls.url')
    .orderBy('answers', 'desc')
    .limit(20)
    .execute();

  return {
    ...empty,
    prompts,
    rows: rows.map((r) => ({ ...r, prompt_id: Number(r.prompt_id), run_id: Number(r.run_id) })),
    competitors: competitors.map((c) => ({ ...c, id: Number(c.id) })),
    domains,
    urls,
  };
}

/** Visibility % with two decimals (decisions.md §5). */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((10_000 * part) / whole) / 100 : 0;

export const average = (sum: number, n: number) => (n > 0 ? Math.round((100 * sum) / n) / 100 : null);
