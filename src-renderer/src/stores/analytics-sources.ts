/**
 * The sources screen's store: one page of domains (page-number pagination), the excluded
 * domains, charts by type and by domain, and setting a domain's type.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { api } from '../api/client';
import { competitorColor, hashString, SERIES_COLORS } from '../charts/palette';
import { alignToDates, unionDates, type TimeSeries, type ValueSeries } from '../charts/series';
import type { SourcesListResponse, SourcesSeries } from './analytics-types';

/** Source types (decisions.md §7), in the order the type menu shows them. */
export const SOURCE_TYPES = [
  'own',
  'competitor',
  'media',
  'ugc',
  'reference',
  'marketplace',
  'review',
  'social',
  'government',
  'other',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** Each source type keeps one colour, like AI systems and competitors do. */
export function sourceTypeColor(type: string): string {
  const index = SOURCE_TYPES.indexOf(type as SourceType);
  if (type === 'own') return '#4f46e5';
  if (type === 'other') return '#94a3b8';
  return SERIES_COLORS[(index >= 0 ? index * 3 : hashString(type)) % SERIES_COLORS.length];
}

const seriesLabel = (s: SourcesSeries): string => {
  const label = s.label as unknown;
  if (typeof label === 'string') return label;
  const obj = label as { label?: string; value?: string } | null;
  return obj?.label ?? obj?.value ?? String(s.id ?? '');
};

/**
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useAnalyticsSourcesStore = defineStore('analytics-sources', () => {
  const response = shallowRef<SourcesListResponse | null>(null);
  const loading = ref(false);
  const saving = ref(false);
  const error = ref<unknown>(null);
  const page = ref(1);
  const perPage = ref(20);
  const promptSearch = ref('');
  const urlsMode = ref<'all' | 'own' | 'external'>('all');

  let project = 0;
  let baseQuery: Record<string, unknown> = {};
  let latestRequest = 0;

  async function load(
    projectId: number = project,
    filterQuery: Record<string, unknown> = baseQuery,
    resetPage = false,
  ) {
    if (projectId !== project || filterQuery !== baseQuery || resetPage) page.value = 1;
    project = projectId;
    baseQuery = filterQuery;
    const request = ++latestRequest;
    loading.value = true;
    error.value = null;
    try {
      const body = await api.request('GET /api/projects/{project}/sources/list', {
        params: { project },
        query: {
          ...baseQuery,
          page: page.value,
          per_page: perPage.value,
          ...(promptSearch.value.trim() ? { prompt_search: promptSearch.value.trim() } : {}),
          ...(urlsMode.value !== 'all' ? { urls_mode: urlsMode.value } : {}),
        },
      });
      if (request === latestRequest) response.value = body;
    } catch (e) {
      if (request === latestRequest) error.value = e;
    } finally {
      if (request === latestRequest) loading.value = false;
    }
  }

  function goToPage(next: number) {
    page.value = Math.max(1, next);
    void load();
  }
  function setPerPage(next: number) {
    perPage.value = next;
    void load(project, baseQuery, true);
  }

  /** Sets a domain's type, then reloads the page (the type changes counts and charts). */
  async function setDomainType(domain: string, type: string) {
    saving.value = true;
    try {
      await api.request('PUT /api/projects/{project}/sources/domain-type', {
        params: { project },
        body: { domain, type },
      });
    } finally {
      saving.value = false;
    }
    await load();
  }

  const rows = computed(() => response.value?.tableData ?? []);
  const excludedRows = computed(() => response.value?.excludedTableData ?? []);
  const hasMore = computed(() => response.value?.has_more ?? false);
  /** Sources by type, stacked by date. */
  const typeBars = computed(() => {
    const series = response.value?.chartData ?? [];
    const labels = unionDates(series.map((s) => ({ points: s.data })));
    return {
      labels,
      series: series.map((s): ValueSeries => ({
        // The engine names each series by its type value (`id`), e.g. `reviews`.
        key: String(s.id ?? seriesLabel(s)),
        label: seriesLabel(s),
        color: sourceTypeColor(String(s.id ?? seriesLabel(s))),
        values: alignToDates(s.data, labels),
      })),
    };
  });
  /** Top domains over time; a domain keeps its colour like a competitor does. */
  const domainLines = computed(() =>
    (response.value?.domainChartData ?? []).map((s): TimeSeries => ({
      key: String(s.id ?? seriesLabel(s)),
      label: seriesLabel(s),
      color: competitorColor(seriesLabel(s)),
      points: s.data.map((p) => ({ x: p.x, y: p.y })),
    })),
  );

  return {
    response,
    loading,
    saving,
    error,
    page,
    perPage,
    promptSearch,
    urlsMode,
    load,
    goToPage,
    setPerPage,
    setDomainType,
    rows,
    excludedRows,
    hasMore,
    typeBars,
    domainLines,
  };
});
