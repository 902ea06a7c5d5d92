import { sql, type Selectable } from 'kysely';
import type { AggUpdateCompetitorTable, AggUpdateDomainTable, AggUpdateNeuralTable } from '../db/schema';
import type { EngineContext } from '../context';
import type { Scope } from './filters';
import { scopeAnswers } from './filter-where';
import { countSelections, NEURAL_COUNTS } from './answer-counts';
import { sqlFor } from '../db/dialect';
import type { Mention } from '../../../src-shared/enums';

/**
 * Per-update counts that summary, competitors and sources are built from. With no prompt-level
 * filter they come from the aggregates written when a run completed (aggregates.ts); with one,
 * the same rows are counted from the answers of the filtered prompts. Both paths return the
 * same shape, so the endpoints never know which one served them.
 */

/** Rows of the aggregate tables without the project (`neural_id` 0: summed over the selected networks). */
export type NeuralStat = Omit<Selectable<AggUpdateNeuralTable>, 'project_id'>;
export type CompetitorStat = Omit<Selectable<AggUpdateCompetitorTable>, 'project_id'>;
export type DomainStat = Omit<Selectable<AggUpdateDomainTable>, 'project_id'>;

export async function neuralStats(ctx: EngineContext, scope: Scope, runIds: number[]): Promise<NeuralStat[]> {
  const neuralIds = scope.neurals.map((n) => n.id);
  if (!runIds.length || !neuralIds.length) return [];
  if (scope.allPrompts) {
    return ctx.db
      .selectFrom('agg_update_neural')
      .select(['run_id', 'neural_id', ...NEURAL_COUNTS])
      .where('project_id', '=', scope.project.id)
      .where('run_id', 'in', runIds)
      .where('neural_id', 'in', neuralIds)
      .execute();
  }
  if (!scope.prompts.length) return [];
  const rows = await ctx.db
    .selectFrom('answers')
    .select(['run_id', 'neural_id', ...countSelections(ctx.db, NEURAL_COUNTS)])
    .where(scopeAnswers(scope, { runIds }))
    .groupBy(['run_id', 'neural_id'])
    .execute();
  return rows.map(toNeuralStat);
}

/**
 * Answers naming each competitor per update. `perNetwork` false sums over the selected networks
 * in SQL (neural_id 0): six times fewer rows to carry into JavaScript for the period charts.
 */
export async function competitorStats(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  perNetwork = true,
): Promise<CompetitorStat[]> {
  const neuralIds = scope.neurals.map((n) => n.id);
  if (!runIds.length || !neuralIds.length) return [];
  if (scope.allPrompts) {
    if (perNetwork) {
      return ctx.db
        .selectFrom('agg_update_competitor')
        .select(['run_id', 'neural_id', 'competitor_id', 'mentions'])
        .where('project_id', '=', scope.project.id)
        .where('run_id', 'in', runIds)
        .where('neural_id', 'in', neuralIds)
        .execute();
    }
    const { rows } = await competitorSums(ctx, scope, runIds, neuralIds);
    const out: CompetitorStat[] = [];
    for (const r of rows)
      for (const [id, mentions] of Object.entries(JSON.parse(r.counts) as Record<string, number>))
        out.push({ run_id: r.run_id, neural_id: 0, competitor_id: Number(id), mentions: Number(mentions) });
    return out;
  }
  if (!scope.prompts.length) return [];
  const rows = await ctx.db
    .selectFrom('answers')
    .innerJoin('answer_competitors as ac', 'ac.answer_id', 'answers.id')
    .select((eb) => [
      'answers.run_id',
      'answers.neural_id',
      'ac.competitor_id',
      eb.fn.countAll<number>().as('mentions'),
    ])
    .where(scopeAnswers(scope, { runIds }))
    .groupBy(['answers.run_id', 'answers.neural_id', 'ac.competitor_id'])
    .execute();
  const out = rows.map((r) => ({ ...r, mentions: Number(r.mentions) }));
  return perNetwork ? out : sumOverNetworks(out);
}

/**
 * Each update's competitor mentions summed over the selected networks, one row per update with a
 * JSON object (competitor id → count): 104 rows, not the 15,000 (update, competitor) rows a driver
 * would make into objects one by one. When the selection holds every network that answered at
 * those updates (the default), the sums stored per update are read (migration 0015), asked in the
 * same statement as promptCounts does; else, or when an update has none stored, they are summed
 * from agg_update_competitor.
 */
async function competitorSums(ctx: EngineContext, scope: Scope, runIds: number[], neuralIds: number[]) {
  const project = scope.project.id;
  const runs = sql.join(runIds);
  const stored = await sql<{ run_id: number; counts: string }>`
    select run_id, counts from agg_update_competitor_totals
    where project_id = ${project} and run_id in (${runs})
      and not exists (
        select 1 from agg_update_neural
        where project_id = ${project} and run_id in (${runs}) and neural_id not in (${sql.join(neuralIds)}))`.execute(
    ctx.db,
  );
  if (stored.rows.length === runIds.length) return stored;
  const f = sqlFor(ctx.db);
  const sums = ctx.db
    .selectFrom('agg_update_competitor')
    .select(['run_id', 'competitor_id', sql<number>`sum(mentions)`.as('mentions')])
    .where('project_id', '=', project)
    .where('run_id', 'in', runIds)
    .where('neural_id', 'in', neuralIds)
    .groupBy(['run_id', 'competitor_id']);
  return sql<{ run_id: number; counts: string }>`
    select run_id, ${f.jsonObjectAgg(sql`cast(competitor_id as text)`, sql`mentions`)} as counts
    from (${sums}) s group by run_id`.execute(ctx.db);
}

function sumOverNetworks(rows: CompetitorStat[]): CompetitorStat[] {
  const map = new Map<string, CompetitorStat>();
  for (const r of rows) {
    const key = `${r.run_id}|${r.competitor_id}`;
    const hit = map.get(key);
    if (hit) hit.mentions += r.mentions;
    else map.set(key, { ...r, neural_id: 0 });
  }
  return [...map.values()];
}

/** Citations per update and domain, summed over the selected networks (neural_id 0). */
export async function domainStats(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  /** Sources' answer-level `mention_filter`. */
  mention: Mention | undefined,
): Promise<DomainStat[]> {
  const neuralIds = scope.neurals.map((n) => n.id);
  if (!runIds.length || !neuralIds.length) return [];
  if (scope.allPrompts && !mention) {
    // One row per update with its domains' citations as a JSON object: 104 rows, not the 12,600
    // (update, domain) rows a driver would make into objects one by one (PostgreSQL's cost).
    const f = sqlFor(ctx.db);
    const sums = ctx.db
      .selectFrom('agg_update_domain')
      .select(['run_id', 'domain', sql<number>`sum(citations)`.as('citations')])
      .where('project_id', '=', scope.project.id)
      .where('run_id', 'in', runIds)
      .where('neural_id', 'in', neuralIds)
      .groupBy(['run_id', 'domain']);
    const { rows } = await sql<{ run_id: number; counts: string }>`
      select run_id, ${f.jsonObjectAgg(sql`domain`, sql`citations`)} as counts
      from (${sums}) s group by run_id`.execute(ctx.db);
    const out: DomainStat[] = [];
    for (const r of rows)
      for (const [domain, citations] of Object.entries(JSON.parse(r.counts) as Record<string, number>))
        out.push({ run_id: r.run_id, neural_id: 0, domain, citations: Number(citations) });
    return out;
  }
  if (!scope.prompts.length) return [];
  const rows = await ctx.db
    .selectFrom('answers')
    .innerJoin('answer_urls as u', 'u.answer_id', 'answers.id')
    // Summed over the networks (neural_id 0 below): PostgreSQL refuses an ungrouped column.
    .select((eb) => ['answers.run_id', 'u.domain', eb.fn.countAll<number>().as('citations')])
    .where(scopeAnswers(scope, { runIds, mention }))
    .groupBy(['answers.run_id', 'u.domain'])
    .execute();
  return rows.map((r) => ({ ...r, neural_id: 0, citations: Number(r.citations) }));
}

/** SQLite sums are null over no rows and may come back as bigint-free numbers: normalise. */
export const toNeuralStat = (r: Record<string, unknown>): NeuralStat => ({
  run_id: Number(r.run_id),
  neural_id: Number(r.neural_id),
  answers: Number(r.answers ?? 0),
  with_data: Number(r.with_data ?? 0),
  mentions: Number(r.mentions ?? 0),
  positive: Number(r.positive ?? 0),
  neutral: Number(r.neutral ?? 0),
  negative: Number(r.negative ?? 0),
  site_mentions: Number(r.site_mentions ?? 0),
});

/** Answers counted for visibility (decisions.md §5). */
export const counted = (s: { answers: number; with_data: number }, countEmpty: boolean) =>
  countEmpty ? s.answers : s.with_data;

/** Two decimals, the precision of every percentage in the API. */
export const round2 = (x: number) => Math.round(x * 100 + Number.EPSILON * 100) / 100;

/** 100 × part / whole with two decimals; 0 when nothing was counted. */
export const pct = (part: number, whole: number) => (whole > 0 ? round2((100 * part) / whole) : 0);

/** Sums stats rows of one update (over the selected networks). */
export function sumNeuralStats(rows: readonly NeuralStat[]): Omit<NeuralStat, 'run_id' | 'neural_id'> {
  return sumNeuralStatsOf(rows, null);
}

/**
 * sumNeuralStats over the rows of the networks in `neuralIds` (null: every row), without a filtered
 * copy of the rows: the summary's curves sum an update's rows once per series and point.
 */
export function sumNeuralStatsOf(
  rows: readonly NeuralStat[],
  neuralIds: ReadonlySet<number> | null,
): Omit<NeuralStat, 'run_id' | 'neural_id'> {
  const total = {
    answers: 0,
    with_data: 0,
    mentions: 0,
    positive: 0,
    neutral: 0,
    negative: 0,
    site_mentions: 0,
  };
  for (const r of rows) {
    if (neuralIds && !neuralIds.has(r.neural_id)) continue;
    total.answers += Number(r.answers);
    total.with_data += Number(r.with_data);
    total.mentions += Number(r.mentions);
    total.positive += Number(r.positive);
    total.neutral += Number(r.neutral);
    total.negative += Number(r.negative);
    total.site_mentions += Number(r.site_mentions);
  }
  return total;
}

/** Groups rows by a key. */
export function groupBy<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}
