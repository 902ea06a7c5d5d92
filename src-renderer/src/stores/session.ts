import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api, ApiError, currentTransport } from '../api/client';
import { isHttpTransport } from '../api/install';
import type { Account } from '../../../src-shared/api/core';

/**
 * Who is signed in, over which transport. In the browser the token comes from the address or
 * the sign-in screen; a 401 anywhere (the HTTP transport calls `tokenRejected`) sends the user
 * back to sign in. Over IPC the main process acts as the local owner: no token.
 */
export type SessionState = 'unknown' | 'signed-in' | 'needs-token' | 'rejected' | 'unreachable';

export const useSessionStore = defineStore('session', () => {
  const state = ref<SessionState>('unknown');
  const account = ref<Account | null>(null);
  const lastError = ref<string | null>(null);

  const transportKind = () => currentTransport().kind;

  /** Asks the engine who we are; settles the state. */
  async function check(): Promise<SessionState> {
    const transport = currentTransport();
    if (isHttpTransport(transport) && !transport.token()) {
      state.value = 'needs-token';
      return state.value;
    }
    try {
      account.value = (await api.request('GET /api/app/account')).data;
      state.value = 'signed-in';
      lastError.value = null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) state.value = 'rejected';
      else if (error instanceof ApiError && error.status === 404)
        state.value = 'signed-in'; // a server without the extension
      else {
        state.value = 'unreachable';
        lastError.value = error instanceof Error ? error.message : String(error);
      }
    }
    return state.value;
  }

  async function signIn(token: string): Promise<SessionState> {
    const transport = currentTransport();
    if (isHttpTransport(transport)) transport.setToken(token);
    return check();
  }

  function signOut() {
    const transport = currentTransport();
    if (isHttpTransport(transport)) transport.setToken(null);
    account.value = null;
    state.value = 'needs-token';
  }

  function tokenRejected() {
    account.value = null;
    state.value = 'rejected';
  }

  async function refreshAccount() {
    try {
      account.value = (await api.request('GET /api/app/account')).data;
    } catch {
      // the balance is a nicety in the top bar; errors show on the screens that need it
    }
  }

  return { state, account, lastError, transportKind, check, signIn, signOut, tokenRejected, refreshAccount };
});
