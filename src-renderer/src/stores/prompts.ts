import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client';
import type { AddPromptsResponse, Prompt, PromptGroup } from '../../../src-shared/api/core';

/** Split pasted text into prompts: one per line, trimmed, blank lines and repeats dropped. */
export function splitPromptLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const value = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    const key = value.toLowerCase();
    if (value && !seen.has(key)) {
      seen.add(key);
      out.push(value);
    }
  }
  return out;
}

/**
 * Prompts and groups of one project.
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const usePromptsStore = defineStore('prompts', () => {
  const projectId = ref<number | null>(null);
  const prompts = ref<Prompt[]>([]);
  const groups = ref<PromptGroup[]>([]);
  const loading = ref(false);
  const error = ref<unknown>(null);

  async function load(project: number) {
    if (projectId.value !== project) {
      prompts.value = [];
      groups.value = [];
    }
    projectId.value = project;
    loading.value = true;
    error.value = null;
    try {
      const [p, g] = await Promise.all([
        api.request('GET /api/projects/{project}/prompts', { params: { project } }),
        api.request('GET /api/projects/{project}/groups', { params: { project } }),
      ]);
      prompts.value = p.data;
      groups.value = g.data;
    } catch (e) {
      error.value = e;
    } finally {
      loading.value = false;
    }
  }

  /** Adds pasted lines into an existing group (id) or a new one (name), or none. */
  async function addMany(
    project: number,
    text: string,
    target: { groupId?: number | null; groupName?: string | null },
  ): Promise<AddPromptsResponse['data']> {
    const lines = splitPromptLines(text);
    const name = target.groupName?.trim();
    const body = name
      ? { prompts: lines.map((value) => ({ value, group_name: name })) }
      : { prompts: lines, group_ids: target.groupId ? [target.groupId] : undefined };
    const answer = await api.request('POST /api/projects/{project}/prompts', { params: { project }, body });
    await load(project);
    return answer.data;
  }

  async function remove(project: number, promptId: number) {
    await api.request('DELETE /api/projects/{project}/prompts/{prompt}', {
      params: { project, prompt: promptId },
    });
    prompts.value = prompts.value.filter((p) => p.id !== promptId);
    const g = await api.request('GET /api/projects/{project}/groups', { params: { project } });
    groups.value = g.data;
  }

  async function setFavourite(project: number, groupId: number, isFavourite: boolean) {
    const { data } = await api.request('PATCH /api/projects/{project}/groups/{group}', {
      params: { project, group: groupId },
      body: { is_favourite: isFavourite },
    });
    groups.value = groups.value.map((g) => (g.id === groupId ? data : g));
  }

  async function createGroup(project: number, name: string) {
    const { data } = await api.request('POST /api/projects/{project}/groups', {
      params: { project },
      body: { name },
    });
    groups.value = [...groups.value, data];
    return data;
  }

  async function removeGroup(project: number, groupId: number) {
    await api.request('DELETE /api/projects/{project}/groups/{group}', {
      params: { project, group: groupId },
    });
    await load(project);
  }

  return {
    projectId,
    prompts,
    groups,
    loading,
    error,
    load,
    addMany,
    remove,
    setFavourite,
    createGroup,
    removeGroup,
  };
});
