import { createHttpTransport, memoryStorage, takeTokenFromHash, type HttpTransport } from './http-transport';
import { createIpcTransport, findPreloadBridge } from './ipc-transport';
import { setTransport } from './client';
import type { Transport } from './transport';

export interface InstallOptions {
  /** The window (or a stand-in in tests). */
  host?: unknown;
  onUnauthorized?: () => void;
}

/**
 * Picks the host's transport: IPC when the preload bridge exists (Electron), else same-origin
 * HTTP with a token (the web build). A `#token=` in the address is taken once and stored, and
 * the address is cleaned so the token does not stay in the history.
 */
export function chooseTransport(options: InstallOptions = {}): Transport {
  const host = (options.host ?? globalThis) as {
    localStorage?: Storage;
    location?: Location;
    history?: History;
  };
  const bridge = findPreloadBridge(host);
  if (bridge) return createIpcTransport(bridge);
  const transport = createHttpTransport({
    storage: safeStorage(host.localStorage),
    onUnauthorized: options.onUnauthorized,
  });
  const fromHash = host.location ? takeTokenFromHash(host.location.hash) : null;
  if (fromHash) {
    transport.setToken(fromHash.token);
    host.history?.replaceState(
      null,
      '',
      `${host.location!.pathname}${host.location!.search}${fromHash.rest}`,
    );
  }
  return transport;
}

function safeStorage(storage: Storage | undefined) {
  try {
    if (storage) {
      storage.getItem('answerscope.probe');
      return storage;
    }
  } catch {
    // Storage can be blocked (privacy settings); fall back to a session-only token.
  }
  return memoryStorage();
}

/** Chooses and installs the transport for this window; returns it for the session store. */
export function installTransport(options: InstallOptions = {}): Transport {
  const transport = chooseTransport(options);
  setTransport(transport);
  return transport;
}

export function isHttpTransport(transport: Transport): transport is HttpTransport {
  return transport.kind === 'http';
}

/**
 * The printed UI address pasted into a tab that already runs the app changes only the hash: take
 * its token the same way. Call before the router is installed: this `popstate` listener then
 * runs before the router's, which sees the cleaned address instead of `#token=...`.
 */
export function takeTokensFromAddressChanges(transport: Transport, onToken: () => void): void {
  if (!isHttpTransport(transport) || typeof window === 'undefined') return;
  const take = () => {
    const fromHash = takeTokenFromHash(window.location.hash);
    if (!fromHash) return;
    transport.setToken(fromHash.token);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}${fromHash.rest}`,
    );
    onToken();
  };
  window.addEventListener('popstate', take);
  window.addEventListener('hashchange', take);
}
