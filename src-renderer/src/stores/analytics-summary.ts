/** The dashboard's store: one summary request per filter; every chart is derived with `computed`. */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { api } from '../api/client';
import { latestWithChange, overallSeries } from './analytics-derive';
import type { SummaryResponse } from './analytics-types';
import type { SummaryQuery } from '../../../src-shared/api/analytics';

export const useAnalyticsSummaryStore = defineStore('analytics-summary', () => {
  const summary = shallowRef<SummaryResponse | null>(null);
  const loading = ref(false);
  const error = ref<unknown>(null);
  let latestRequest = 0;

  /** Loads the summary; a response that arrives after a newer request is dropped. */
  async function load(project: number, query: SummaryQuery) {
    const request = ++latestRequest;
    loading.value = true;
    error.value = null;
    try {
      const response = await api.request('GET /api/projects/{project}/summary', {
        params: { project },
        query,
      });
      if (request === latestRequest) summary.value = response;
    } catch (e) {
      if (request === latestRequest) error.value = e;
    } finally {
      if (request === latestRequest) loading.value = false;
    }
  }

  const stats = computed(() => summary.value?.data.updateStats ?? null);
  const hasUpdates = computed(() => (summary.value?.updateDates.length ?? 0) > 0);
  const overallVisibility = computed(() => {
    const series = overallSeries(stats.value?.visibility_curve ?? []);
    return series ? latestWithChange(series.data) : { value: null, delta: null };
  });
  const mentions = computed(() => {
    const series = overallSeries(stats.value?.visibility ?? []);
    return series ? latestWithChange(series.data) : { value: null, delta: null };
  });
  const siteVisibility = computed(() => {
    const series = overallSeries(stats.value?.site_visibility_curve ?? []);
    return series ? latestWithChange(series.data) : { value: null, delta: null };
  });
  const ownShareOfVoice = computed(() => {
    const own = stats.value?.share_of_voice.find((s) => s.type === 'own');
    return own ? latestWithChange(own.data) : { value: null, delta: null };
  });

  return {
    summary,
    loading,
    error,
    load,
    stats,
    hasUpdates,
    overallVisibility,
    mentions,
    siteVisibility,
    ownShareOfVoice,
  };
});
