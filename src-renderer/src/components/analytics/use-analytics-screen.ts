import { computed, watch } from 'vue';
import { useRoute } from 'vue-router';
import { useAnalyticsFiltersStore } from '../../stores/analytics-filters';
import { useRunsStore } from '../../stores/runs';
import { useReanalysisStore } from '../../stores/reanalysis';

/**
 * What every analytics screen does: read the project from the route, load its filter choices
 * (and saved filter) when the project changes, then call `reload` with the shared query — again
 * whenever the filter changes. Returns the project id and helpers for the empty state.
 */
export function useAnalyticsScreen(reload: (project: number, query: Record<string, unknown>) => unknown) {
  const route = useRoute();
  const runs = useRunsStore();
  const filters = useAnalyticsFiltersStore();
  const project = computed(() => Number(route.params.project));

  watch(
    project,
    async (id) => {
      if (!Number.isInteger(id) || id <= 0) return;
      await filters.load(id);
    },
    { immediate: true },
  );
  watch(
    () => [filters.ready, filters.project, filters.query] as const,
    ([ready, id, query]) => {
      if (ready && id === project.value) reload(id, query);
    },
    { immediate: true, deep: true },
  );

  // A re-analysis of the project (a competitor marked "not a competitor", own products changed)
  // rewrote its answers: reload in place, so an opened answer stays open with its new reading.
  const reanalysis = useReanalysisStore();
  watch(
    () => reanalysis.finished[project.value] ?? 0,
    (now, before) => {
      if (now > before && filters.ready && filters.project === project.value)
        reload(project.value, filters.query);
    },
  );

  /**
   * The empty state's next step: start a run. The shell's run control shows its progress, and
   * the project layout rebuilds this screen when the run finishes.
   */
  function goRun() {
    void runs.start(project.value);
  }
  function retry() {
    if (!filters.choices) void filters.load(project.value);
    else reload(project.value, filters.query);
  }

  return { project, filters, goRun, retry };
}
