import type { EngineContext } from '../context';
import type { BrandCell, UrlItem } from '../../../src-shared/api/analytics';
import type { AnswerRow, ProjectRow } from '../db/schema';
import type { Query } from '../validation/query';
import { invalidField } from '../errors';
import { bool } from '../db/connection';
import {
  scopeFor,
  type FilterInput,
  type NeuralInfo,
  type PromptInfo,
  type Scope,
  type Update,
} from './filters';
import { counted, groupBy, neuralStats, pct, sumNeuralStats } from './stats';
import {
  bestPosition,
  dynamicOf,
  parseList,
  positionDynamic,
  cellGrids,
  mentionNeurals,
  siteHistories,
  promptCountVisibilities,
  promptCounts,
  runFacts,
  type Fact,
  type PromptCount,
  type SiteCells,
  type SiteHistory,
} from './facts';
import { decodeCursor, encodeCursor, fingerprint } from './cursor';
import { changeTest, type ChangeTest, type PairOutcome } from './change-test';
import { ALL_LABEL, favicon, neuralRef, projectHead, seriesLabel, x } from './shapes';
import { unpackEvidence } from '../collect/evidence-codec';
import { keepsPresence, keepsPrompt } from './filter-where';

/**
 * The answers tabs (api-spec.md "Answers"). Every tab works on the same list: the prompts under
 * the prompt-level filters, narrowed by `mention`, `tone` and `visibility` at the last update of
 * the period, sorted (decisions.md §7), then cut into pages by an opaque cursor. Totals are over
 * the whole list, so they never change while paging.
 */

export const DEFAULT_PER_PAGE = 50;
/** decisions.md §5 / api-spec.md: `urls` of an answer row carry at most 15 sources. */
export const MAX_URLS = 15;

export interface AnswersOptions {
  /** `relevant_query` is for administrators: the project owner on this engine. */
  showRelevantQuery?: boolean;
  /** `evidence` on each answer (extension); the deprecated /answers gets no new fields. */
  evidence?: boolean;
}

interface ListedPrompt {
  prompt: PromptInfo;
  visibility: number | null;
  dynamic: 'up' | 'down' | 'not_changed' | null;
  /** Counts of the prompt's answers at the last update (the `mention`/`tone` filters read them). */
  last: PromptCount | undefined;
}

interface PromptList {
  scope: Scope;
  last: Update | undefined;
  items: ListedPrompt[];
  page: ListedPrompt[];
  offset: number;
  perPage: number;
  nextCursor: string | null;
  totalMentions: number;
}

const SORT_DEFAULT_ORDER: Record<string, 'asc' | 'desc'> = {
  frequency_sort: 'desc',
  visibility_sort: 'desc',
  value_sort: 'asc',
  created_sort: 'asc',
};

/** Sorts by the chosen field; nulls always last; ties by prompt id. */
export function sortPrompts<T extends { prompt: PromptInfo; visibility: number | null }>(
  items: T[],
  field: string | undefined,
  order: 'asc' | 'desc' | undefined,
): T[] {
  if (!field) return [...items].sort((a, b) => a.prompt.id - b.prompt.id);
  const dir = (order ?? SORT_DEFAULT_ORDER[field]) === 'asc' ? 1 : -1;
  const key = (i: T): number | string | null =>
    field === 'frequency_sort'
      ? i.prompt.frequency
      : field === 'visibility_sort'
        ? i.visibility
        : field === 'value_sort'
          ? i.prompt.value.toLocaleLowerCase()
          : i.prompt.created_at;
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null && kb !== null) return 1;
    if (kb === null && ka !== null) return -1;
    if (ka !== null && kb !== null && ka !== kb) {
      const c = typeof ka === 'string' ? ka.localeCompare(kb as string) : ka - (kb as number);
      return c * dir;
    }
    return a.prompt.id - b.prompt.id;
  });
}

/** The filtered, sorted prompt list and the requested page of it. */
async function listPrompts(ctx: EngineContext, scope: Scope, tab: string): Promise<PromptList> {
  const f = scope.filters;
  const last = scope.updates[scope.updates.length - 1];
  const prev = scope.updates[scope.updates.length - 2];
  const counts = await promptCounts(
    ctx,
    scope,
    [prev?.id, last?.id].filter((v): v is number => v !== undefined),
  );
  const vis = promptCountVisibilities(counts, last?.id, prev?.id, scope.countEmpty);
  let items: ListedPrompt[] = scope.prompts.map((prompt) => {
    const v = vis.get(prompt.id);
    return {
      prompt,
      visibility: v?.last ?? null,
      dynamic: dynamicOf(v?.prev, v?.last),
      last: v?.lastCount,
    };
  });
  items = items.filter((i) => keepsPrompt(f, i.last, i.dynamic));
  items = sortPrompts(items, f.sortField, f.sortOrder);

  const print = fingerprint([
    tab,
    scope.project.id,
    scope.dates,
    scope.neurals.map((n) => n.id),
    scope.groupIds,
    f.prompt ?? null,
    f.mention ?? null,
    f.tone ?? null,
    f.visibility ?? null,
    f.sortField ?? null,
    f.sortOrder ?? null,
  ]);
  const offset = decodeCursor(f.cursor, print);
  const perPage = f.per_page ?? DEFAULT_PER_PAGE;
  const page = items.slice(offset, offset + perPage);
  const nextOffset = offset + page.length;
  return {
    scope,
    last,
    items,
    page,
    offset,
    perPage,
    nextCursor: nextOffset < items.length ? encodeCursor(nextOffset, print) : null,
    totalMentions: items.reduce((sum, i) => sum + (i.last?.mentions ?? 0), 0),
  };
}

/** Visibility curve of the answers tabs: `all` plus one series per network, always. */
async function visibilityChart(ctx: EngineContext, scope: Scope) {
  const stats = await neuralStats(
    ctx,
    scope,
    scope.updates.map((u) => u.id),
  );
  const byRun = groupBy(stats, (r) => r.run_id);
  const series = (id: number | string, label: object, nids: number[]) => ({
    id,
    label,
    data: scope.updates.map((u) => {
      const s = sumNeuralStats((byRun.get(u.id) ?? []).filter((r) => nids.includes(r.neural_id)));
      return { x: x(u), y: pct(s.mentions, counted(s, scope.countEmpty)) };
    }),
  });
  return [
    series(
      'all',
      ALL_LABEL,
      scope.neurals.map((n) => n.id),
    ),
    ...scope.neurals.map((n) => series(n.id, seriesLabel(n), [n.id])),
  ];
}

/** An answer as the answers tabs show it (text, comment, evidence); no raw reply, error or tokens. */
type FullAnswer = Omit<
  AnswerRow,
  'project_id' | 'web_search' | 'raw' | 'error' | 'attempts' | 'created_at' | 'input_tokens' | 'output_tokens'
>;

/** Full answers (text, comment, first 15 sources) of some prompts at some updates. */
async function fullAnswers(ctx: EngineContext, promptIds: number[], runIds: number[], neuralIds: number[]) {
  if (!promptIds.length || !runIds.length || !neuralIds.length)
    return { answers: [], urls: new Map<number, UrlItem[]>() };
  const answers: FullAnswer[] = await ctx.db
    .selectFrom('answers')
    .select([
      'id',
      'run_id',
      'prompt_id',
      'neural_id',
      'has_data',
      'answer',
      'mention',
      'mention_position',
      'tone',
      'occurrences',
      'competitors',
      'site_mentioned',
      'site_position',
      'comment',
      'evidence',
    ])
    .where('run_id', 'in', runIds)
    .where('prompt_id', 'in', promptIds)
    .where('neural_id', 'in', neuralIds)
    .execute();
  const urls = new Map<number, UrlItem[]>();
  if (answers.length) {
    const rows = await ctx.db
      .selectFrom('answer_urls')
      .select(['answer_id', 'url', 'domain', 'position'])
      .where(
        'answer_id',
        'in',
        answers.map((a) => a.id),
      )
      .where('position', '<=', MAX_URLS)
      .orderBy('answer_id')
      .orderBy('position')
      .execute();
    for (const r of rows) {
      const list = urls.get(r.answer_id) ?? urls.set(r.answer_id, []).get(r.answer_id)!;
      if (list.length < MAX_URLS)
        list.push({ url: r.url, domain: r.domain, position: r.position, favicon: favicon(ctx, r.domain) });
    }
  }
  return { answers, urls };
}

/** Lower-cased name → competitor id: canonical names first, then merged members. */
type CompetitorIds = Map<string, number>;

/** The project's competitor ids by name, read only when some answer on the page has evidence. */
async function competitorIdsFor(ctx: EngineContext, projectId: number, answers: FullAnswer[]) {
  const ids: CompetitorIds = new Map();
  if (!answers.some((a) => a.evidence !== null)) return ids;
  const [competitors, members] = await Promise.all([
    ctx.db.selectFrom('competitors').select(['id', 'name']).where('project_id', '=', projectId).execute(),
    ctx.db
      .selectFrom('competitor_members')
      .innerJoin('competitors', 'competitors.id', 'competitor_members.competitor_id')
      .select(['competitors.id', 'competitor_members.name'])
      .where('competitors.project_id', '=', projectId)
      .execute(),
  ]);
  for (const c of competitors) ids.set(c.name.trim().toLowerCase(), c.id);
  for (const m of members)
    if (!ids.has(m.name.trim().toLowerCase())) ids.set(m.name.trim().toLowerCase(), m.id);
  return ids;
}

/**
 * Extension (issue 11): where each finding is in the answer, `answer.slice(start, end) === text`;
 * each competitor span also says which competitor it counts for (`competitor_id`, what the
 * competitor edits take). Null without an answer or for answers analysed before evidence was
 * stored (until they are analysed again).
 */
function evidenceOf(a: FullAnswer | undefined, ids: CompetitorIds) {
  const e = a ? unpackEvidence(a.evidence, a.answer) : null;
  if (!e) return null;
  return {
    brand: e.brand,
    competitors: e.competitors.map((c) => ({
      ...c,
      competitor_id: ids.get(c.name.trim().toLowerCase()) ?? null,
    })),
  };
}

const find = (answers: FullAnswer[], runId: number | undefined, promptId: number, neuralId: number) =>
  answers.find((a) => a.run_id === runId && a.prompt_id === promptId && a.neural_id === neuralId);

function visibilityRow(
  n: NeuralInfo,
  a: FullAnswer | undefined,
  urls: Map<number, UrlItem[]>,
  lastRunId: number | undefined,
  ids: CompetitorIds | null,
) {
  return {
    neural: neuralRef(n),
    mention: a?.mention ?? 0,
    mention_position: a?.mention === 1 ? a.mention_position : null,
    tone: a?.tone ?? null,
    occurrences: parseList(a?.occurrences ?? null),
    competitors: parseList(a?.competitors ?? null),
    answer: a?.answer ?? null,
    urls: a ? (urls.get(a.id) ?? []) : [],
    site_mentioned: a ? bool(a.site_mentioned) : false,
    site_position: a?.site_position ?? null,
    comment: a?.comment ?? null,
    update_id: a?.run_id ?? lastRunId ?? null,
    ...(ids ? { evidence: evidenceOf(a, ids) } : {}),
  };
}

const envelope = (list: PromptList) => ({
  next_cursor: list.nextCursor,
  has_more: list.nextCursor !== null,
  total_prompts: list.items.length,
  total_mentions: list.totalMentions,
});

const answersFilters = (scope: Scope) => ({
  dates: scope.dates,
  neurals: scope.neurals.map((n) => n.id),
  groups: scope.groupIds,
  prompt: scope.filters.prompt ?? null,
  mention: scope.filters.mention ?? null,
  tone: scope.filters.tone ?? null,
  visibility: scope.filters.visibility ?? null,
  sortField: scope.filters.sortField ?? null,
  sortOrder: scope.filters.sortOrder ?? null,
});

async function visibilityTable(ctx: EngineContext, list: PromptList, options: AnswersOptions) {
  const { scope, last } = list;
  const nids = scope.neurals.map((n) => n.id);
  const { answers, urls } = await fullAnswers(
    ctx,
    list.page.map((i) => i.prompt.id),
    last ? [last.id] : [],
    nids,
  );
  const ids = options.evidence ? await competitorIdsFor(ctx, scope.project.id, answers) : null;
  return {
    has_answer: scope.updates.length > 0,
    rows: list.page.map((i) => ({
      prompt: {
        id: i.prompt.id,
        value: i.prompt.value,
        groups: i.prompt.groups,
        groups_raw: i.prompt.groups,
        visibility: i.visibility,
        dynamic: i.dynamic,
        frequency: i.prompt.frequency,
        relevant_query: options.showRelevantQuery ? i.prompt.relevant_query : null,
      },
      data: scope.neurals.map((n) =>
        visibilityRow(n, find(answers, last?.id, i.prompt.id, n.id), urls, last?.id, ids),
      ),
    })),
    ...envelope(list),
  };
}

async function historyTable(ctx: EngineContext, list: PromptList) {
  const { scope } = list;
  const grids = await cellGrids(
    ctx,
    scope,
    list.page.map((i) => i.prompt.id),
    scope.updates.map((u) => u.id),
    scope.neurals.map((n) => n.id),
  );
  const dateOf = new Map(scope.updates.map((u) => [u.id, u.date]));
  const byPrompt = new Map<number, Record<string, Record<string, BrandCell>>>();
  for (const g of grids) {
    const grid = byPrompt.get(g.prompt_id) ?? byPrompt.set(g.prompt_id, {}).get(g.prompt_id)!;
    grid[dateOf.get(g.run_id)!] = g.brand;
  }
  return {
    dates: scope.updates.map((u) => u.date),
    neurals: scope.neurals.map(neuralRef),
    data: list.page.map((i) => ({
      prompt: {
        id: i.prompt.id,
        value: i.prompt.value,
        groups: i.prompt.groups,
        visibility: i.visibility,
        frequency: i.prompt.frequency,
      },
      positions_by_date: byPrompt.get(i.prompt.id) ?? {},
      dynamics: i.dynamic ?? 'not_changed',
    })),
    ...envelope(list),
  };
}

/** GET /api/projects/{project}/answers/visibility */
export async function buildAnswersVisibility(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
  options: AnswersOptions = {},
) {
  const scope = await scopeFor(ctx, project, input, 'answers');
  const list = await listPrompts(ctx, scope, 'answers');
  return {
    project: projectHead(project),
    filters: answersFilters(scope),
    ...envelope(list),
    tableData: await visibilityTable(ctx, list, { evidence: true, ...options }),
    chartData: list.offset === 0 && !scope.filters.cursor ? await visibilityChart(ctx, scope) : [],
  };
}

/** GET /api/projects/{project}/answers/history */
export async function buildAnswersHistory(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
) {
  const scope = await scopeFor(ctx, project, input, 'answers');
  const list = await listPrompts(ctx, scope, 'answers');
  return {
    project: projectHead(project),
    filters: answersFilters(scope),
    ...envelope(list),
    tableData: await historyTable(ctx, list),
    chartData: !scope.filters.cursor ? await visibilityChart(ctx, scope) : [],
  };
}

/** GET /api/projects/{project}/answers (deprecated): visibility and history tabs together. */
export async function buildAnswersLegacy(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
  options: AnswersOptions = {},
) {
  const scope = await scopeFor(ctx, project, input, 'answers');
  const list = await listPrompts(ctx, scope, 'answers');
  const chart = !scope.filters.cursor ? await visibilityChart(ctx, scope) : [];
  return {
    project: projectHead(project),
    filters: answersFilters(scope),
    ...envelope(list),
    data: {
      visibility: {
        tableData: await visibilityTable(ctx, list, { ...options, evidence: false }),
        chartData: chart,
      },
      history: { tableData: await historyTable(ctx, list) },
    },
    deprecation: {
      successors: [
        `/api/projects/${project.id}/answers/visibility`,
        `/api/projects/${project.id}/answers/history`,
      ],
    },
  };
}

/** The latest update on or before a date (`YYYY-MM-DD`). */
export function snapToUpdate(updates: Update[], day: string): Update | undefined {
  let found: Update | undefined;
  for (const u of updates) if (u.date <= day) found = u;
  return found;
}

/**
 * Extension `tableData.change_test`: the brand's McNemar test between the two snapshots of the
 * chosen network, over the prompts the groups and text filters keep (`presence` only filters rows:
 * the test must not be computed on a selection made from its own outcome).
 */
function comparisonChangeTest(
  scope: Scope,
  before: Update | undefined,
  after: Update | undefined,
  beforeFact: Map<number, Fact>,
  afterFact: Map<number, Fact>,
): ChangeTest {
  if (!before || !after || before.id === after.id) return changeTest([]);
  const isCounted = (f: Fact | undefined) => f !== undefined && (f.has_data === 1 || scope.countEmpty);
  const pairs: PairOutcome[] = [];
  for (const p of scope.prompts) {
    const b = beforeFact.get(p.id);
    const a = afterFact.get(p.id);
    if (isCounted(b) && isCounted(a)) pairs.push({ before: b!.mention === 1, after: a!.mention === 1 });
  }
  return changeTest(pairs);
}

/** GET /api/projects/{project}/answers/comparison */
export async function buildComparison(ctx: EngineContext, project: ProjectRow, input: FilterInput | Query) {
  const scope = await scopeFor(
    ctx,
    project,
    { ...input, dates: undefined, neurals: undefined },
    'comparison',
  );
  const f = scope.filters;
  const all = scope.allUpdates;
  const neural =
    f.neural === undefined ? scope.projectNeurals[0] : scope.projectNeurals.find((n) => n.id === f.neural);
  if (!neural && f.neural !== undefined) throw invalidField('neural', 'The selected neural is invalid.');
  const before = f.date1 ? snapToUpdate(all, f.date1) : all[all.length - 2];
  const after = f.date2 ? snapToUpdate(all, f.date2) : all[all.length - 1];
  const nids = neural ? [neural.id] : [];
  const facts = await runFacts(
    ctx,
    scope,
    [before?.id, after?.id].filter((v): v is number => v !== undefined),
    nids,
  );
  const afterFact = new Map(facts.filter((a) => a.run_id === after?.id).map((a) => [a.prompt_id, a]));
  const beforeFact = new Map(facts.filter((a) => a.run_id === before?.id).map((a) => [a.prompt_id, a]));

  const changeOf = comparisonChangeTest(scope, before, after, beforeFact, afterFact);

  let items = scope.prompts.map((prompt) => {
    const a = afterFact.get(prompt.id);
    const b = beforeFact.get(prompt.id);
    return {
      prompt,
      visibility: a ? (a.mention === 1 ? 100 : a.has_data === 1 || scope.countEmpty ? 0 : null) : null,
      after: a,
      dynamic: positionDynamic(
        b?.mention === 1 ? (b.mention_position ?? null) : null,
        a?.mention === 1 ? (a.mention_position ?? null) : null,
      ),
    };
  });
  items = items.filter((i) => keepsPresence(f.presence, i.after));
  items = sortPrompts(items, f.sortField, f.sortOrder);
  const print = fingerprint([
    'comparison',
    project.id,
    neural?.id ?? null,
    before?.id ?? null,
    after?.id ?? null,
    scope.groupIds,
    f.prompt ?? null,
    f.presence ?? null,
    f.sortField ?? null,
    f.sortOrder ?? null,
  ]);
  const offset = decodeCursor(f.cursor, print);
  const page = items.slice(offset, offset + (f.per_page ?? DEFAULT_PER_PAGE));
  const nextOffset = offset + page.length;
  const nextCursor = nextOffset < items.length ? encodeCursor(nextOffset, print) : null;
  const { answers, urls } = await fullAnswers(
    ctx,
    page.map((i) => i.prompt.id),
    [before?.id, after?.id].filter((v): v is number => v !== undefined),
    nids,
  );
  const ids = await competitorIdsFor(ctx, project.id, answers);
  const answerOf = (runId: number | undefined, promptId: number) => {
    const a = runId === undefined || !neural ? undefined : find(answers, runId, promptId, neural.id);
    return {
      answer: a?.answer ?? null,
      has_data: a ? bool(a.has_data) : false,
      brand_position: a?.mention === 1 ? a.mention_position : null,
      mention: a?.mention ?? 0,
      tone: a?.tone ?? null,
      occurrences: parseList(a?.occurrences ?? null),
      competitors: parseList(a?.competitors ?? null),
      site_mentioned: a ? bool(a.site_mentioned) : false,
      site_position: a?.site_position ?? null,
      urls: a ? (urls.get(a.id) ?? []) : [],
      evidence: evidenceOf(a, ids),
    };
  };
  const totals = {
    total_prompts: items.length,
    total_mentions: items.filter((i) => i.after?.mention === 1).length,
  };
  return {
    project: projectHead(project),
    filters: {
      neural: neural?.id ?? null,
      date1: f.date1 ?? null,
      date2: f.date2 ?? null,
      presence: f.presence ?? null,
      groups: scope.groupIds,
      prompt: f.prompt ?? null,
    },
    next_cursor: nextCursor,
    has_more: nextCursor !== null,
    ...totals,
    tableData: {
      has_answer: all.length > 0,
      ...totals,
      neural: neural ? neuralRef(neural) : null,
      date1: before?.date ?? null,
      date2: after?.date ?? null,
      change_test: changeOf,
      rows: page.map((i) => ({
        prompt: { id: i.prompt.id, value: i.prompt.value, groups: i.prompt.groups, dynamic: i.dynamic },
        answer1: answerOf(before?.id, i.prompt.id),
        answer2: answerOf(after?.id, i.prompt.id),
      })),
      next_cursor: nextCursor,
      has_more: nextCursor !== null,
    },
    chartData: [],
  };
}

/**
 * GET /api/projects/{project}/answers/sources-history: the project site's place in the sources,
 * by update date, for networks that return sources. Not paginated. Takes the Sources filters.
 */
export async function buildSourcesHistory(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
) {
  const scope = await scopeFor(ctx, project, input, 'sources', { sourcesOnly: true });
  return { project: projectHead(project), ...(await sourcesHistoryBody(ctx, scope)) };
}

export async function sourcesHistoryBody(ctx: EngineContext, scope: Scope) {
  const f = scope.filters;
  const last = scope.updates[scope.updates.length - 1];
  const prev = scope.updates[scope.updates.length - 2];
  const nids = scope.neurals.map((n) => n.id);
  const [histories, mentions] = await Promise.all([
    siteHistories(
      ctx,
      scope,
      scope.prompts.map((p) => p.id),
      scope.updates.map((u) => u.id),
      nids,
    ),
    mentionNeurals(ctx, scope, last?.id, nids),
  ]);
  const dateOf = new Map(scope.updates.map((u) => [u.id, u.date]));
  const cellsAt = (h: SiteHistory | undefined, runId: number | undefined) => {
    const i = h && runId !== undefined ? h.runs.lastIndexOf(runId) : -1;
    return i >= 0 ? h!.cells[i] : undefined;
  };
  const best = (cells: SiteCells | undefined) =>
    bestPosition(cells ? Object.values(cells).map((c) => c.position) : []);
  const data = scope.prompts
    .map((p) => {
      const h = histories.get(p.id);
      const grid: Record<string, SiteCells> = {};
      if (h) for (let i = 0; i < h.runs.length; i++) grid[dateOf.get(h.runs[i])!] = h.cells[i];
      const lastCells = cellsAt(h, last?.id);
      const dynamics = prev ? positionDynamic(best(cellsAt(h, prev.id)), best(lastCells)) : 'not_changed';
      const lastMentions = lastCells ? (mentions.get(p.id)?.length ?? 0) : 0;
      const siteMentioned = lastCells ? Object.values(lastCells).some((c) => c.mentioned) : false;
      return { p, lastMentions, siteMentioned, grid, dynamics };
    })
    .filter(({ lastMentions, siteMentioned, dynamics }) =>
      keepsPrompt(
        { mention: f.mention_filter, visibility: f.visibility },
        { mentions: lastMentions, site_mentions: siteMentioned ? 1 : 0 },
        dynamics,
      ),
    );
  return {
    filters: {
      dates: scope.dates,
      neurals: scope.neurals.map((n) => n.id),
      groups: scope.groupIds,
      prompt_search: f.prompt_search ?? null,
      mention_filter: f.mention_filter ?? null,
      min_frequency: f.min_frequency ?? null,
      visibility: f.visibility ?? null,
      urls_mode: f.urls_mode ?? 'all',
    },
    next_cursor: null,
    has_more: false,
    total_prompts: data.length,
    total_mentions: data.reduce((sum, d) => sum + d.lastMentions, 0),
    tableData: {
      dates: scope.updates.map((u) => u.date),
      neurals: scope.neurals.map(neuralRef),
      data: data.map(({ p, grid, dynamics }) => ({
        prompt: { id: p.id, value: p.value },
        positions_by_date: grid,
        dynamics,
      })),
    },
    chartData: [],
  };
}
