import { computed, watch } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useAnalyticsFiltersStore } from '../../stores/analytics-filters';

/**
 * What every analytics screen does: read the project from the route, load its filter choices
 * (and saved filter) when the project changes, then call `reload` with the shared query — again
 * whenever the filter changes. Returns the project id and helpers for the empty state.
 */
export function useAnalyticsScreen(reload: (project: number, query: Record<string, unknown>) => unknown) {
  const route = useRoute();
  const router = useRouter();
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

  /** The empty state's next step: the project page, where the run button lives. */
  function goRun() {
    const target = router.hasRoute('project') ? { name: 'project', params: { project: project.value } } : '/';
    void router.push(target);
  }
  function retry() {
    if (!filters.choices) void filters.load(project.value);
    else reload(project.value, filters.query);
  }

  return { project, filters, goRun, retry };
}
