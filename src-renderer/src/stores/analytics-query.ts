/**
 * The shared analytics filter (dates, networks, groups) and how it becomes a query. Pure: no
 * DOM, no store, unit-tested in Node. The same three keys mean the same thing in every
 * analytics endpoint (api-spec.md "Filtering by groups"), so one mapping serves all screens.
 */
import {
  SORT_FIELDS,
  type Mention,
  type Presence,
  type SortField,
  type Tone,
  type VisibilityMove,
} from '../../../src-shared/enums';

export interface AnalyticsFilter {
  /** `[from, to]` as `YYYY-MM-DD`, or empty for the whole period. */
  dates: string[];
  /** Selected network ids; empty means all of the project's networks. */
  neurals: number[];
  /** Selected group ids; empty means all prompts. */
  groups: number[];
}

export const EMPTY_FILTER: AnalyticsFilter = { dates: [], neurals: [], groups: [] };

/** What the project offers to choose from (the filters endpoint). */
export interface FilterChoices {
  neurals: Array<{ id: number }>;
  groups: Array<{ id: number }>;
  update_dates: string[];
}

/**
 * The query of an analytics request: `dates[]` only with both ends, arrays only when something
 * is chosen (an absent key means "all", which keeps URLs short and lets the engine default).
 */
export function filterToQuery(filter: AnalyticsFilter): {
  dates?: string[];
  neurals?: number[];
  groups?: number[];
} {
  const query: { dates?: string[]; neurals?: number[]; groups?: number[] } = {};
  if (filter.dates.length === 2 && filter.dates[0] && filter.dates[1]) {
    const [a, b] = filter.dates;
    query.dates = a <= b ? [a, b] : [b, a];
  }
  if (filter.neurals.length > 0) query.neurals = [...filter.neurals].sort((a, b) => a - b);
  if (filter.groups.length > 0) query.groups = [...filter.groups].sort((a, b) => a - b);
  return query;
}

/**
 * A saved filter made valid for what the project has now: networks and groups that were
 * removed are dropped; a date range that no longer covers any update falls back to the whole
 * period; ends are snapped into the range of update dates.
 */
export function reconcileFilter(
  saved: Partial<AnalyticsFilter> | null,
  choices: FilterChoices,
): AnalyticsFilter {
  if (!saved) return { ...EMPTY_FILTER, dates: [], neurals: [], groups: [] };
  const neuralIds = new Set(choices.neurals.map((n) => n.id));
  const groupIds = new Set(choices.groups.map((g) => g.id));
  const neurals = (saved.neurals ?? []).filter((id) => neuralIds.has(id));
  const groups = (saved.groups ?? []).filter((id) => groupIds.has(id));
  let dates: string[] = [];
  const days = [...choices.update_dates].sort();
  if (saved.dates?.length === 2 && days.length > 0) {
    const [from, to] = [...saved.dates].sort();
    const inside = days.filter((d) => d >= from && d <= to);
    if (inside.length > 0)
      dates = [from < days[0] ? days[0] : from, to > days[days.length - 1] ? days[days.length - 1] : to];
  }
  return { dates, neurals, groups };
}

/** The storage key of a project's filter (kept per project, decisions in docs/ui-analytics.md). */
export function filterStorageKey(project: number | string): string {
  return `answerscope.analytics.filter.${project}`;
}

/** Reads a saved filter; anything unreadable counts as none. */
export function parseSavedFilter(text: string | null): Partial<AnalyticsFilter> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<AnalyticsFilter>;
    const ids = (list: unknown) =>
      Array.isArray(list) ? list.filter((x): x is number => Number.isInteger(x)) : [];
    const dates = Array.isArray(value.dates)
      ? value.dates.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))
      : [];
    return { dates: dates.length === 2 ? dates : [], neurals: ids(value.neurals), groups: ids(value.groups) };
  } catch {
    return null;
  }
}

/** Every day between the first and last update that is not an update day: the picker disables them. */
export function nonUpdateDays(updateDates: string[]): string[] {
  if (updateDates.length === 0) return [];
  const days = new Set(updateDates);
  const sorted = [...updateDates].sort();
  const out: string[] = [];
  const end = new Date(`${sorted[sorted.length - 1]}T00:00:00Z`);
  for (let d = new Date(`${sorted[0]}T00:00:00Z`); d <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10);
    if (!days.has(day)) out.push(day);
  }
  return out;
}

/** A `YYYY-MM-DD` day as a local-midnight Date (what date pickers show) and back. */
export function dayToLocalDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}
export function localDateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ---- Answers -----------------------------------------------------------------------------------

export type AnswersTab = 'visibility' | 'history' | 'sources-history' | 'comparison';
export { SORT_FIELDS, type SortField };

/** The answers screen's own filters (on top of the shared bar). Empty strings mean "any". */
export interface AnswersOptions {
  prompt: string;
  mention: '' | Mention;
  tone: '' | Tone;
  visibility: '' | VisibilityMove;
  sortField: '' | SortField;
  sortOrder: 'asc' | 'desc';
}
export interface ComparisonOptions {
  neural: number | null;
  date1: string | null;
  date2: string | null;
  presence: '' | Presence;
}

export const DEFAULT_ANSWERS_OPTIONS: AnswersOptions = {
  prompt: '',
  mention: '',
  tone: '',
  visibility: '',
  sortField: '',
  sortOrder: 'desc',
};
export const DEFAULT_COMPARISON: ComparisonOptions = { neural: null, date1: null, date2: null, presence: '' };

/**
 * The query of one answers tab. Each tab takes its own parameter set (api-spec.md "Answers"):
 * comparison ignores `dates[]`/`neurals[]`/`mention`/`tone` and takes one `neural` and two
 * dates; sources-history takes the Sources filter set (`prompt_search`) and has no cursor.
 */
export function answersQuery(
  tab: AnswersTab,
  shared: AnalyticsFilter,
  options: AnswersOptions,
  comparison: ComparisonOptions,
  page: { perPage: number; cursor?: string | null },
): Record<string, unknown> {
  const base = filterToQuery(shared);
  const prompt = options.prompt.trim() || undefined;
  if (tab === 'sources-history') return { ...base, prompt_search: prompt };
  const paging = { per_page: page.perPage, cursor: page.cursor ?? undefined };
  if (tab === 'comparison') {
    return {
      groups: base.groups,
      prompt,
      neural: comparison.neural ?? undefined,
      date1: comparison.date1 ?? undefined,
      date2: comparison.date2 ?? undefined,
      presence: comparison.presence || undefined,
      ...paging,
    };
  }
  return {
    ...base,
    prompt,
    mention: options.mention || undefined,
    tone: options.tone || undefined,
    visibility: options.visibility || undefined,
    sortField: options.sortField || undefined,
    sortOrder: options.sortField ? options.sortOrder : undefined,
    ...paging,
  };
}

/** Drops undefined keys (so equal queries compare equal and URLs stay short). */
export function compactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
}
