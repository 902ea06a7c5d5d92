import type { EngineContext } from '../../context';
import type { SeriesLabel } from '../../../../src-shared/api/analytics';
import type { PromptInfo, Scope, Update } from '../filters';
import { counted, groupBy, neuralStats, pct, sumNeuralStats } from '../stats';
import { dynamicOf, promptCountVisibilities, promptCounts, type PromptCount } from '../facts';
import { decodeCursor, encodeCursor, fingerprint } from '../cursor';
import { ALL_LABEL, seriesLabel, x } from '../shapes';
import { keepsPrompt } from '../filter-where';

/**
 * The answers tabs (api-spec.md "Answers"). Every tab works on the same list: the prompts under
 * the prompt-level filters, narrowed by `mention`, `tone` and `visibility` at the last update of
 * the period, sorted (decisions.md §7), then cut into pages by an opaque cursor. Totals are over
 * the whole list, so they never change while paging. This module holds that list, the page
 * envelope, the filters echo and the visibility curve the tabs share.
 */

export const DEFAULT_PER_PAGE = 50;

export interface ListedPrompt {
  prompt: PromptInfo;
  visibility: number | null;
  dynamic: 'up' | 'down' | 'not_changed' | null;
  /** Counts of the prompt's answers at the last update (the `mention`/`tone` filters read them). */
  last: PromptCount | undefined;
}

export interface PromptList {
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

/**
 * The page of a list a cursor points at and the cursor to the next page (null on the last). The
 * cursor carries the fingerprint of the request's filters, so it fails on other filters.
 */
export function cutPage<T>(items: T[], cursor: string | undefined, print: string, perPage: number) {
  const offset = decodeCursor(cursor, print);
  const page = items.slice(offset, offset + perPage);
  const nextOffset = offset + page.length;
  return { offset, page, nextCursor: nextOffset < items.length ? encodeCursor(nextOffset, print) : null };
}

/** The filtered, sorted prompt list and the requested page of it. */
export async function listPrompts(ctx: EngineContext, scope: Scope, tab: string): Promise<PromptList> {
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
  const perPage = f.per_page ?? DEFAULT_PER_PAGE;
  const { offset, page, nextCursor } = cutPage(items, f.cursor, print, perPage);
  return {
    scope,
    last,
    items,
    page,
    offset,
    perPage,
    nextCursor,
    totalMentions: items.reduce((sum, i) => sum + (i.last?.mentions ?? 0), 0),
  };
}

/** Visibility curve of the answers tabs: `all` plus one series per network, always. */
export async function visibilityChart(ctx: EngineContext, scope: Scope) {
  const stats = await neuralStats(
    ctx,
    scope,
    scope.updates.map((u) => u.id),
  );
  const byRun = groupBy(stats, (r) => r.run_id);
  const series = (id: number | string, label: SeriesLabel, nids: number[]) => ({
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

export const envelope = (list: PromptList) => ({
  next_cursor: list.nextCursor,
  has_more: list.nextCursor !== null,
  total_prompts: list.items.length,
  total_mentions: list.totalMentions,
});

export const answersFilters = (scope: Scope) => ({
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
