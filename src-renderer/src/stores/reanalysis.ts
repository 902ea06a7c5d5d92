import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client';
import type { Reanalysis } from '../../../src-shared/api/analytics';

/** How often a re-analysis in progress is polled (the status is one small row). */
export const REANALYSIS_POLL_MS = 1000;

const active = (r: Reanalysis | null | undefined) => r?.status === 'queued' || r?.status === 'running';

/**
 * Re-analyses of a project's stored answers (extension GET/POST …/reanalyze): queued by the
 * engine when the analyst marks a competitor "not a competitor" (or sets it back) or changes the
 * own products, or asked for here. While one is queued or running its status is polled; when it
 * ends, `finished[project]` moves, and the analytics screens reload with the re-ranked answers.
 */
export const useReanalysisStore = defineStore('reanalysis', () => {
  const status = ref<Record<number, Reanalysis | null>>({});
  /** Re-analyses finished in this session per project: screens reload when it moves. */
  const finished = ref<Record<number, number>>({});
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function remember(projectId: number, r: Reanalysis | null) {
    status.value = { ...status.value, [projectId]: r };
  }

  async function refresh(projectId: number): Promise<Reanalysis | null> {
    const r = (await api.request('GET /api/projects/{project}/reanalyze', { params: { project: projectId } }))
      .data;
    remember(projectId, r);
    return r;
  }

  /** Loads the latest re-analysis and, while it is going, keeps watching it. */
  async function follow(projectId: number) {
    const r = await refresh(projectId).catch(() => undefined);
    if (active(r)) watch(projectId);
  }

  /** Starts watching a re-analysis an edit just queued (its body carried it). */
  function track(projectId: number, r: Reanalysis | null | undefined) {
    if (!r) return;
    remember(projectId, r);
    if (active(r)) watch(projectId);
  }

  /** Asks for a re-analysis of every stored answer (old answers get their evidence). */
  async function start(projectId: number) {
    const body = await api.request('POST /api/projects/{project}/reanalyze', {
      params: { project: projectId },
    });
    track(projectId, body.data.reanalysis);
  }

  function watch(projectId: number) {
    if (timers.has(projectId)) return;
    const tick = async () => {
      let r: Reanalysis | null | undefined;
      try {
        r = await refresh(projectId);
      } catch {
        // a missed poll is retried on the next tick
      }
      if (r !== undefined && !active(r)) {
        timers.delete(projectId);
        if (r?.status === 'done')
          finished.value = { ...finished.value, [projectId]: (finished.value[projectId] ?? 0) + 1 };
        return;
      }
      timers.set(projectId, setTimeout(tick, REANALYSIS_POLL_MS));
    };
    timers.set(projectId, setTimeout(tick, REANALYSIS_POLL_MS));
  }

  function stopAll() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  return { status, finished, refresh, follow, track, start, stopAll };
});
