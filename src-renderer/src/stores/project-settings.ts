import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client';
import type { ProjectSettings, ProjectSettingsPatch } from '../../../src-shared/api/core';

/** Settings of each opened project (the top bar shows the schedule; the settings screen edits). */
export const useProjectSettingsStore = defineStore('project-settings', () => {
  const byProject = ref<Record<number, ProjectSettings>>({});

  async function load(projectId: number): Promise<ProjectSettings> {
    const settings = (
      await api.request('GET /api/projects/{project}/settings', { params: { project: projectId } })
    ).data;
    byProject.value = { ...byProject.value, [projectId]: settings };
    return settings;
  }

  async function save(projectId: number, patch: ProjectSettingsPatch): Promise<ProjectSettings> {
    const settings = (
      await api.request('PATCH /api/projects/{project}/settings', {
        params: { project: projectId },
        body: patch,
      })
    ).data;
    byProject.value = { ...byProject.value, [projectId]: settings };
    return settings;
  }

  return { byProject, load, save };
});
