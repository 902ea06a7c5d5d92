/**
 * The filter bar's store: the project's filter choices (GET filters) and the current filter,
 * shared by every analytics screen and kept per project in localStorage.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { api } from '../api/client';
import { assignCompetitorColors } from '../charts/palette';
import type { ProjectFilters } from '../../../src-shared/api/core';
import {
  filterStorageKey,
  filterToQuery,
  parseSavedFilter,
  reconcileFilter,
  type AnalyticsFilter,
} from './analytics-query';

/** Where the filter is kept; localStorage in the app, a Map in tests. */
export interface FilterStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function defaultStorage(): FilterStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage blocked: keep the filter for this session only.
  }
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
}

/**
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useAnalyticsFiltersStore = defineStore('analytics-filters', () => {
  let storage: FilterStorage = defaultStorage();

  const project = ref<number | null>(null);
  const choices = ref<ProjectFilters | null>(null);
  const loading = ref(false);
  const error = ref<unknown>(null);
  const dates = ref<string[]>([]);
  const neurals = ref<number[]>([]);
  const groups = ref<number[]>([]);

  const filter = computed<AnalyticsFilter>(() => ({
    dates: dates.value,
    neurals: neurals.value,
    groups: groups.value,
  }));
  /** `{dates?, neurals?, groups?}` for any analytics request; screens watch it to reload. */
  const query = computed(() => filterToQuery(filter.value));
  const hasUpdates = computed(() => (choices.value?.update_dates.length ?? 0) > 0);
  /** True once the choices of the current project are loaded (screens wait for it). */
  const ready = computed(() => choices.value !== null && !loading.value);
  const isFiltered = computed(
    () => dates.value.length > 0 || neurals.value.length > 0 || groups.value.length > 0,
  );

  function useStorage(next: FilterStorage) {
    storage = next;
  }

  function persist() {
    if (project.value === null) return;
    storage.setItem(filterStorageKey(project.value), JSON.stringify(filter.value));
  }

  function apply(next: AnalyticsFilter) {
    dates.value = next.dates;
    neurals.value = next.neurals;
    groups.value = next.groups;
  }

  /** Loads the project's choices and its saved filter. Reloading the same project refreshes choices. */
  async function load(projectId: number) {
    const switching = project.value !== projectId;
    project.value = projectId;
    if (switching) choices.value = null;
    loading.value = true;
    error.value = null;
    try {
      const [response] = await Promise.all([
        api.request('GET /api/projects/{project}/filters', { params: { project: projectId } }),
        switching ? loadCompetitorColors(projectId) : undefined,
      ]);
      if (project.value !== projectId) return;
      choices.value = response;
      const saved = switching ? parseSavedFilter(storage.getItem(filterStorageKey(projectId))) : filter.value;
      apply(reconcileFilter(saved, response));
    } catch (e) {
      if (project.value === projectId) error.value = e;
    } finally {
      if (project.value === projectId) loading.value = false;
    }
  }

  /**
   * Every screen of a project colours its competitors alike (see assignCompetitorColors). A failure
   * only costs colours: names then keep their hashed ones.
   */
  async function loadCompetitorColors(projectId: number): Promise<void> {
    try {
      const { data } = await api.request('GET /api/projects/{project}/competitors', {
        params: { project: projectId },
      });
      const rows = [...data.tableData, ...data.excludedTableData].filter(
        (row): row is typeof row & { competitor: { id: number } } => typeof row.competitor.id === 'number',
      );
      assignCompetitorColors(
        rows.map((row) => ({
          id: row.competitor.id,
          names: [row.competitor.name, ...row.members.map((m) => m.name)],
        })),
      );
    } catch {
      /* colours fall back to the name hash */
    }
  }

  function setDates(next: string[]) {
    dates.value = next.length === 2 ? [...next].sort() : [];
    persist();
  }
  function setNeurals(next: number[]) {
    neurals.value = [...next];
    persist();
  }
  function setGroups(next: number[]) {
    groups.value = [...next];
    persist();
  }
  function reset() {
    apply({ dates: [], neurals: [], groups: [] });
    persist();
  }

  return {
    project,
    choices,
    loading,
    error,
    dates,
    neurals,
    groups,
    filter,
    query,
    hasUpdates,
    ready,
    isFiltered,
    useStorage,
    load,
    setDates,
    setNeurals,
    setGroups,
    reset,
  };
});
