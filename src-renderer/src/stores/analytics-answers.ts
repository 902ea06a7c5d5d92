/**
 * The answers screen's store: four tabs, each loaded only when shown; cursor pagination that
 * appends pages (infinite scrolling) while `has_more`; the totals and the chart come from the
 * first page (api-spec.md "Common envelope"). A change of any filter starts again from page one.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import { api } from '../api/client';
import type { AnswersQuery, ComparisonQuery, SourcesQuery } from '../../../src-shared/api/analytics';
import {
  answersQuery,
  compactQuery,
  DEFAULT_ANSWERS_OPTIONS,
  DEFAULT_COMPARISON,
  EMPTY_FILTER,
  type AnalyticsFilter,
  type AnswersOptions,
  type AnswersTab,
  type ComparisonOptions,
} from './analytics-query';
import type { ComparisonTab, HistoryTab, SourcesHistoryTab, VisibilityTab } from './analytics-types';

export const ANSWERS_PER_PAGE = 50;

type TabPage = VisibilityTab | HistoryTab | SourcesHistoryTab | ComparisonTab;

/**
 * One page of a tab through the typed client. `answersQuery` builds each tab's own query
 * (comparison and sources-history have their own keys), so the query is that tab's type.
 */
function fetchTab(tab: AnswersTab, project: number, query: Record<string, unknown>): Promise<TabPage> {
  const params = { project };
  switch (tab) {
    case 'visibility':
      return api.request('GET /api/projects/{project}/answers/visibility', {
        params,
        query: query as AnswersQuery,
      });
    case 'history':
      return api.request('GET /api/projects/{project}/answers/history', {
        params,
        query: query as AnswersQuery,
      });
    case 'sources-history':
      return api.request('GET /api/projects/{project}/answers/sources-history', {
        params,
        query: query as SourcesQuery,
      });
    case 'comparison':
      return api.request('GET /api/projects/{project}/answers/comparison', {
        params,
        query: query as ComparisonQuery,
      });
  }
}

/** Rows of a page, whatever the tab calls them. */
function pageRows(body: TabPage): unknown[] {
  const table = body.tableData;
  if ('rows' in table) return table.rows ?? [];
  return table.data ?? [];
}

/**
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useAnalyticsAnswersStore = defineStore('analytics-answers', () => {
  const tab = ref<AnswersTab>('visibility');
  const options = reactive<AnswersOptions>({ ...DEFAULT_ANSWERS_OPTIONS });
  const comparison = reactive<ComparisonOptions>({ ...DEFAULT_COMPARISON });

  /** The first page of the current tab: totals, chart, dates and networks of history tables. */
  const first = shallowRef<TabPage | null>(null);
  const rows = shallowRef<unknown[]>([]);
  const nextCursor = ref<string | null>(null);
  const hasMore = ref(false);
  const loading = ref(false);
  const loadingMore = ref(false);
  const error = ref<unknown>(null);

  let project = 0;
  let shared: AnalyticsFilter = EMPTY_FILTER;
  let generation = 0;

  function queryFor(cursor: string | null) {
    return compactQuery(
      answersQuery(tab.value, shared, options, comparison, { perPage: ANSWERS_PER_PAGE, cursor }),
    );
  }

  /** Loads page one of the current tab; pass the project and shared filter when they changed. */
  async function load(projectId: number = project, filter: AnalyticsFilter = shared) {
    project = projectId;
    shared = filter;
    const mine = ++generation;
    const currentTab = tab.value;
    loading.value = true;
    error.value = null;
    try {
      const body = await fetchTab(currentTab, project, queryFor(null));
      if (mine !== generation) return;
      first.value = body;
      rows.value = pageRows(body);
      nextCursor.value = body.next_cursor ?? null;
      hasMore.value = Boolean(body.has_more) && !!nextCursor.value;
    } catch (e) {
      if (mine === generation) {
        error.value = e;
        first.value = null;
        rows.value = [];
        hasMore.value = false;
      }
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  /** Appends the next page; does nothing while a page is loading or when none is left. */
  async function loadMore() {
    if (!hasMore.value || !nextCursor.value || loading.value || loadingMore.value) return;
    const mine = generation;
    const currentTab = tab.value;
    loadingMore.value = true;
    try {
      const body = await fetchTab(currentTab, project, queryFor(nextCursor.value));
      if (mine !== generation) return;
      rows.value = [...rows.value, ...pageRows(body)];
      nextCursor.value = body.next_cursor ?? null;
      hasMore.value = Boolean(body.has_more) && !!body.next_cursor;
    } catch (e) {
      if (mine === generation) error.value = e;
    } finally {
      if (mine === generation) loadingMore.value = false;
    }
  }

  function setTab(next: AnswersTab) {
    if (tab.value === next) return;
    tab.value = next;
    first.value = null;
    rows.value = [];
    void load();
  }

  function setOptions(patch: Partial<AnswersOptions>) {
    Object.assign(options, patch);
    void load();
  }
  function setComparison(patch: Partial<ComparisonOptions>) {
    Object.assign(comparison, patch);
    void load();
  }

  const totals = computed(() => ({
    prompts: first.value?.total_prompts ?? 0,
    mentions: first.value?.total_mentions ?? 0,
  }));
  const visibilityRows = computed(() => rows.value as VisibilityTab['tableData']['rows']);
  const historyRows = computed(() => rows.value as HistoryTab['tableData']['data']);
  const sourcesHistoryRows = computed(() => rows.value as SourcesHistoryTab['tableData']['data']);
  const comparisonRows = computed(() => rows.value as ComparisonTab['tableData']['rows']);
  const historyTable = computed(() => (first.value?.tableData ?? null) as HistoryTab['tableData'] | null);
  const comparisonTable = computed(
    () => (first.value?.tableData ?? null) as ComparisonTab['tableData'] | null,
  );

  return {
    tab,
    options,
    comparison,
    first,
    rows,
    nextCursor,
    hasMore,
    loading,
    loadingMore,
    error,
    load,
    loadMore,
    setTab,
    setOptions,
    setComparison,
    totals,
    visibilityRows,
    historyRows,
    sourcesHistoryRows,
    comparisonRows,
    historyTable,
    comparisonTable,
  };
});
