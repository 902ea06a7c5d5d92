import { defineStore } from 'pinia';
import { ref, computed } from 'vue';
import { api } from '../api/client';
import type { ParseStatus, Project } from '../../../src-shared/api/core';

export type ProjectWithParse = Project & { parse?: ParseStatus };

/** The projects of the signed-in user, with their parse status once fetched. */
export const useProjectsStore = defineStore('projects', () => {
  const projects = ref<ProjectWithParse[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref<unknown>(null);

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

  function upsert(project: ProjectWithParse) {
    const index = projects.value.findIndex((p) => p.id === project.id);
    if (index === -1) projects.value.push(project);
    else projects.value[index] = { ...projects.value[index], ...project };
  }

  async function ensureLoaded() {
    if (!loaded.value && !loading.value) await load();
  }

  return { projects, loaded, loading, error, byId, load, loadParseStatuses, upsert, ensureLoaded };
});
