import type { EngineContext } from '../context';
import type { Selectable } from 'kysely';
import type { CompetitorMembersTable, CompetitorsTable, ProjectRow } from '../db/schema';
import type { FilterInput, Scope, Update } from './filters';
import { scopeFor } from './filters';
import {
  competitorStats,
  counted,
  neuralStats,
  pct,
  round2,
  sumNeuralStats,
  type CompetitorStat,
  type NeuralStat,
} from './stats';
import { projectWithCounts, updateDates, x } from './shapes';
import { brandChangeTests, loadPairedUpdates, noChange } from './paired-changes';
import type { ChangeTest } from './change-test';
import type { Query } from '../validation/query';
import type { CompetitorRow as ApiCompetitorRow } from '../../../src-shared/api/analytics';

/**
 * The competitors tab (api-spec.md "Competitors"). Visibility of a brand at an update is
 * 100 × answers naming it / answers counted; share of voice is 100 × answers naming it / the sum
 * over all brands of answers naming each (decisions.md §5). Hidden competitors are left out of
 * every table, chart and share-of-voice denominator: hiding says "this is not a competitor".
 */

export const COMPETITOR_TYPES = {
  key: 'Ключевой',
  direct: 'Прямой',
  indirect: 'Косвенный',
  hidden: 'Скрытый',
};
export type CompetitorType = keyof typeof COMPETITOR_TYPES;
export const OWN_ID = 'own';

export interface CompetitorInfo extends Pick<Selectable<CompetitorsTable>, 'id' | 'name' | 'type'> {
  members: Array<Selectable<CompetitorMembersTable>>;
}

/** Per-update, per-network counts of every brand, the base of every competitor figure. */
export interface BrandMetrics {
  updates: Update[];
  /** Visible (not hidden) competitors of the project. */
  competitors: CompetitorInfo[];
  /** run → network → stats of the own brand and the answers counted. */
  neural: Map<number, Map<number, NeuralStat>>;
  /**
   * run → its rows of answers naming a visible competitor: per (competitor, network), and network 0
   * for the sum over the selected ones (one row per competitor, network and run). The rows as read
   * (a Map per competitor and run was ~2,500 Maps a summary).
   */
  mentions: Map<number, CompetitorStat[]>;
  countEmpty: boolean;
  /** First → last update of the period: the McNemar test of each brand (`own` or competitor id). */
  changeTests: Map<number | 'own', ChangeTest>;
}

export async function loadCompetitors(ctx: EngineContext, projectId: number, withHidden = false) {
  const [rows, members] = await Promise.all([
    ctx.db
      .selectFrom('competitors')
      .select(['id', 'name', 'type'])
      .where('project_id', '=', projectId)
      .$if(!withHidden, (q) => q.where('type', '!=', 'hidden'))
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('competitor_members')
      .innerJoin('competitors', 'competitors.id', 'competitor_members.competitor_id')
      .select(['competitor_members.id', 'competitor_members.competitor_id', 'competitor_members.name'])
      .where('competitors.project_id', '=', projectId)
      .orderBy('competitor_members.id')
      .execute(),
  ]);
  return rows.map((c) => ({ ...c, members: members.filter((m) => m.competitor_id === c.id) }));
}

/**
 * @param withChangeTests compute every competitor's first → last change test (the competitors
 *   endpoint); the summary shows five rows and tests only those (`periodChangeTests`).
 * @param loaded the project's visible competitors (`loadCompetitors`) when the caller read them
 *   already, beside the scope (the summary: one round trip less on PostgreSQL).
 */
export async function brandMetrics(
  ctx: EngineContext,
  scope: Scope,
  withChangeTests = true,
  loaded?: CompetitorInfo[],
): Promise<BrandMetrics> {
  const runIds = scope.updates.map((u) => u.id);
  const last = scope.updates[scope.updates.length - 1];
  // Period totals summed over networks; per network only for the last update (radar).
  const [nstats, totals, lastPerNetwork, competitors, paired] = await Promise.all([
    neuralStats(ctx, scope, runIds),
    competitorStats(ctx, scope, runIds, false),
    last ? competitorStats(ctx, scope, [last.id], true) : Promise.resolve([]),
    loaded ?? loadCompetitors(ctx, scope.project.id),
    withChangeTests ? periodPairs(ctx, scope, true) : null,
  ]);
  const cstats = [...totals, ...lastPerNetwork];
  const neural = new Map<number, Map<number, NeuralStat>>();
  for (const s of nstats)
    (neural.get(s.run_id) ?? neural.set(s.run_id, new Map()).get(s.run_id)!).set(s.neural_id, s);
  const visible = new Set(competitors.map((c) => c.id));
  const mentions = new Map<number, CompetitorStat[]>();
  for (const s of cstats) {
    if (!visible.has(s.competitor_id)) continue;
    const rows = mentions.get(s.run_id);
    if (rows) rows.push(s);
    else mentions.set(s.run_id, [s]);
  }
  const changeTests = paired
    ? brandChangeTests(
        paired,
        competitors.map((c) => c.id),
      )
    : new Map<number | 'own', ChangeTest>();
  return { updates: scope.updates, competitors, neural, mentions, countEmpty: scope.countEmpty, changeTests };
}

/** The pairs of the period's first and last updates over the selected networks. */
function periodPairs(ctx: EngineContext, scope: Scope, competitors: boolean | number[]) {
  return loadPairedUpdates(
    ctx,
    scope,
    scope.updates[0],
    scope.updates[scope.updates.length - 1],
    scope.neurals.map((n) => n.id),
    competitors,
  );
}

/** First → last change tests of the given competitors only (the summary's top rows). */
export async function periodChangeTests(ctx: EngineContext, scope: Scope, ids: number[]) {
  return brandChangeTests(await periodPairs(ctx, scope, ids), ids);
}

interface Snapshot {
  counted: number;
  total: number;
  own: number;
  byBrand: Map<number, number>;
}
const snapshots = new WeakMap<BrandMetrics, Map<string, Snapshot>>();

/** Counts of every brand at one update over some networks, computed once per metrics object. */
function snapshot(m: BrandMetrics, runId: number, neuralIds?: number[]): Snapshot {
  const cache = snapshots.get(m) ?? snapshots.set(m, new Map()).get(m)!;
  const key = `${runId}|${neuralIds?.join(',') ?? '*'}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const keep = (nid: number) => !neuralIds || neuralIds.includes(nid);
  const sums = sumNeuralStats([...(m.neural.get(runId)?.values() ?? [])].filter((s) => keep(s.neural_id)));
  const snap: Snapshot = {
    counted: counted(sums, m.countEmpty),
    total: sums.mentions,
    own: sums.mentions,
    byBrand: new Map(),
  };
  // Every network (no `neuralIds`): the sums over the selected networks (network 0); else the
  // listed networks' own rows.
  for (const r of m.mentions.get(runId) ?? []) {
    if (neuralIds ? r.neural_id === 0 || !keep(r.neural_id) : r.neural_id !== 0) continue;
    snap.byBrand.set(r.competitor_id, (snap.byBrand.get(r.competitor_id) ?? 0) + r.mentions);
    snap.total += r.mentions;
  }
  cache.set(key, snap);
  return snap;
}

/** Answers naming one brand ('own' or a competitor id) at one update: brandAt's `mentions`, without its object. */
export function mentionsAt(m: BrandMetrics, runId: number | undefined, brand: number | 'own'): number {
  if (runId === undefined) return 0;
  const s = snapshot(m, runId);
  return brand === 'own' ? s.own : (s.byBrand.get(brand) ?? 0);
}

/** Figures of one brand ('own' or a competitor id) at one update over some networks. */
export function brandAt(
  m: BrandMetrics,
  runId: number | undefined,
  brand: number | 'own',
  neuralIds?: number[],
) {
  if (runId === undefined) return { mentions: 0, counted: 0, total: 0, visibility: 0, sov: 0 };
  const s = snapshot(m, runId, neuralIds);
  const mine = brand === 'own' ? s.own : (s.byBrand.get(brand) ?? 0);
  return {
    mentions: mine,
    counted: s.counted,
    total: s.total,
    visibility: pct(mine, s.counted),
    sov: pct(mine, s.total),
  };
}

/** Dominant tone of the brand's mentions at an update (ties and no mention: neutral). */
function ownTone(m: BrandMetrics, runId: number | undefined): string {
  if (runId === undefined) return 'neutral';
  const s = sumNeuralStats([...(m.neural.get(runId)?.values() ?? [])]);
  if (s.positive > s.neutral && s.positive > s.negative) return 'positive';
  if (s.negative > s.neutral && s.negative > s.positive) return 'negative';
  return 'neutral';
}

/** The API's row (src-shared) plus the mentions delta, for `metrics=mentions` (not sent). */
export type CompetitorRow = ApiCompetitorRow & { _mentionsDelta: number };

export function competitorRows(m: BrandMetrics, project: ProjectRow): CompetitorRow[] {
  const first = m.updates[0];
  const last = m.updates[m.updates.length - 1];
  const row = (
    brand: number | 'own',
    name: string,
    type: string,
    members: CompetitorRow['members'],
    tone: string,
  ) => {
    const a = brandAt(m, first?.id, brand);
    const b = brandAt(m, last?.id, brand);
    return {
      id: brand,
      competitor: { id: brand, name, type },
      members,
      visibility: {
        first: a.visibility,
        last: b.visibility,
        delta: round2(b.visibility - a.visibility),
        dates: { first: first?.date ?? null, last: last?.date ?? null },
        change_test: m.changeTests.get(brand) ?? noChange(),
      },
      mentions: b.mentions,
      tone,
      share_of_voice: { first: a.sov, last: b.sov, delta: round2(b.sov - a.sov) },
      _mentionsDelta: b.mentions - a.mentions,
    };
  };
  return [
    row(OWN_ID, project.brand, 'own', [], ownTone(m, last?.id)),
    ...m.competitors.map((c) => row(c.id, c.name, c.type, c.members, 'neutral')),
  ];
}

const byLastVisibility = (a: CompetitorRow, b: CompetitorRow) =>
  b.visibility.last - a.visibility.last ||
  b.share_of_voice.last - a.share_of_voice.last ||
  a.competitor.name.localeCompare(b.competitor.name);

export const publicRow = (r: CompetitorRow) => {
  const { _mentionsDelta, ...rest } = r;
  void _mentionsDelta;
  return rest;
};

/** Current competitors (visible at the last update) plus the own brand, by last visibility. */
export function currentRows(rows: CompetitorRow[]): CompetitorRow[] {
  return rows.filter((r) => r.id === OWN_ID || r.visibility.last > 0).sort(byLastVisibility);
}

/** Visible at the start of the period, gone at its last update. */
export function excludedRows(rows: CompetitorRow[]): CompetitorRow[] {
  return rows
    .filter((r) => r.id !== OWN_ID && r.visibility.first > 0 && r.visibility.last === 0)
    .sort(
      (a, b) => b.visibility.first - a.visibility.first || a.competitor.name.localeCompare(b.competitor.name),
    );
}

function applyRowFilters(rows: CompetitorRow[], scope: Scope): CompetitorRow[] {
  const f = scope.filters;
  const needle = f.search?.toLocaleLowerCase();
  let out = rows.filter((r) => {
    if (f.type === 'brand' && r.id !== OWN_ID) return false;
    if (f.type === 'competitor' && r.id === OWN_ID) return false;
    if (
      needle &&
      !r.competitor.name.toLocaleLowerCase().includes(needle) &&
      !r.members.some((mm) => mm.name.toLocaleLowerCase().includes(needle))
    )
      return false;
    if (f.metrics && f.metricsAction) {
      const delta =
        f.metrics === 'visibility'
          ? r.visibility.delta
          : f.metrics === 'share_of_voice'
            ? r.share_of_voice.delta
            : r._mentionsDelta;
      if (f.metricsAction === 'up' && !(delta > 0)) return false;
      if (f.metricsAction === 'down' && !(delta < 0)) return false;
      if (f.metricsAction === 'zero' && delta !== 0) return false;
    }
    return true;
  });
  if (f.competitors_count !== undefined) {
    let kept = 0;
    out = out.filter((r) => r.id === OWN_ID || kept++ < f.competitors_count!);
  }
  return out;
}

/**
 * Extension: the competitors marked "not a competitor" (`hidden`), so they can be set back. They
 * are in no table, chart or share of voice, and after the re-analysis hiding queues no answer
 * names them; `search` applies, `type=brand` leaves none.
 */
async function hiddenCompetitors(ctx: EngineContext, projectId: number, scope: Scope) {
  if (scope.filters.type === 'brand') return [];
  const needle = scope.filters.search?.toLocaleLowerCase();
  return (await loadCompetitors(ctx, projectId, true))
    .filter((c) => c.type === 'hidden')
    .filter(
      (c) =>
        !needle ||
        c.name.toLocaleLowerCase().includes(needle) ||
        c.members.some((mm) => mm.name.toLocaleLowerCase().includes(needle)),
    )
    .map((c) => ({ id: c.id, name: c.name, type: c.type, members: c.members }));
}

export async function buildCompetitors(ctx: EngineContext, project: ProjectRow, input: FilterInput | Query) {
  const scope = await scopeFor(ctx, project, input, 'competitors');
  const m = await brandMetrics(ctx, scope);
  const rows = competitorRows(m, project);
  const hidden = await hiddenCompetitors(ctx, project.id, scope);
  const table = applyRowFilters(currentRows(rows), scope);
  const excluded = applyRowFilters(excludedRows(rows), scope);
  const f = scope.filters;

  const series = (pick: (r: CompetitorRow, u: Update) => { y: number } & Record<string, number>) =>
    table.map((r) => ({
      id: r.id,
      label: r.competitor.name,
      type: r.competitor.type,
      data: m.updates.map((u) => ({ x: x(u), ...pick(r, u) })),
    }));
  const brandOf = (r: CompetitorRow) => r.id;
  const last = m.updates[m.updates.length - 1];
  const radar = (metric: 'visibility' | 'mentions' | 'sov') => ({
    labels: scope.neurals.map((n) => n.display_name),
    datasets:
      scope.neurals.length < 3
        ? []
        : table.map((r) => ({
            label: r.competitor.name,
            competitor_id: r.id,
            type: r.competitor.type,
            data: scope.neurals.map((n) => brandAt(m, last?.id, brandOf(r), [n.id])[metric]),
          })),
  });

  return {
    project: projectWithCounts(project, scope),
    filters: {
      dates: scope.dates,
      neurals: scope.neurals.map((n) => n.id),
      groups: scope.groupIds,
      type: f.type ?? null,
      search: f.search ?? null,
      metrics: f.metrics ?? null,
      metricsAction: f.metricsAction ?? null,
      competitors_count: f.competitors_count ?? null,
    },
    types: COMPETITOR_TYPES,
    data: {
      ...updateDates(scope),
      tableData: table.map(publicRow),
      excludedTableData: excluded.map(publicRow),
      hiddenCompetitors: hidden,
      chartData: {
        visibility: series((r, u) => ({ y: brandAt(m, u.id, brandOf(r)).visibility })),
        mentions: series((r, u) => {
          const b = brandAt(m, u.id, brandOf(r));
          return { y: b.mentions, percent: b.sov };
        }),
        share_of_voice: series((r, u) => ({ y: brandAt(m, u.id, brandOf(r)).sov })),
      },
      radarChartData: {
        visibility: radar('visibility'),
        mentions: radar('mentions'),
        share_of_voice: radar('sov'),
      },
    },
  };
}
