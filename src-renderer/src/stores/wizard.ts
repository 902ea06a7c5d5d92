import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { api, ApiError } from '../api/client';
import type { DraftBody, DraftPrompt, DraftView } from '../../../src-shared/api/core';

export const DRAFT_POLL_MS = 800;

export type WizardStep = 'brand' | 'proposing' | 'prompts' | 'created';

/**
 * The new-project wizard over drafts (api-spec.md "Project drafts"): brand form → proposals
 * (polled while `processing`) → edit the list (each change PATCHes the whole list) → create.
 * Long on purpose: a Pinia setup store is one closure (its state and actions share it); the steps
 * are its named actions, none over ~30 lines.
 */
export const useWizardStore = defineStore('wizard', () => {
  const step = ref<WizardStep>('brand');
  const draftId = ref<string | null>(null);
  const progress = ref(0);
  const prompts = ref<DraftPrompt[]>([]);
  const error = ref<unknown>(null);
  const failure = ref<string | null>(null);
  const saving = ref(false);
  const projectId = ref<number | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;

  const count = computed(() => prompts.value.length);

  function reset() {
    stopPolling();
    step.value = 'brand';
    draftId.value = null;
    progress.value = 0;
    prompts.value = [];
    error.value = null;
    failure.value = null;
    projectId.value = null;
  }

  async function propose(body: DraftBody) {
    error.value = null;
    failure.value = null;
    saving.value = true;
    try {
      const answer = await api.request('POST /api/project-drafts', { body });
      draftId.value = answer.draft_id;
      step.value = 'proposing';
      progress.value = 0;
      await poll();
    } catch (e) {
      error.value = e;
    } finally {
      saving.value = false;
    }
  }

  function apply(view: DraftView) {
    if (view.status === 'processing') {
      progress.value = view.progress;
      step.value = 'proposing';
    } else if (view.status === 'ready') {
      prompts.value = view.prompts;
      step.value = 'prompts';
    } else if (view.status === 'error') {
      failure.value = view.message;
      step.value = 'brand';
    }
  }

  /** Reads the draft; while it is processing, reads it again shortly. */
  async function poll() {
    if (!draftId.value) return;
    try {
      const view = await api.request('GET /api/project-drafts/{draft}', { params: { draft: draftId.value } });
      apply(view);
      if (view.status === 'processing') timer = setTimeout(() => void poll(), DRAFT_POLL_MS);
    } catch (e) {
      error.value = e;
      step.value = 'brand';
    }
  }

  function stopPolling() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  /** Sends the whole list (the API replaces it); the answer is the list as the draft keeps it. */
  async function savePrompts(texts: string[]) {
    if (!draftId.value) return;
    saving.value = true;
    error.value = null;
    try {
      apply(
        await api.request('PATCH /api/project-drafts/{draft}/prompts', {
          params: { draft: draftId.value },
          body: { prompts: texts },
        }),
      );
    } catch (e) {
      error.value = e;
    } finally {
      saving.value = false;
    }
  }

  const texts = () => prompts.value.map((p) => p.text);

  async function addPrompt(text: string) {
    const value = text.trim();
    if (!value) return;
    await savePrompts([...texts(), value]);
  }

  async function removePrompt(id: string) {
    await savePrompts(prompts.value.filter((p) => p.id !== id).map((p) => p.text));
  }

  async function editPrompt(id: string, text: string) {
    await savePrompts(prompts.value.map((p) => (p.id === id ? text : p.text)));
  }

  async function create(): Promise<number | null> {
    if (!draftId.value) return null;
    saving.value = true;
    error.value = null;
    try {
      const created = await api.request('POST /api/project-drafts/{draft}/project', {
        params: { draft: draftId.value },
      });
      projectId.value = created.project_id;
      step.value = 'created';
      return created.project_id;
    } catch (e) {
      // Already used: the project exists; take the user there instead of failing.
      if (e instanceof ApiError && e.code === 'DRAFT_ALREADY_USED' && e.body.error?.project_id) {
        projectId.value = e.body.error.project_id;
        step.value = 'created';
        return projectId.value;
      }
      error.value = e;
      return null;
    } finally {
      saving.value = false;
    }
  }

  return {
    step,
    draftId,
    progress,
    prompts,
    error,
    failure,
    saving,
    projectId,
    count,
    reset,
    propose,
    poll,
    stopPolling,
    addPrompt,
    removePrompt,
    editPrompt,
    create,
  };
});
