import type { Transport, WireRequest, WireResponse } from './transport';

/** Where the browser keeps the token between visits (the key other code may read). */
export const TOKEN_STORAGE_KEY = 'answerscope.token';

export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage that forgets on reload, for hosts without localStorage (tests, private modes). */
export function memoryStorage(): TokenStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

export interface HttpTransportOptions {
  /** Base address of the server; '' means the page's own origin (the web build of `serve`). */
  baseUrl?: string;
  storage: TokenStorage;
  fetch?: typeof fetch;
  /** Called when the server rejects the token (401), after the stored token is dropped. */
  onUnauthorized?: () => void;
}

export interface HttpTransport extends Transport {
  readonly kind: 'http';
  token(): string | null;
  setToken(token: string | null): void;
}

/**
 * The browser host: same-origin fetch with a bearer token. The token arrives once in the
 * `#token=` part of the address `npm run serve` prints (see `takeTokenFromHash`), then lives in
 * localStorage; a 401 drops it so the sign-in screen asks for a new one.
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const token = () => options.storage.getItem(TOKEN_STORAGE_KEY);
  return {
    kind: 'http',
    token,
    setToken(value) {
      if (value) options.storage.setItem(TOKEN_STORAGE_KEY, value.trim());
      else options.storage.removeItem(TOKEN_STORAGE_KEY);
    },
    async download(url: string): Promise<Blob> {
      const current = token();
      const response = await doFetch(url, {
        headers: current ? { authorization: `Bearer ${current}` } : {},
      });
      if (response.status === 401 && token() === current) {
        options.storage.removeItem(TOKEN_STORAGE_KEY);
        options.onUnauthorized?.();
      }
      if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
      return response.blob();
    },
    async request(req: WireRequest): Promise<WireResponse> {
      const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
      const current = token();
      if (current) headers.authorization = `Bearer ${current}`;
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const response = await doFetch(`${base}${req.path}`, {
        method: req.method,
        headers,
        body: req.body,
      });
      const body = await response.text();
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => (responseHeaders[key] = value));
      // Only the token this request carried is refused: a newer one (a sign-in that happened
      // while the request was on its way) stays.
      if (response.status === 401 && token() === current) {
        options.storage.removeItem(TOKEN_STORAGE_KEY);
        options.onUnauthorized?.();
      }
      return { status: response.status, headers: responseHeaders, body };
    },
  };
}

/**
 * Reads `#token=...` (the one-time UI address of `npm run serve`) from a location hash. Returns
 * the token and the hash to continue with, or null when the hash carries none.
 */
export function takeTokenFromHash(hash: string): { token: string; rest: string } | null {
  const match = /^#\/?token=([^&]+)(?:&(.*))?$/.exec(hash);
  if (!match) return null;
  return { token: decodeURIComponent(match[1]), rest: match[2] ? `#${match[2]}` : '#/' };
}
