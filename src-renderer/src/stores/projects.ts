import { defineStore } from 'pinia';
import { ref, computed } from 'vue';
import { api } from '../api/client';
import type { ParseStatus, Project } from '../../../src-shared/api/core';
import type { ChangeTest } from '../../../src-shared/api/analytics';

export type ProjectWithParse = Project & { parse?: ParseStatus };

/**
 * The projects of the signed-in user, with their parse status once fetched.
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useProjectsStore = defineStore('projects', () => {
  const projects = ref<ProjectWithParse[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref<unknown>(null);

  /** Latest overall visibility % per project and its change since the update before. */
  const visibility = ref<Record<number, { last: number; delta: number | null; test?: ChangeTest | null }>>(
    {},
  );

  const byId = computed(() => new Map(projects.value.map((p) => [p.id, p])));

  async function load() {
    loading.value = true;
    error.value = null;
    try {
      const list = (await api.request('GET /api/projects')).data;
      const known = byId.value;
      projects.value = list.map((p) => ({ ...p, parse: known.get(p.id)?.parse }));
      loaded.value = true;
    } catch (e) {
      error.value = e;
    } finally {
      loading.value = false;
    }
  }

  /** The parse status of every project (for "last update" in the list); one request each. */
  async function loadParseStatuses() {
    await Promise.all(
      projects.value.map(async (p) => {
        try {
          const full = (await api.request('GET /api/projects/{project}', { params: { project: p.id } })).data;
          upsert(full);
        } catch {
          // the row simply shows no last update
        }
      }),
    );
  }

  /**
   * Visibility for the list, from each updated project's summary (the overall series, or the
   * only network's). A nicety: a project whose summary fails simply shows none.
   */
  async function loadVisibility() {
    await Promise.all(
      projects.value
        .filter((p) => p.parse?.last_completed_at)
        .map(async (p) => {
          try {
            const summary = await api.request('GET /api/projects/{project}/summary', {
              params: { project: p.id },
              query: {},
            });
            const curves = summary.data.updateStats.visibility_curve;
            const overall =
              curves.find((c) => c.label.order === -1) ?? (curves.length === 1 ? curves[0] : undefined);
            const points = overall?.data ?? [];
            if (!points.length) return;
            const last = points[points.length - 1].y;
            const before = points.length > 1 ? points[points.length - 2].y : null;
            visibility.value = {
              ...visibility.value,
              [p.id]: {
                last,
                delta: before === null ? null : Math.round((last - before) * 100) / 100,
                test: summary.data.updateStats.visibility_change ?? null,
              },
            };
          } catch {
            // no visibility shown for this project
          }
        }),
    );
  }

  function upsert(project: ProjectWithParse) {
    const index = projects.value.findIndex((p) => p.id === project.id);
    if (index === -1) projects.value.push(project);
    else projects.value[index] = { ...projects.value[index], ...project };
  }

  async function ensureLoaded() {
    if (!loaded.value && !loading.value) await load();
  }

  return {
    projects,
    visibility,
    loadVisibility,
    loaded,
    loading,
    error,
    byId,
    load,
    loadParseStatuses,
    upsert,
    ensureLoaded,
  };
});
