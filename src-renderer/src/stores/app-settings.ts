import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client';
import type {
  Account,
  AppNeural,
  AppNeuralBody,
  AppSettings,
  AppSettingsPatch,
} from '../../../src-shared/api/core';
import { useSessionStore } from './session';

/** App-wide settings: the AI systems catalogue, the analysis model, limits, SMTP. */
export const useAppSettingsStore = defineStore('app-settings', () => {
  const neurals = ref<AppNeural[]>([]);
  const settings = ref<AppSettings | null>(null);
  const account = ref<Account | null>(null);
  const loading = ref(false);
  const error = ref<unknown>(null);
  /** Parts the server does not offer (an extension missing on a remote server). */
  const missing = ref<{ settings: boolean; account: boolean }>({ settings: false, account: false });

  async function load() {
    loading.value = true;
    error.value = null;
    try {
      const [n, s, a] = await Promise.allSettled([
        api.request('GET /api/app/neurals'),
        api.request('GET /api/app/settings'),
        api.request('GET /api/app/account'),
      ]);
      if (n.status === 'rejected') throw n.reason;
      neurals.value = n.value.data;
      missing.value = { settings: s.status === 'rejected', account: a.status === 'rejected' };
      settings.value = s.status === 'fulfilled' ? s.value.data : null;
      account.value = a.status === 'fulfilled' ? a.value.data : null;
    } catch (e) {
      error.value = e;
    } finally {
      loading.value = false;
    }
  }

  async function saveNeural(id: number | null, body: Partial<AppNeuralBody>) {
    const { data } = id
      ? await api.request('PATCH /api/app/neurals/{id}', { params: { id }, body })
      : await api.request('POST /api/app/neurals', { body: body as AppNeuralBody });
    neurals.value = id ? neurals.value.map((n) => (n.id === id ? data : n)) : [...neurals.value, data];
    return data;
  }

  async function deleteNeural(id: number) {
    await api.request('DELETE /api/app/neurals/{id}', { params: { id } });
    neurals.value = neurals.value.filter((n) => n.id !== id);
  }

  async function saveSettings(patch: AppSettingsPatch) {
    settings.value = (await api.request('PATCH /api/app/settings', { body: patch })).data;
    return settings.value;
  }

  async function setBalance(limits_balance: number) {
    account.value = (await api.request('PATCH /api/app/account', { body: { limits_balance } })).data;
    useSessionStore().account = account.value;
  }

  return {
    neurals,
    settings,
    account,
    loading,
    error,
    missing,
    load,
    saveNeural,
    deleteNeural,
    saveSettings,
    setBalance,
  };
});
