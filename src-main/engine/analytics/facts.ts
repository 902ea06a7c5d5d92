import { sql, type Selectable } from 'kysely';
import type { AggSiteCellsTable, AggUpdatePromptTable, AnswerRow } from '../db/schema';
import { sqlFor, type AnyKysely } from '../db/dialect';
import type { EngineContext } from '../context';
import type { Scope } from './filters';
import { scopeAnswers } from './filter-where';
import { countColumns, countRefs, PROMPT_COUNTS } from './answer-counts';
import type { BrandCell } from '../../../src-shared/api/analytics';
import { groupBy, pct } from './stats';

/**
 * Answer-level reads of the answers tabs and the per-prompt parts of summary. Both queries are
 * served by covering indexes of migration 0003 (no answer text is read).
 */

/** What the covering indexes hold of an answer (no text). */
export type Fact = Pick<
  AnswerRow,
  | 'run_id'
  | 'prompt_id'
  | 'neural_id'
  | 'has_data'
  | 'mention'
  | 'mention_position'
  | 'tone'
  | 'site_mentioned'
  | 'site_position'
>;

export type Cell = Fact & Pick<AnswerRow, 'occurrences' | 'competitors'>;

/** Facts of the selected networks' answers of the scope's prompts at some updates. */
export async function runFacts(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  neuralIds?: number[],
): Promise<Fact[]> {
  const nids = neuralIds ?? scope.neurals.map((n) => n.id);
  if (!runIds.length || !nids.length || !scope.prompts.length) return [];
  return ctx.db
    .selectFrom('answers')
    .select([
      'run_id',
      'prompt_id',
      'neural_id',
      'has_data',
      'mention',
      'mention_position',
      'tone',
      'site_mentioned',
      'site_position',
    ])
    .where(scopeAnswers(scope, { runIds, neuralIds: nids }))
    .execute();
}

/** A prompt's visibility % over some answers (one update); null when none is counted. */
export function visibilityOf(facts: Fact[], countEmpty: boolean): number | null {
  const countedFacts = facts.filter((f) => countEmpty || f.has_data === 1);
  if (!countedFacts.length) return null;
  return pct(countedFacts.filter((f) => f.mention === 1).length, countedFacts.length);
}

export type Dynamic = 'up' | 'down' | 'not_changed';

/** decisions.md §5: `dynamic` compares the last two updates of the period. */
export function dynamicOf(prev: number | null | undefined, last: number | null | undefined): Dynamic | null {
  if (prev === null || prev === undefined || last === null || last === undefined) return null;
  return last > prev ? 'up' : last < prev ? 'down' : 'not_changed';
}

/**
 * Position dynamics (lower is better): appearing or rising is `up`, vanishing or dropping is
 * `down` (api-spec.md comparison; the same rule serves site positions).
 */
export function positionDynamic(before: number | null, after: number | null): Dynamic {
  if (before === null && after !== null) return 'up';
  if (before !== null && after === null) return 'down';
  if (before !== null && after !== null)
    return after < before ? 'up' : after > before ? 'down' : 'not_changed';
  return 'not_changed';
}

/** Best (lowest) position among some answers, or null. */
export function bestPosition(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? Math.min(...present) : null;
}

/** Per prompt visibility at the last and previous update of the period. */
export function promptVisibilities(
  facts: Fact[],
  lastRun: number | undefined,
  prevRun: number | undefined,
  countEmpty: boolean,
) {
  const byPrompt = groupBy(facts, (f) => f.prompt_id);
  const result = new Map<number, { last: number | null; prev: number | null; lastFacts: Fact[] }>();
  for (const [promptId, list] of byPrompt) {
    const lastFacts = list.filter((f) => f.run_id === lastRun);
    result.set(promptId, {
      last: visibilityOf(lastFacts, countEmpty),
      prev:
        prevRun === undefined
          ? null
          : visibilityOf(
              list.filter((f) => f.run_id === prevRun),
              countEmpty,
            ),
      lastFacts,
    });
  }
  return result;
}

export const parseList = (json: string | null): string[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

// ---------------------------------------------------------------------------------------------
// Pre-aggregated reads (issue 4 "Performance"): SQLite counts and builds JSON in C, so a request
// carries hundreds of rows into JavaScript instead of tens of thousands of answer rows.

/** Counts of one prompt's answers at one update over the selected networks. */
type PromptCountRow = Selectable<AggUpdatePromptTable>;
export type PromptCount = Omit<PromptCountRow, 'project_id' | 'cells'>;

/** Per (update, prompt) counts of the scope's prompts; the covering index answers_run_facts serves it. */
export async function promptCounts(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  neuralIds?: number[],
): Promise<PromptCount[]> {
  const nids = neuralIds ?? scope.neurals.map((n) => n.id);
  if (!runIds.length || !nids.length || !scope.prompts.length) return [];
  const promptFilter = scope.allPrompts
    ? sql``
    : sql`and prompt_id in (${sql.join(scope.prompts.map((p) => p.id))})`;
  // The stored counts (agg_update_prompt) are over every network that answered: they stand for
  // the selection when it covers every network with answers at those updates. That is asked in
  // the same statement (one round trip on PostgreSQL): no row back means it does not, or that
  // there is nothing to count, and the answers are then read.
  const { rows: stored } = await sql<PromptCount>`
    select run_id, prompt_id, ${countRefs(PROMPT_COUNTS)}
    from agg_update_prompt
    where project_id = ${scope.project.id} and run_id in (${sql.join(runIds)}) ${promptFilter}
      and not exists (
        select 1 from agg_update_neural
        where project_id = ${scope.project.id} and run_id in (${sql.join(runIds)})
          and neural_id not in (${sql.join(nids)}))`.execute(ctx.db);
  if (stored.length) return stored;
  const { rows } = await sql<PromptCount>`
    select run_id, prompt_id, ${countColumns(ctx.db, PROMPT_COUNTS)}
    from answers
    where run_id in (${sql.join(runIds)}) and neural_id in (${sql.join(nids)}) ${promptFilter}
    group by run_id, prompt_id`.execute(ctx.db);
  return rows;
}

/** visibilityOf over counts: null when no answer is counted (decisions.md §5). */
export function countedVisibility(
  c: Pick<PromptCount, 'answers' | 'with_data' | 'mentions' | 'mentions_with_data'> | undefined,
  countEmpty: boolean,
): number | null {
  if (!c) return null;
  const whole = countEmpty ? c.answers : c.with_data;
  if (!whole) return null;
  return pct(countEmpty ? c.mentions : c.mentions_with_data, whole);
}

/** Per prompt visibility at the last and previous update, from counts (as promptVisibilities). */
export function promptCountVisibilities(
  counts: PromptCount[],
  lastRun: number | undefined,
  prevRun: number | undefined,
  countEmpty: boolean,
) {
  const result = new Map<number, { last: number | null; prev: number | null; lastCount?: PromptCount }>();
  for (const c of counts) {
    const entry = result.get(c.prompt_id) ?? { last: null, prev: null };
    if (c.run_id === lastRun) {
      entry.last = countedVisibility(c, countEmpty);
      entry.lastCount = c;
    } else if (c.run_id === prevRun) entry.prev = countedVisibility(c, countEmpty);
    result.set(c.prompt_id, entry);
  }
  return result;
}

export interface SiteCell {
  mentioned: boolean;
  position: number | null;
}

/** One prompt at one update: its cells by network id (only networks that answered). */
export interface CellGrid {
  prompt_id: number;
  run_id: number;
  brand: Record<string, BrandCell>;
  /** Cells of the `siteNeuralIds` networks only; `{}` when none answered. */
  site: Record<string, SiteCell>;
}

/**
 * The brand cells of a group of answers as one JSON object (network id → cell), built by the
 * database in the shape of `brandCell`; list columns holding anything but an array read as `[]`,
 * as parseList reads them.
 */
export function brandCellsJson(db: AnyKysely) {
  const f = sqlFor(db);
  return f.jsonObjectAgg(
    sql`neural_id`,
    f.jsonObject([
      ['mention', sql`mention`],
      ['mention_position', sql`mention_position`],
      ['tone', sql`tone`],
      ['occurrences', f.jsonArrayOrEmpty('occurrences')],
      ['competitors', f.jsonArrayOrEmpty('competitors')],
      ['has_data', f.jsonBool(sql`has_data = 1`)],
    ]),
  );
}

/**
 * The history cells of some prompts over some updates, one entry per (prompt, update) in the
 * order (prompt, update). Brand cells come from agg_update_prompt; site cells (summary's site
 * history, a few prompts) from agg_update_prompt_site (see siteHistories); a grid's site object
 * may be shared with other grids: read-only.
 */
export async function cellGrids(
  ctx: EngineContext,
  scope: Scope,
  promptIds: number[],
  runIds: number[],
  neuralIds: number[],
  siteNeuralIds: number[] = [],
): Promise<CellGrid[]> {
  if (!runIds.length || !neuralIds.length || !promptIds.length) return [];
  // Both reads at once (one round trip less on PostgreSQL).
  const [grids, histories] = await Promise.all([
    storedGrids(ctx, scope, promptIds, runIds, neuralIds),
    siteNeuralIds.length ? siteHistories(ctx, scope, promptIds, runIds, siteNeuralIds) : null,
  ]);
  if (!histories || !grids.length) return grids;
  // Site cells from the stored sources-history cells (migration 0006), reshaped once per
  // distinct cell object to {mentioned, position}.
  const reshaped = new Map<SiteCells, Record<string, SiteCell>>();
  const siteOf = (cells: SiteCells) => {
    let site = reshaped.get(cells);
    if (!site) {
      site = {};
      for (const [nid, c] of Object.entries(cells))
        site[nid] = { mentioned: c.mentioned, position: c.position };
      reshaped.set(cells, site);
    }
    return site;
  };
  const byKey = new Map(grids.map((g) => [`${g.prompt_id}|${g.run_id}`, g]));
  for (const [promptId, h] of histories)
    for (let i = 0; i < h.runs.length; i++) {
      const grid = byKey.get(`${promptId}|${h.runs[i]}`);
      if (grid) grid.site = siteOf(h.cells[i]);
    }
  return grids;
}

/**
 * Brand cells written when each run completed (agg_update_prompt, migration 0005): the history
 * tab reads one short JSON text per (prompt, update) and drops networks outside the selection.
 */
async function storedGrids(
  ctx: EngineContext,
  scope: Scope,
  promptIds: number[],
  runIds: number[],
  neuralIds: number[],
): Promise<CellGrid[]> {
  const wanted = new Set(neuralIds.map(String));
  const out: CellGrid[] = [];
  for (const r of await storedCells(ctx, scope, promptIds, runIds)) {
    const cut = selectedCells(r.cells, wanted);
    if (cut) out.push({ prompt_id: r.prompt_id, run_id: r.run_id, brand: cut.brand, site: {} });
  }
  return out;
}

/** One prompt at one update: its brand cells as stored (all networks, the database's JSON text). */
export interface StoredCells {
  prompt_id: number;
  run_id: number;
  cells: string;
}

/**
 * The brand cells of cellGrids for a body that is only written out (answers/history): the stored
 * texts, in cellGrids' order, and `textOf`, which turns one into the JSON text of cellGrids'
 * `brand` (cut to the selection; null when no selected network answered). Called as the body is
 * written, each text is parsed and written again at once: what stays alive while a page is sent
 * is the texts read, not tens of thousands of cell objects (which the collector copied between
 * generations at every minor collection).
 */
export async function cellTexts(
  ctx: EngineContext,
  scope: Scope,
  promptIds: number[],
  runIds: number[],
  neuralIds: number[],
): Promise<{ rows: StoredCells[]; textOf: (cells: string) => string | null }> {
  const wanted = new Set(neuralIds.map(String));
  // A text with no network cut out is written as stored (no stringify of what was just parsed).
  const textOf = (cells: string) => {
    const cut = selectedCells(cells, wanted);
    return cut ? (cut.whole ? cells : JSON.stringify(cut.brand)) : null;
  };
  if (!runIds.length || !neuralIds.length || !promptIds.length) return { rows: [], textOf };
  const [rows, whole] = await Promise.all([
    storedCells(ctx, scope, promptIds, runIds),
    everyNetworkSelected(ctx, scope, runIds, neuralIds),
  ]);
  // When every network that answered at those updates is selected, no text has one to cut out:
  // each is written as stored without parsing it (a page's 5,200 texts, 3.5 MB, parsed only to
  // find nothing to cut, were half of answers/history's time). A stored text is never `{}` (a
  // prompt has a row at an update only when it was answered there).
  return { rows, textOf: whole ? (cells) => cells : textOf };
}

/** No network outside the selection answered at these updates (agg_update_neural: one row per network that answered). */
async function everyNetworkSelected(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  neuralIds: number[],
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from agg_update_neural
    where project_id = ${scope.project.id} and run_id in (${sql.join(runIds)})
      and neural_id not in (${sql.join(neuralIds)})
    limit 1`.execute(ctx.db);
  return rows.length === 0;
}

/** The stored cells texts of some prompts at some updates, in (prompt, update) order. */
async function storedCells(
  ctx: EngineContext,
  scope: Scope,
  promptIds: number[],
  runIds: number[],
): Promise<StoredCells[]> {
  // Sorted here, not by `order by`: SQLite reads the rows in key order anyway, but PostgreSQL
  // (a heap, no clustered key) sorted the 5,000 wide rows of a page on disk (work_mem), 5× slower
  // than the read itself.
  const { rows } = await sql<Pick<PromptCountRow, 'prompt_id' | 'run_id' | 'cells'>>`
    select prompt_id, run_id, cells from agg_update_prompt
    where project_id = ${scope.project.id} and prompt_id in (${sql.join(promptIds)})
      and +run_id in (${sql.join(runIds)})`.execute(ctx.db);
  return rows.sort((a, b) => a.prompt_id - b.prompt_id || a.run_id - b.run_id);
}

/**
 * A stored cells text cut to the selected networks (list entries as strings); null when none is
 * left (`wanted` null: every network). `whole`: no network was cut out, so the stored text
 * (canonical, migration 0014) is the JSON text of `brand` as it is.
 */
function selectedCells(
  text: string,
  wanted: ReadonlySet<string> | null,
): { brand: Record<string, BrandCell>; whole: boolean } | null {
  const brand = JSON.parse(text) as Record<string, BrandCell>;
  let kept = 0;
  let whole = true;
  for (const key of Object.keys(brand)) {
    if (wanted && !wanted.has(key)) {
      delete brand[key];
      whole = false;
    } else {
      kept++;
      brand[key].occurrences = asStrings(brand[key].occurrences);
      brand[key].competitors = asStrings(brand[key].competitors);
    }
  }
  return kept ? { brand, whole } : null;
}

/**
 * The text agg_update_prompt stores a prompt's cells in (migration 0014): what JSON.stringify
 * gives for the cells the analytics read from it (networks in ascending id order, compact, list
 * entries as strings), so a response can carry the stored text unparsed.
 */
export function canonicalCellsText(text: string): string {
  return JSON.stringify(selectedCells(text, null)?.brand ?? {});
}

/** parseList's `map(String)`, skipped when every entry is a string already (the usual case). */
function asStrings(list: unknown[]): string[] {
  return list.every((v) => typeof v === 'string') ? (list as string[]) : list.map(String);
}

/** The site cells of a group of answers (network id → sources history cell), built by the database. */
export function siteCellsJson(db: AnyKysely) {
  const f = sqlFor(db);
  return f.jsonObjectAgg(
    sql`neural_id`,
    f.jsonObject([
      ['mentioned', f.jsonBool(sql`site_mentioned = 1`)],
      ['position', sql`site_position`],
      ['has_data', f.jsonBool(sql`has_data = 1`)],
    ]),
  );
}

/** The networks whose answer mentions the brand, among a group of answers (a JSON array). */
export const mentionNeuralsJson = (db: AnyKysely) =>
  sqlFor(db).jsonArrayAgg(sql`neural_id`, { filter: sql`mention = 1` });

/** A cell of the sources history (answers/sources-history). */
export interface SiteHistoryCell {
  mentioned: boolean;
  position: number | null;
  has_data: boolean;
}

/** Site cells (selected networks) of one network-keyed object; shared between updates: read-only. */
export type SiteCells = Readonly<Record<string, SiteHistoryCell>>;

/** One prompt's sources history: the updates where a selected network answered, oldest first. */
export interface SiteHistory {
  runs: number[];
  cells: SiteCells[];
}

/**
 * Site cells of some prompts over some updates, cut to the selected networks, by prompt, from
 * agg_update_prompt_site (migration 0006). A year of 500 prompts is 52,000 (update, prompt) pairs
 * but only a few thousand distinct cell texts (agg_site_cells): each text is read, parsed and cut
 * once per request, and updates with the same text share the cut object (the response is only
 * serialized). Updates where no selected network answered are left out, as a read of the answers
 * would leave them.
 */
export async function siteHistories(
  ctx: EngineContext,
  scope: Scope,
  promptIds: number[],
  runIds: number[],
  neuralIds: number[],
): Promise<Map<number, SiteHistory>> {
  const out = new Map<number, SiteHistory>();
  if (!runIds.length || !neuralIds.length || !promptIds.length) return out;
  // One row per prompt with its updates and cell ids as two JSON lists: 52,000 row objects would
  // cost more than the reading. Both lists come in the same (unspecified) order, put in update
  // order here: an ordered aggregate sorts each group again on PostgreSQL 15 (SQLite reads the
  // key order and gives sorted lists, checked in one pass).
  const f = sqlFor(ctx.db);
  const { rows } = await sql<{ prompt_id: number; runs: string; cells: string }>`
    select prompt_id, ${f.jsonArrayAgg(sql`run_id`)} as runs, ${f.jsonArrayAgg(sql`cells_id`)} as cells
    from agg_update_prompt_site
    where project_id = ${scope.project.id} and prompt_id in (${sql.join(promptIds)})
      and +run_id in (${sql.join(runIds)})
    group by prompt_id`.execute(ctx.db);
  const lists = rows.map((r) =>
    inUpdateOrder(r.prompt_id, JSON.parse(r.runs) as number[], JSON.parse(r.cells) as number[]),
  );
  const ids = new Set<number>();
  for (const l of lists) for (const id of l.cells) ids.add(id);
  const { rows: texts } = await sql<Selectable<AggSiteCellsTable>>`
    select id, cells from agg_site_cells
    where id in (${f.integersOfJson(JSON.stringify([...ids]))})`.execute(ctx.db);
  const wanted = new Set(neuralIds.map(String));
  const cut = new Map<number, SiteCells>();
  for (const t of texts) {
    const cells = JSON.parse(t.cells) as Record<string, SiteHistoryCell>;
    let kept = 0;
    for (const key of Object.keys(cells)) {
      if (wanted.has(key)) kept++;
      else delete cells[key];
    }
    if (kept) cut.set(t.id, cells);
  }
  for (const l of lists) {
    const history: SiteHistory = { runs: [], cells: [] };
    for (let i = 0; i < l.runs.length; i++) {
      const cells = cut.get(l.cells[i]);
      if (!cells) continue;
      history.runs.push(l.runs[i]);
      history.cells.push(cells);
    }
    if (history.runs.length) out.set(l.promptId, history);
  }
  return out;
}

/** A prompt's (update, cell id) lists sorted by update, together. */
function inUpdateOrder(promptId: number, runs: number[], cells: number[]) {
  let sorted = true;
  for (let i = 1; i < runs.length && sorted; i++) sorted = runs[i - 1] <= runs[i];
  if (sorted) return { promptId, runs, cells };
  const order = runs.map((_, i) => i).sort((a, b) => runs[a] - runs[b]);
  return { promptId, runs: order.map((i) => runs[i]), cells: order.map((i) => cells[i]) };
}

/** Per prompt, the selected networks whose answer at one update mentions the brand. */
export async function mentionNeurals(
  ctx: EngineContext,
  scope: Scope,
  runId: number | undefined,
  neuralIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (runId === undefined || !neuralIds.length) return out;
  const rows = await ctx.db
    .selectFrom('agg_update_prompt_site')
    .select(['prompt_id', 'mentions'])
    .where('project_id', '=', scope.project.id)
    .where('run_id', '=', runId)
    .execute();
  const wanted = new Set(neuralIds);
  for (const r of rows) {
    const ids = (JSON.parse(r.mentions) as number[]).filter((id) => wanted.has(id));
    if (ids.length) out.set(r.prompt_id, ids);
  }
  return out;
}
