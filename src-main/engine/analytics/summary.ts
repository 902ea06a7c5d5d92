import { sql } from 'kysely';
import type { EngineContext } from '../context';
import { sqlFor } from '../db/dialect';
import type { ProjectRow } from '../db/schema';
import type { Query } from '../validation/query';
import { isoMicro } from '../../../src-shared/time';
import type { BrandCell, SeriesLabel, Tone } from '../../../src-shared/api/analytics';
import {
  baseFiltersEcho,
  scopeFor,
  type FilterInput,
  type NeuralInfo,
  type PromptInfo,
  type Scope,
  type Update,
} from './filters';
import {
  brandAt,
  brandMetrics,
  loadCompetitors,
  competitorRows,
  mentionsAt,
  periodChangeTests,
  currentRows,
  OWN_ID,
  publicRow,
  type BrandMetrics,
} from './competitors';
import { counted, groupBy, pct, round2, sumNeuralStats, sumNeuralStatsOf, type NeuralStat } from './stats';
import {
  bestPosition,
  dynamicOf,
  parseList,
  positionDynamic,
  cellGrids,
  countedVisibility,
  promptCountVisibilities,
  promptCounts,
  type Cell,
  type CellGrid,
  type PromptCount,
} from './facts';
import { loadPairedUpdates, visibilityChange, type PairedUpdates } from './paired-changes';
import { wilsonPercent } from './change-test';
import { ALL_LABEL, neuralRef, projectWithCounts, seriesLabel, updateDates, x } from './shapes';

/** How many events the summary carries (newest first). */
export const SUMMARY_EVENTS = 20;
/** How many top prompts by frequency the position histories cover: the spec's "top prompts" are five. */
export const POSITION_HISTORY_PROMPTS = 5;
export const TOP_PROMPTS = 5;
export const TOP_COMPETITORS = 5;
export const MIN_FAVOURITE_GROUPS = 3;

/** Widgets of the summary screen, in their default order (interface only). */
const WIDGETS = [
  'visibility',
  'mentions',
  'share_of_voice',
  'tone',
  'site_visibility',
  'top_prompts',
  'competitors',
  'brand_position_history',
  'site_position_history',
].map((value, i) => ({ value, active: true, order: i + 1 }));

/** GET /api/projects/{project}/summary (api-spec.md "Summary"). */
export async function buildSummary(ctx: EngineContext, project: ProjectRow, input: FilterInput | Query) {
  // Reads go out as soon as what they need is known: on PostgreSQL each `await` of a query is a
  // network round trip, and while the engine waits for the slowest statement of a round the
  // server's other backends and the engine's JavaScript can overlap. Three rounds: what needs only
  // the project (beside the scope's reads), what needs the scope (beside the brand metrics), and
  // the top competitors' change test, sent as soon as the metrics are in.
  const [scope, events, favourites, competitors] = await Promise.all([
    scopeFor(ctx, project, input, 'summary'),
    projectEvents(ctx, project.id),
    favouriteGroups(ctx, project.id),
    loadCompetitors(ctx, project.id),
  ]);
  const last = scope.updates[scope.updates.length - 1];
  const prev = scope.updates[scope.updates.length - 2];
  const metrics = brandMetrics(ctx, scope, false, competitors);
  // The top competitors' change test is the slowest statement and the last to go out: the rest of
  // the body is built while the server runs it.
  const [parts, competitorTable] = await Promise.all([
    Promise.all([
      metrics,
      promptCounts(
        ctx,
        scope,
        [prev?.id, last?.id].filter((v): v is number => v !== undefined),
      ),
      positionHistories(ctx, scope),
      loadPairedUpdates(
        ctx,
        scope,
        prev,
        last,
        scope.neurals.map((n) => n.id),
        false,
      ),
    ]).then(([m, counts, history, paired]) =>
      updateStats(scope, project, m, counts, history, paired, favourites),
    ),
    metrics.then((m) => topCompetitorRows(ctx, scope, m, project)),
  ]);

  return {
    project: projectWithCounts(project, scope),
    filters: baseFiltersEcho(scope),
    events,
    ...updateDates(scope),
    data: {
      // The body's keys in the order of api-spec.md (the competitors' table among them).
      updateStats: {
        visibility_curve: parts.visibility_curve,
        tone_chart: parts.tone_chart,
        group_visibility_chart: parts.group_visibility_chart,
        site_visibility_curve: parts.site_visibility_curve,
        visibility: parts.visibility,
        share_of_voice: parts.share_of_voice,
        competitors: { table: competitorTable },
        topPrompts: parts.topPrompts,
        visibility_change: parts.visibility_change,
        visibility_ci: parts.visibility_ci,
        brand_position_history: parts.brand_position_history,
        site_position_history: parts.site_position_history,
      },
      widgets: WIDGETS,
    },
  };
}

/** Every part of the summary's `updateStats` but the competitors' table. */
function updateStats(
  scope: Scope,
  project: ProjectRow,
  m: BrandMetrics,
  counts: PromptCount[],
  history: Awaited<ReturnType<typeof positionHistories>>,
  paired: PairedUpdates,
  favourites: FavouriteGroups,
) {
  const last = scope.updates[scope.updates.length - 1];
  const prev = scope.updates[scope.updates.length - 2];
  const sourceNeurals = scope.neurals.filter((n) => n.sources);
  return {
    visibility_curve: curves(scope, m, scope.neurals, (date, s) => {
      const y = pct(s.mentions, counted(s, scope.countEmpty));
      return { x: date, y, z: s.mentions, w: y };
    }),
    tone_chart: toneChart(m, scope),
    group_visibility_chart: groupVisibility(scope, counts, favourites),
    site_visibility_curve: project.domain
      ? curves(scope, m, sourceNeurals, (date, s) => ({
          x: date,
          y: pct(s.site_mentions, counted(s, scope.countEmpty)),
        }))
      : [],
    visibility: curves(scope, m, scope.neurals, (date, s) => ({
      x: date,
      y: s.mentions,
      w: pct(s.mentions, counted(s, scope.countEmpty)),
    })),
    share_of_voice: shareOfVoice(m, project),
    topPrompts: topPromptsOf(scope, counts),
    visibility_change: visibilityChange(paired, prev, last, (u) => updateVisibility(scope, m, u)),
    visibility_ci: visibilityBand(scope, m),
    brand_position_history: history.brand,
    site_position_history: history.site,
  };
}

async function projectEvents(ctx: EngineContext, projectId: number) {
  const rows = await ctx.db
    .selectFrom('events')
    .select(['id', 'project_id', 'type', 'message', 'created_at'])
    .where('project_id', '=', projectId)
    .$narrowType<{ project_id: number }>()
    .orderBy('id', 'desc')
    .limit(SUMMARY_EVENTS)
    .execute();
  return rows.map((e) => ({ ...e, created_at: isoMicro(new Date(e.created_at)) }));
}

/** A point of a chart: its `x` (the update's date), then its figures (the shared `Point`). */
type Point = { x: string; y: number } & Record<string, number | string>;

/**
 * Series `all` (only with more than one network) plus one per network; one point per update.
 * `point` writes the whole point, `x` first: one object per point (the three curves are ~2,200
 * points, each built once per request).
 */
function curves(
  scope: Scope,
  m: BrandMetrics,
  neurals: NeuralInfo[],
  point: (date: string, s: Omit<NeuralStat, 'run_id' | 'neural_id'>) => Point,
) {
  // Each update's rows as an array once (a Map's iterator allocates per step where it is not optimized).
  const rows = scope.updates.map((u) => [...(m.neural.get(u.id)?.values() ?? [])]);
  const series = (label: SeriesLabel, nids: ReadonlySet<number>) => ({
    label,
    data: scope.updates.map((u, i) => point(x(u), sumNeuralStatsOf(rows[i], nids))),
  });
  const out = neurals.map((n) => series(seriesLabel(n), new Set([n.id])));
  if (neurals.length > 1) out.unshift(series(ALL_LABEL, new Set(neurals.map((n) => n.id))));
  return out;
}

/**
 * Extension: the Wilson 95 % interval of each update's visibility over the selected networks (the
 * `all` series, or the only network's), for the band the charts draw around the line.
 */
function visibilityBand(scope: Scope, m: BrandMetrics) {
  return scope.updates.map((u) => {
    const s = sumNeuralStats([...(m.neural.get(u.id)?.values() ?? [])]);
    const n = counted(s, scope.countEmpty);
    const [lo, hi] = wilsonPercent(Math.min(s.mentions, n), n);
    return { x: x(u), lo, hi };
  });
}

/** Tone of the brand's mentions at the last update of the period, in percent of mentions. */
function toneChart(m: BrandMetrics, scope: Scope) {
  const last = scope.updates[scope.updates.length - 1];
  const s = sumNeuralStats(last ? [...(m.neural.get(last.id)?.values() ?? [])] : []);
  return {
    positive: pct(s.positive, s.mentions),
    neutral: pct(s.neutral, s.mentions),
    negative: pct(s.negative, s.mentions),
  };
}

/** Own brand, top 5 competitors by last-update mentions, and everything else as `other`. */
function shareOfVoice(m: BrandMetrics, project: ProjectRow) {
  const last = m.updates[m.updates.length - 1];
  // Each competitor's figures once, not in every comparison of the sort.
  const lastOf = new Map(m.competitors.map((c) => [c.id, mentionsAt(m, last?.id, c.id)]));
  const totalOf = new Map(
    m.competitors.map((c) => [c.id, m.updates.reduce((sum, u) => sum + mentionsAt(m, u.id, c.id), 0)]),
  );
  const lastMentions = (id: number) => lastOf.get(id)!;
  const totalMentions = (id: number) => totalOf.get(id)!;
  const top = [...m.competitors]
    .filter((c) => totalMentions(c.id) > 0)
    .sort(
      (a, b) =>
        lastMentions(b.id) - lastMentions(a.id) ||
        totalMentions(b.id) - totalMentions(a.id) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, TOP_COMPETITORS);
  const series = (
    id: number | string,
    label: string,
    type: string,
    grayscale: boolean,
    y: (runId: number) => number,
  ) => ({
    id,
    label,
    type,
    label_meta: { grayscale },
    data: m.updates.map((u) => ({ x: x(u), y: y(u.id) })),
  });
  return [
    series(OWN_ID, project.brand, 'own', false, (r) => brandAt(m, r, 'own').sov),
    ...top.map((c) => series(c.id, c.name, c.type, false, (r) => brandAt(m, r, c.id).sov)),
    series('other', 'Другие', 'other', true, (r) => {
      const own = brandAt(m, r, 'own');
      const named = top.reduce((sum, c) => sum + mentionsAt(m, r, c.id), own.mentions);
      return pct(own.total - named, own.total);
    }),
  ];
}

interface FavouriteGroups {
  groups: Array<{ id: number; name: string }>;
  links: Array<{ prompt_id: number; group_id: number }>;
}

/** The project's favourite groups and their prompts, in one statement (one round trip). */
async function favouriteGroups(ctx: EngineContext, projectId: number): Promise<FavouriteGroups> {
  const f = sqlFor(ctx.db);
  const { rows } = await sql<{ id: number; name: string; prompts: string }>`
    select g.id, g.name, ${f.jsonArrayAgg(sql`l.prompt_id`, { filter: sql`l.prompt_id is not null` })} as prompts
    from prompt_groups g left join prompt_group_links l on l.group_id = g.id
    where g.project_id = ${projectId} and g.is_favourite = 1
    group by g.id, g.name
    order by g.id`.execute(ctx.db);
  return {
    groups: rows.map((r) => ({ id: r.id, name: r.name })),
    links: rows.flatMap((r) =>
      (JSON.parse(r.prompts) as number[]).map((promptId) => ({ prompt_id: promptId, group_id: r.id })),
    ),
  };
}

/** Visibility of each favourite group at the last update; empty under three favourite groups. */
function groupVisibility(
  scope: Scope,
  counts: PromptCount[],
  { groups: favourites, links }: FavouriteGroups,
) {
  const last = scope.updates[scope.updates.length - 1];
  if (favourites.length < MIN_FAVOURITE_GROUPS || !last) return [];
  const lastCounts = counts.filter((c) => c.run_id === last.id);
  const inScope = new Set(scope.prompts.map((p) => p.id));
  return favourites.map((g) => {
    const members = new Set(
      links.filter((l) => l.group_id === g.id && inScope.has(l.prompt_id)).map((l) => l.prompt_id),
    );
    const sum = { answers: 0, with_data: 0, mentions: 0, mentions_with_data: 0 };
    for (const c of lastCounts) {
      if (!members.has(c.prompt_id)) continue;
      sum.answers += c.answers;
      sum.with_data += c.with_data;
      sum.mentions += c.mentions;
      sum.mentions_with_data += c.mentions_with_data;
    }
    return { slug: g.name, value: countedVisibility(sum, scope.countEmpty) ?? 0 };
  });
}

/** Prompts whose visibility grew or fell most between the last two updates of the period. */
function topPromptsOf(scope: Scope, counts: PromptCount[]) {
  const last = scope.updates[scope.updates.length - 1];
  const prev = scope.updates[scope.updates.length - 2];
  const vis = promptCountVisibilities(last && prev ? counts : [], last?.id, prev?.id, scope.countEmpty);
  const items = scope.prompts
    .map((p) => {
      const v = vis.get(p.id);
      if (!v || v.last === null || v.prev === null) return null;
      return { prompt: p.value, visibility: v.last, dynamic: round2(v.last - v.prev), id: p.id };
    })
    .filter((i): i is NonNullable<typeof i> => i !== null);
  const strip = ({ prompt, visibility, dynamic }: (typeof items)[number]) => ({
    prompt,
    visibility,
    dynamic,
  });
  const up = items
    .filter((i) => i.dynamic > 0)
    .sort((a, b) => b.dynamic - a.dynamic || a.id - b.id)
    .slice(0, TOP_PROMPTS)
    .map(strip);
  const down = items
    .filter((i) => i.dynamic < 0)
    .sort((a, b) => a.dynamic - b.dynamic || a.id - b.id)
    .slice(0, TOP_PROMPTS)
    .map(strip);
  return {
    up,
    down,
    up_reason: up.length ? null : ('no_growth' as const),
    down_reason: down.length ? null : ('no_decline' as const),
  };
}

/** Top prompts by frequency (then by id): the rows of both position histories. */
export function topByFrequency(prompts: PromptInfo[], n: number): PromptInfo[] {
  return [...prompts].sort((a, b) => (b.frequency ?? -1) - (a.frequency ?? -1) || a.id - b.id).slice(0, n);
}

/** A history cell of the brand (the shape of answers/history). */
export const brandCell = (c: Cell): BrandCell => ({
  mention: c.mention,
  mention_position: c.mention_position,
  // The column is text; the analysis writes only the three tones (analysis/tone.ts).
  tone: c.tone as Tone | null,
  occurrences: parseList(c.occurrences),
  competitors: parseList(c.competitors),
  has_data: c.has_data === 1,
});

interface Tally {
  counted: number;
  mentions: number;
  site: number;
}

/** What both position histories read: the top prompts' cells at every update of the scope. */
interface HistoryInput {
  scope: Scope;
  prompts: PromptInfo[];
  /** Networks that return sources (the site history's columns). */
  sourceNeurals: NeuralInfo[];
  byPrompt: Map<number, CellGrid[]>;
  byRun: Map<number, CellGrid[]>;
  dateOf: Map<number, string>;
  last: Update | undefined;
  prev: Update | undefined;
}

/** The summary's brand and site position histories over the top prompts by frequency. */
async function positionHistories(ctx: EngineContext, scope: Scope) {
  const prompts = topByFrequency(scope.prompts, POSITION_HISTORY_PROMPTS);
  const sourceNeurals = scope.neurals.filter((n) => n.sources);
  const grids = await cellGrids(
    ctx,
    scope,
    prompts.map((p) => p.id),
    scope.updates.map((u) => u.id),
    scope.neurals.map((n) => n.id),
    sourceNeurals.map((n) => n.id),
  );
  const input: HistoryInput = {
    scope,
    prompts,
    sourceNeurals,
    byPrompt: groupBy(grids, (g) => g.prompt_id),
    byRun: groupBy(grids, (g) => g.run_id),
    dateOf: new Map(scope.updates.map((u) => [u.id, u.date])),
    last: scope.updates[scope.updates.length - 1],
    prev: scope.updates[scope.updates.length - 2],
  };
  return { brand: brandPositionHistory(input), site: sitePositionHistory(input) };
}

/** A prompt's cells by update date (updates where no network answered are left out). */
function cellsByDate<T>(
  input: HistoryInput,
  list: CellGrid[],
  cells: (g: CellGrid) => Record<string, T>,
): Record<string, Record<string, T>> {
  const out: Record<string, Record<string, T>> = {};
  for (const g of list) {
    const c = cells(g);
    if (Object.keys(c).length) out[input.dateOf.get(g.run_id)!] = c;
  }
  return out;
}

/** Counted answers (decisions.md §5), brand mentions and site mentions among some cells. */
function tally(scope: Scope, list: CellGrid[], nids: number[]): Tally {
  const t = { counted: 0, mentions: 0, site: 0 };
  for (const g of list)
    for (const nid of nids) {
      const cell = g.brand[nid];
      if (!cell || !(scope.countEmpty || cell.has_data)) continue;
      t.counted++;
      if (cell.mention === 1) t.mentions++;
      if (g.site[nid]?.mentioned) t.site++;
    }
  return t;
}

const brandVisibility = (t: Tally) => (t.counted ? pct(t.mentions, t.counted) : null);

/** A history's chart: one series per network over every update, plus `all` when there are several. */
function historyChart(input: HistoryInput, neurals: NeuralInfo[], y: (t: Tally) => number) {
  const { scope, byRun } = input;
  const series = (label: SeriesLabel, nids: number[]) => ({
    label,
    data: scope.updates.map((u) => ({ x: x(u), y: y(tally(scope, byRun.get(u.id) ?? [], nids)) })),
  });
  const out = neurals.map((n) => series(seriesLabel(n), [n.id]));
  if (neurals.length > 1)
    out.unshift(
      series(
        ALL_LABEL,
        neurals.map((n) => n.id),
      ),
    );
  return out;
}

/** The brand's history: its cells per prompt and update; dynamics from its visibility at the last two. */
function brandPositionHistory(input: HistoryInput) {
  const { scope, prompts, byPrompt, last, prev } = input;
  const allIds = scope.neurals.map((n) => n.id);
  return {
    tableData: {
      dates: scope.updates.map((u) => u.date),
      neurals: scope.neurals.map(neuralRef),
      data: prompts.map((p) => {
        const list = byPrompt.get(p.id) ?? [];
        const at = (runId: number | undefined) =>
          brandVisibility(
            tally(
              scope,
              list.filter((g) => g.run_id === runId),
              allIds,
            ),
          );
        return {
          prompt: { id: p.id, value: p.value, groups: p.groups },
          positions_by_date: cellsByDate(input, list, (g) => g.brand),
          dynamics: dynamicOf(at(prev?.id), at(last?.id)) ?? 'not_changed',
        };
      }),
    },
    chartData: historyChart(input, scope.neurals, (t) => brandVisibility(t) ?? 0),
  };
}

/** The site's best place in the sources of a prompt's answers at one update. */
function siteBest(list: CellGrid[], runId: number | undefined, sourceIds: number[]) {
  const positions: Array<number | null> = [];
  for (const g of list)
    if (g.run_id === runId)
      for (const nid of sourceIds) if (g.brand[nid]) positions.push(g.site[nid]?.position ?? null);
  return bestPosition(positions);
}

/** The site's history over the networks that return sources; dynamics from its best place. */
function sitePositionHistory(input: HistoryInput) {
  const { scope, prompts, sourceNeurals, byPrompt, last, prev } = input;
  const sourceIds = sourceNeurals.map((n) => n.id);
  return {
    tableData: {
      dates: scope.updates.map((u) => u.date),
      neurals: sourceNeurals.map(neuralRef),
      data: prompts.map((p) => {
        const list = byPrompt.get(p.id) ?? [];
        return {
          prompt: { id: p.id, value: p.value },
          positions_by_date: cellsByDate(input, list, (g) => g.site),
          dynamics: prev
            ? positionDynamic(siteBest(list, prev.id, sourceIds), siteBest(list, last?.id, sourceIds))
            : 'not_changed',
        };
      }),
    },
    chartData: historyChart(input, sourceNeurals, (t) => pct(t.site, t.counted)),
  };
}

/** An update's visibility over the selected networks, from the per-update stats already loaded. */
function updateVisibility(scope: Scope, m: BrandMetrics, update: Update) {
  const out = { counted: 0, named: 0 };
  for (const n of scope.neurals) {
    const s = m.neural.get(update.id)?.get(n.id);
    if (!s) continue;
    out.counted += counted(s, scope.countEmpty);
    out.named += s.mentions;
  }
  return out;
}

/** The summary's top competitors, each with its first → last change test. */
async function topCompetitorRows(ctx: EngineContext, scope: Scope, m: BrandMetrics, project: ProjectRow) {
  const top = currentRows(competitorRows(m, project))
    .filter((r) => r.id !== OWN_ID)
    .slice(0, TOP_COMPETITORS);
  const tests = await periodChangeTests(
    ctx,
    scope,
    top.map((r) => r.id as number),
  );
  return top.map((r) =>
    publicRow({ ...r, visibility: { ...r.visibility, change_test: tests.get(r.id as number)! } }),
  );
}
