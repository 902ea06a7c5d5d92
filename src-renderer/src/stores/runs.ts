import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api, ApiError } from '../api/client';
import type { ParseStatus } from '../../../src-shared/api/core';
import { useProjectsStore } from './projects';

/** How often a running update is polled (the parse object is a cheap read). */
export const RUN_POLL_MS = 1500;

export type RunOutcome = 'finished' | 'failed';
export interface RunNotice {
  projectId: number;
  name: string;
  outcome: RunOutcome;
}

/**
 * Parse runs: start one (POST parse), then watch `parse` of GET project until it stops. A run
 * that stops without a new `last_completed_at` ended without data (decisions.md §4).
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useRunsStore = defineStore('runs', () => {
  const status = ref<Record<number, ParseStatus>>({});
  const starting = ref<Record<number, boolean>>({});
  const notices = ref<RunNotice[]>([]);
  /** Runs finished in this session per project: screens key on it to reload after a run. */
  const finished = ref<Record<number, number>>({});
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const completedBefore = new Map<number, string | null>();

  function remember(projectId: number, parse: ParseStatus) {
    status.value = { ...status.value, [projectId]: parse };
    const projects = useProjectsStore();
    const known = projects.byId.get(projectId);
    if (known) projects.upsert({ ...known, parse });
  }

  async function refresh(projectId: number): Promise<ParseStatus | undefined> {
    const project = (await api.request('GET /api/projects/{project}', { params: { project: projectId } }))
      .data;
    useProjectsStore().upsert(project);
    remember(projectId, project.parse);
    return project.parse;
  }

  /** Starts an update. Throws ApiError (403 limits, 409 running, 422 nothing to run). */
  async function start(projectId: number) {
    starting.value = { ...starting.value, [projectId]: true };
    try {
      completedBefore.set(projectId, status.value[projectId]?.last_completed_at ?? null);
      const answer = await api.request('POST /api/projects/{project}/parse', {
        params: { project: projectId },
      });
      remember(projectId, answer.data.parse);
      watch(projectId, answer.data.name);
    } catch (error) {
      // 409: a run is going already; follow it instead of failing silently.
      if (error instanceof ApiError && error.status === 409) void follow(projectId);
      throw error;
    } finally {
      starting.value = { ...starting.value, [projectId]: false };
    }
  }

  /** Loads the status and, when a run is going, keeps watching it. */
  async function follow(projectId: number) {
    const parse = await refresh(projectId).catch(() => undefined);
    if (parse?.in_progress) {
      if (!completedBefore.has(projectId)) completedBefore.set(projectId, parse.last_completed_at);
      const name = useProjectsStore().byId.get(projectId)?.name ?? '';
      watch(projectId, name);
    }
  }

  function watch(projectId: number, name: string) {
    if (timers.has(projectId)) return;
    const tick = async () => {
      let parse: ParseStatus | undefined;
      try {
        parse = await refresh(projectId);
      } catch {
        // a missed poll is retried on the next tick
      }
      if (parse && !parse.in_progress) {
        timers.delete(projectId);
        const before = completedBefore.get(projectId) ?? null;
        const outcome: RunOutcome =
          parse.last_completed_at && parse.last_completed_at !== before ? 'finished' : 'failed';
        completedBefore.delete(projectId);
        if (outcome === 'finished')
          finished.value = { ...finished.value, [projectId]: (finished.value[projectId] ?? 0) + 1 };
        notices.value = [...notices.value, { projectId, name, outcome }];
        return;
      }
      timers.set(projectId, setTimeout(tick, RUN_POLL_MS));
    };
    timers.set(projectId, setTimeout(tick, RUN_POLL_MS));
  }

  function takeNotices(): RunNotice[] {
    const out = notices.value;
    notices.value = [];
    return out;
  }

  function stopAll() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  return { status, starting, notices, finished, refresh, start, follow, takeNotices, stopAll };
});
