import { z } from 'zod';
import type { EngineContext } from '../context';
import type { NeuralRow, ProjectRow, PromptRow } from '../db/schema';
import { parseInput } from '../validation/parse-input';
import { invalidField } from '../errors';
import { parseDay } from '../../../src-shared/time';
import type { SourcesFilters } from '../../../src-shared/api/analytics';
import {
  COMPETITOR_FILTER_TYPES,
  MENTION,
  METRICS,
  METRICS_ACTIONS,
  PRESENCE,
  SORT_FIELDS,
  TONES,
  URLS_MODES,
  VISIBILITY,
} from '../../../src-shared/enums';
import type { Query } from '../validation/query';

/**
 * The one filter module of analytics (ARCHITECTURE.md "Rules of the house"): every endpoint and
 * every report block parses its parameters here and resolves them against the project here, so
 * `dates[]`, `neurals[]`, `groups[]`, `prompt`, `mention`, `tone` mean the same thing everywhere.
 *
 * `parseFilters` validates a query (or a plain object from reports) → 422 with field paths.
 * `resolveScope` turns the parsed filters into the concrete set of updates, networks and prompts.
 */

/** What a caller may pass: the raw query (strings, bracket arrays) or a plain object from reports. */
export type FilterInput = Record<string, unknown>;

/** Which endpoint family parses: it decides the `per_page` bounds and defaults. */
export type FilterKind = 'summary' | 'competitors' | 'answers' | 'comparison' | 'sources' | 'sources_list';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const list = (v: unknown) =>
  v === undefined || v === null || v === '' ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
const id = z.coerce.number().int().positive();
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => optional(z.enum(values));
const int = (min: number, max?: number) => {
  let s = z.coerce.number().int().min(min);
  if (max !== undefined) s = s.max(max);
  return optional(s);
};
const text = optional(z.string().trim().max(500));
const day = z.string().refine((v) => parseDay(v) !== null, {
  message: 'The date must be YYYY-MM-DD or DD.MM.YYYY.',
});

function schemaFor(kind: FilterKind) {
  const perPage =
    kind === 'sources_list'
      ? int(5, 100)
      : kind === 'answers' || kind === 'comparison'
        ? int(1, 200)
        : int(1);
  return z.object({
    dates: z.preprocess(list, z.array(day).length(2).or(z.array(day).length(0))),
    neurals: z.preprocess(list, z.array(id)),
    groups: z.preprocess(list, z.array(id)),
    prompt: text,
    prompt_search: text,
    search: text,
    mention: oneOf(MENTION),
    mention_filter: oneOf(MENTION),
    tone: oneOf(TONES),
    visibility: oneOf(VISIBILITY),
    min_frequency: int(0),
    type: oneOf(COMPETITOR_FILTER_TYPES),
    metrics: oneOf(METRICS),
    metricsAction: oneOf(METRICS_ACTIONS),
    competitors_count: int(1),
    presence: oneOf(PRESENCE),
    urls_count: int(0),
    urls_mode: oneOf(URLS_MODES),
    sortField: oneOf(SORT_FIELDS),
    sortOrder: oneOf(['asc', 'desc'] as const),
    per_page: perPage,
    page: int(1),
    cursor: optional(z.string().max(2000)),
    neural: optional(id),
    date1: optional(day),
    date2: optional(day),
  });
}

export type ParsedFilters = z.infer<ReturnType<typeof schemaFor>> & { kind: FilterKind };

/** Validates filters; unknown keys are ignored. `dates` takes exactly two entries. */
/** One schema per endpoint family, built once (zod schemas are immutable). */
const schemas = new Map<FilterKind, ReturnType<typeof schemaFor>>();

export function parseFilters(input: FilterInput | Query, kind: FilterKind): ParsedFilters {
  const schema = schemas.get(kind) ?? schemas.set(kind, schemaFor(kind)).get(kind)!;
  const parsed = parseInput(schema, input ?? {});
  const dates = parsed.dates.map((d) => parseDay(d)!);
  if (dates.length === 2 && dates[0] > dates[1]) {
    throw invalidField('dates', 'The start of the date range must not be after its end.');
  }
  return { ...parsed, dates, kind };
}

// ---------------------------------------------------------------------------------------------
// Resolution against the project

export interface Update {
  /** The run id: `update_id` everywhere. */
  id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  finished_at: string | null;
}

export interface NeuralInfo extends Pick<NeuralRow, 'id' | 'system_name' | 'display_name' | 'logo'> {
  order: number;
  /** Returns sources: the network supports web search and the project has it on. */
  sources: boolean;
}

export interface PromptInfo extends Pick<
  PromptRow,
  'id' | 'value' | 'frequency' | 'relevant_query' | 'created_at'
> {
  groups: string[];
}

export interface Scope {
  project: ProjectRow;
  filters: ParsedFilters;
  /** Every update of the project, oldest first, one per date (the latest run of a day stands). */
  allUpdates: Update[];
  /** Updates inside the date range, oldest first. */
  updates: Update[];
  /** Applied range `[from, to]` (`YYYY-MM-DD`); `[]` when the project has no update yet. */
  dates: string[];
  /** Every network connected to the project, in project order. */
  projectNeurals: NeuralInfo[];
  /** Selected networks. */
  neurals: NeuralInfo[];
  groupIds: number[];
  /** Prompts under the prompt-level filters (groups, text, frequency), in id order. */
  prompts: PromptInfo[];
  /**
   * True when `prompts` is every prompt the project ever answered for: aggregates written per
   * update can then stand for the answers (no prompt-level filter, no deleted prompt).
   */
  allPrompts: boolean;
  /** How many prompts the project has (not deleted), whatever the filters. */
  promptsCount: number;
  /** decisions.md §5: empty answers are counted when `count_empty_answers` is on. */
  countEmpty: boolean;
}

export interface ResolveOptions {
  /** Sources endpoints: only networks that return sources are used. */
  sourcesOnly?: boolean;
}

/** The project's updates: completed runs, the latest of each date standing for it. */
export async function loadUpdates(ctx: EngineContext, projectId: number): Promise<Update[]> {
  const runs = await ctx.db
    .selectFrom('parse_runs')
    .select(['id', 'update_date', 'finished_at'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'completed')
    .where('update_date', 'is not', null)
    .orderBy('update_date')
    .orderBy('finished_at')
    .orderBy('id')
    .execute();
  const byDate = new Map<string, Update>();
  for (const r of runs)
    byDate.set(r.update_date!, { id: r.id, date: r.update_date!, finished_at: r.finished_at });
  return [...byDate.values()];
}

export async function loadProjectNeurals(ctx: EngineContext, projectId: number): Promise<NeuralInfo[]> {
  const rows = await ctx.db
    .selectFrom('project_neurals')
    .innerJoin('neurals', 'neurals.id', 'project_neurals.neural_id')
    .select([
      'neurals.id',
      'neurals.system_name',
      'neurals.display_name',
      'neurals.logo',
      'neurals.web_search_supported',
      'project_neurals.web_search_enabled',
      'project_neurals.position',
    ])
    .where('project_neurals.project_id', '=', projectId)
    .orderBy('project_neurals.position')
    .orderBy('neurals.id')
    .execute();
  return rows.map((r, i) => ({
    id: r.id,
    system_name: r.system_name,
    display_name: r.display_name,
    logo: r.logo,
    order: i,
    sources: r.web_search_supported === 1 && r.web_search_enabled === 1,
  }));
}

/** What resolveScope reads of the project's prompts and groups. */
interface PromptsAndGroups {
  /** Active prompts with their group names, in id order. */
  prompts: PromptInfo[];
  /** Whether the project has a deleted prompt (its answers are then outside the aggregates' prompts). */
  deleted: boolean;
  /** Every group of the project. */
  groupIds: Set<number>;
  /** Which prompts each group holds (deleted prompts included). */
  members: Map<number, number[]>;
}

/**
 * The project's prompts and groups in two statements (each a round trip on PostgreSQL, and every
 * analytics request resolves a scope): the active prompts plus at most one deleted one (enough to
 * know there is one), and the groups with their links (a group without prompts too).
 */
async function loadPrompts(ctx: EngineContext, projectId: number): Promise<PromptsAndGroups> {
  const [rows, links] = await Promise.all([
    ctx.db
      .selectFrom('prompts')
      .select(['id', 'value', 'frequency', 'relevant_query', 'created_at', 'deleted_at'])
      .where('project_id', '=', projectId)
      .where((eb) =>
        eb.or([
          eb('deleted_at', 'is', null),
          eb(
            'id',
            '=',
            eb
              .selectFrom('prompts as d')
              .select((d) => d.fn.min('d.id').as('id'))
              .where('d.project_id', '=', projectId)
              .where('d.deleted_at', 'is not', null),
          ),
        ]),
      )
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('prompt_groups')
      .leftJoin('prompt_group_links', 'prompt_group_links.group_id', 'prompt_groups.id')
      .select(['prompt_groups.id as group_id', 'prompt_groups.name', 'prompt_group_links.prompt_id'])
      .where('prompt_groups.project_id', '=', projectId)
      .orderBy('prompt_groups.id')
      .execute(),
  ]);
  const names = new Map<number, string[]>();
  const members = new Map<number, number[]>();
  for (const l of links) {
    const list = members.get(l.group_id) ?? members.set(l.group_id, []).get(l.group_id)!;
    if (l.prompt_id === null) continue;
    list.push(l.prompt_id);
    (names.get(l.prompt_id) ?? names.set(l.prompt_id, []).get(l.prompt_id)!).push(l.name);
  }
  const prompts: PromptInfo[] = [];
  for (const { deleted_at, ...p } of rows)
    if (deleted_at === null) prompts.push({ ...p, groups: names.get(p.id) ?? [] });
  return {
    prompts,
    deleted: prompts.length < rows.length,
    groupIds: new Set(members.keys()),
    members,
  };
}

/** Resolves parsed filters against the project: the updates, networks and prompts they mean. */
export async function resolveScope(
  ctx: EngineContext,
  project: ProjectRow,
  filters: ParsedFilters,
  options: ResolveOptions = {},
): Promise<Scope> {
  const [allUpdates, projectNeurals, loaded] = await Promise.all([
    loadUpdates(ctx, project.id),
    loadProjectNeurals(ctx, project.id),
    loadPrompts(ctx, project.id),
  ]);
  const { prompts: allPrompts, deleted } = loaded;

  // networks: the project's own; sources endpoints keep those that return sources
  const usable = options.sourcesOnly ? projectNeurals.filter((n) => n.sources) : projectNeurals;
  let neurals = usable;
  if (filters.neurals.length) {
    filters.neurals.forEach((nid, i) => {
      if (!projectNeurals.some((n) => n.id === nid)) {
        throw invalidField(`neurals.${i}`, `The selected neurals.${i} is invalid.`);
      }
    });
    neurals = usable.filter((n) => filters.neurals.includes(n.id));
  }

  filters.groups.forEach((gid, i) => {
    if (!loaded.groupIds.has(gid)) throw invalidField(`groups.${i}`, `The selected groups.${i} is invalid.`);
  });

  // prompts: groups are OR'ed; text search is a case-insensitive substring
  const inGroups = filters.groups.length
    ? new Set(filters.groups.flatMap((gid) => loaded.members.get(gid) ?? []))
    : null;
  const needle = (filters.prompt ?? filters.prompt_search ?? '').toLocaleLowerCase();
  const prompts = allPrompts.filter(
    (p) =>
      (!inGroups || inGroups.has(p.id)) &&
      (!needle || p.value.toLocaleLowerCase().includes(needle)) &&
      (filters.min_frequency === undefined || (p.frequency ?? 0) >= filters.min_frequency),
  );

  let dates: string[] = [];
  if (filters.dates.length === 2) dates = filters.dates;
  else if (allUpdates.length) dates = [allUpdates[0].date, allUpdates[allUpdates.length - 1].date];
  const updates = dates.length ? allUpdates.filter((u) => u.date >= dates[0] && u.date <= dates[1]) : [];

  return {
    project,
    filters,
    allUpdates,
    updates,
    dates,
    projectNeurals,
    neurals,
    groupIds: filters.groups,
    prompts,
    allPrompts: prompts.length === allPrompts.length && !deleted,
    promptsCount: allPrompts.length,
    countEmpty: project.count_empty_answers === 1,
  };
}

/** Parse + resolve in one step, for callers holding a plain object (reports) or a query. */
export async function scopeFor(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
  kind: FilterKind,
  options: ResolveOptions = {},
): Promise<Scope> {
  return resolveScope(ctx, project, parseFilters(input, kind), options);
}

/** The `filters` echo shared by every endpoint. */
export function baseFiltersEcho(scope: Scope) {
  return {
    dates: scope.dates,
    neurals: scope.neurals.map((n) => n.id),
    groups: scope.groupIds,
  };
}

/** The `filters` echo of the sources tabs; sources/list adds its `urls_count`. */
export function sourcesFiltersEcho(scope: Scope): SourcesFilters {
  const f = scope.filters;
  return {
    ...baseFiltersEcho(scope),
    prompt_search: f.prompt_search ?? null,
    mention_filter: f.mention_filter ?? null,
    min_frequency: f.min_frequency ?? null,
    visibility: f.visibility ?? null,
    urls_mode: f.urls_mode ?? 'all',
  };
}
