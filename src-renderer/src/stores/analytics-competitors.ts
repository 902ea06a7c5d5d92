/**
 * The competitors screen's store: the table, the excluded list, charts and radar per metric,
 * and the edits (rename, merge, split, set type) through the competitor extension endpoints.
 * Each edit reloads with the same query, so every number reflects the merged data.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { api } from '../api/client';
import { competitorColor } from '../charts/palette';
import { competitorLines } from '../charts/from-api';
import type { ValueSeries } from '../charts/series';
import type { CompetitorsResponse } from './analytics-types';
import type { CompetitorBody, CompetitorsQuery } from '../../../src-shared/api/analytics';
import { useReanalysisStore } from './reanalysis';

export type CompetitorMetric = 'visibility' | 'mentions' | 'share_of_voice';
/** What a competitor can be set to (the own brand is not editable). */
export type CompetitorType = 'key' | 'direct' | 'indirect' | 'hidden';

/**
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useAnalyticsCompetitorsStore = defineStore('analytics-competitors', () => {
  const response = shallowRef<CompetitorsResponse | null>(null);
  const loading = ref(false);
  const saving = ref(false);
  const error = ref<unknown>(null);
  /** Screen filters on top of the shared bar. */
  const search = ref('');
  const type = ref<'' | 'brand' | 'competitor'>('');
  const metric = ref<CompetitorMetric>('visibility');

  let project = 0;
  let baseQuery: CompetitorsQuery = {};
  let latestRequest = 0;

  const query = (): CompetitorsQuery => ({
    ...baseQuery,
    ...(search.value.trim() ? { search: search.value.trim() } : {}),
    ...(type.value ? { type: type.value } : {}),
  });

  async function load(projectId: number, filterQuery: CompetitorsQuery = baseQuery) {
    project = projectId;
    baseQuery = filterQuery;
    const request = ++latestRequest;
    loading.value = true;
    error.value = null;
    try {
      const body = await api.request('GET /api/projects/{project}/competitors', {
        params: { project: projectId },
        query: query(),
      });
      if (request === latestRequest) response.value = body;
    } catch (e) {
      if (request === latestRequest) error.value = e;
    } finally {
      if (request === latestRequest) loading.value = false;
    }
  }

  /**
   * Runs one edit, then reloads; the edit's error is rethrown for the dialog to show. An edit that
   * changed what is "not a competitor" queued a re-analysis: it is followed (progress bar) and the
   * screen reloads again when it ends.
   */
  async function edit(run: () => Promise<CompetitorBody>) {
    saving.value = true;
    try {
      const body = await run();
      useReanalysisStore().track(project, body?.reanalysis);
    } finally {
      saving.value = false;
    }
    await load(project);
  }

  const rename = (id: number, name: string) =>
    edit(() =>
      api.request('PATCH /api/projects/{project}/competitors/{competitor}', {
        params: { project, competitor: id },
        body: { name },
      }),
    );
  const setType = (id: number, newType: CompetitorType) =>
    edit(() =>
      api.request('PATCH /api/projects/{project}/competitors/{competitor}', {
        params: { project, competitor: id },
        body: { type: newType },
      }),
    );
  const merge = (id: number, competitorIds: number[]) =>
    edit(() =>
      api.request('POST /api/projects/{project}/competitors/{competitor}/merge', {
        params: { project, competitor: id },
        body: { competitor_ids: competitorIds },
      }),
    );
  const split = (id: number, memberIds: number[]) =>
    edit(() =>
      api.request('POST /api/projects/{project}/competitors/{competitor}/split', {
        params: { project, competitor: id },
        body: { member_ids: memberIds },
      }),
    );

  const data = computed(() => response.value?.data ?? null);
  const rows = computed(() => data.value?.tableData ?? []);
  const excludedRows = computed(() => data.value?.excludedTableData ?? []);
  /** Competitors marked "not a competitor" (extension `hiddenCompetitors`): shown to be set back. */
  const hiddenRows = computed(() => data.value?.hiddenCompetitors ?? []);
  /** Types a competitor can be given (the response's `types` map), without the own brand. */
  const typeOptions = computed(() =>
    Object.entries(response.value?.types ?? {}).map(([value, label]) => ({ value, label })),
  );
  const metricLines = computed(() => competitorLines(data.value?.chartData[metric.value] ?? []));
  const radar = computed(() => {
    const block = data.value?.radarChartData[metric.value];
    if (!block || block.labels.length < 3 || block.datasets.length === 0) return null;
    return {
      labels: block.labels,
      series: block.datasets.map((d): ValueSeries => ({
        key: String(d.competitor_id),
        label: d.label,
        color: competitorColor(d.label, d.type),
        values: d.data,
      })),
    };
  });

  return {
    response,
    loading,
    saving,
    error,
    search,
    type,
    metric,
    load,
    rename,
    setType,
    merge,
    split,
    data,
    rows,
    excludedRows,
    hiddenRows,
    typeOptions,
    metricLines,
    radar,
  };
});
