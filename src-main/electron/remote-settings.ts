import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { APP_SHELL_REMOTE_PATH, type RemoteServerSettings, type ServerMode } from '../../src-shared/ipc';
import type { SecretBox } from '../engine/secrets';
import { isLocalHost } from '../engine/neurals/base-url';
import { jsonResponse, remoteUrl, type Bridge, type RemoteTarget } from './bridge-core';

/**
 * Which server the desktop talks to: this computer's engine (the default) or a team's shared
 * server. Kept in a small JSON file in userData; the token is sealed with the desktop's secret
 * box (safeStorage where the OS offers it) and never goes back to the renderer.
 */
interface StoredRemote {
  mode: ServerMode;
  base_url: string | null;
  token_sealed: string | null;
}

const DEFAULTS: StoredRemote = { mode: 'local', base_url: null, token_sealed: null };

export class RemoteSettingsStore {
  private stored: StoredRemote;

  constructor(
    private readonly file: string,
    private readonly secrets: SecretBox & { readonly storage?: 'keychain' | 'unencrypted' },
  ) {
    this.stored = readStored(file);
    this.resealIfBetter();
  }

  view(): RemoteServerSettings {
    return {
      mode: this.stored.mode,
      base_url: this.stored.base_url,
      token_set: !!this.stored.token_sealed,
      ...(this.secrets.storage ? { secret_storage: this.secrets.storage } : {}),
    };
  }

  /** A token stored unencrypted while the keychain was missing is sealed now that it works. */
  private resealIfBetter(): void {
    const sealed = this.stored.token_sealed;
    if (!sealed || !this.secrets.needsReseal?.(sealed)) return;
    try {
      this.save({ ...this.stored, token: this.secrets.open(sealed) });
    } catch (error) {
      console.warn('[desktop] the server token could not be re-sealed', error);
    }
  }

  /** The remote server to forward to, or null for the local engine. */
  target(): RemoteTarget | null {
    const { mode, base_url, token_sealed } = this.stored;
    if (mode !== 'remote' || !base_url || !token_sealed) return null;
    try {
      return { baseUrl: base_url, token: this.secrets.open(token_sealed) };
    } catch {
      // A token sealed under another OS account cannot be opened: fall back to local data.
      return null;
    }
  }

  /** The token a PUT would leave in place (for the connection check before saving). */
  storedToken(): string | null {
    return this.stored.token_sealed ? this.secrets.open(this.stored.token_sealed) : null;
  }

  save(next: { mode: ServerMode; base_url: string | null; token: string | null }): void {
    this.stored = {
      mode: next.mode,
      base_url: next.base_url,
      token_sealed: next.token ? this.secrets.seal(next.token) : null,
    };
    mkdirSync(dirname(this.file), { recursive: true });
    // Write-then-rename: a crash never leaves half a settings file.
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.stored, null, 2), { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
  }
}

function readStored(file: string): StoredRemote {
  if (!existsSync(file)) return { ...DEFAULTS };
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredRemote>;
    return {
      mode: raw.mode === 'remote' ? 'remote' : 'local',
      base_url: typeof raw.base_url === 'string' ? raw.base_url : null,
      token_sealed: typeof raw.token_sealed === 'string' ? raw.token_sealed : null,
    };
  } catch {
    console.warn(`[desktop] ${file} is not valid JSON; using this computer's data.`);
    return { ...DEFAULTS };
  }
}

/** `https://host:8787/` or `https://host/answerscope/api` → `https://host:8787`, `https://host/answerscope`. */
export function normalizeBaseUrl(raw: string): string | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: 'The server address must be a full address such as https://answerscope.example.com.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: 'The server address must start with http:// or https://.' };
  }
  // The token travels with every request: in clear text only to this machine or the local network.
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    return {
      error:
        'Use https:// for a server outside this computer and the local network (plain http would send the token in clear text).',
    };
  }
  if (url.username || url.password) return { error: 'Put the token in the token field, not in the address.' };
  if (url.search || url.hash) return { error: 'The server address must not carry a query or a fragment.' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${url.origin}${path}`;
}

type FieldErrors = Record<string, string[]>;

function validation(errors: FieldErrors) {
  const all = Object.values(errors).flat();
  const message =
    all.length > 1 ? `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})` : all[0];
  return jsonResponse(422, { message, errors });
}

/**
 * `GET /app-shell/remote` → `{data: {mode, base_url, token_set}}`;
 * `PUT /app-shell/remote` `{mode, base_url?, token?}` → the same, after checking that a remote
 * server answers with that token (422 by field otherwise, nothing saved).
 */
export function mountRemoteSettingsRoute(
  bridge: Bridge,
  store: RemoteSettingsStore,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  bridge.route(APP_SHELL_REMOTE_PATH, async (request) => {
    if (request.method === 'GET') return jsonResponse(200, { data: store.view() });
    if (request.method !== 'PUT') return jsonResponse(405, { message: 'Use GET or PUT.' });

    let input: Record<string, unknown>;
    try {
      input = JSON.parse(request.body ?? '');
    } catch {
      return jsonResponse(400, { message: 'The body must be JSON.' });
    }
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      return jsonResponse(400, { message: 'The body must be a JSON object.' });
    }
    const errors: FieldErrors = {};
    const mode = input.mode;
    if (mode !== 'local' && mode !== 'remote') errors.mode = ['The mode must be local or remote.'];

    let baseUrl: string | null = store.view().base_url;
    if (input.base_url !== undefined && input.base_url !== null && input.base_url !== '') {
      if (typeof input.base_url !== 'string') errors.base_url = ['The server address must be a string.'];
      else {
        const normalized = normalizeBaseUrl(input.base_url);
        if (typeof normalized === 'string') baseUrl = normalized;
        else errors.base_url = [normalized.error];
      }
    } else if (input.base_url === null || input.base_url === '') baseUrl = null;

    // The stored token belongs to the stored address: a new address needs its token again, so a
    // mistyped or hostile address never receives the old server's token (not even in the check).
    const sameServer = baseUrl === store.view().base_url;
    let token = sameServer ? store.storedToken() : null;
    if (input.token !== undefined) {
      if (typeof input.token !== 'string') errors.token = ['The token must be a string.'];
      else token = input.token.trim() || null;
    }
    if (mode === 'remote') {
      if (!baseUrl && !errors.base_url) errors.base_url = ['Give the address of the AnswerScope server.'];
      if (!token && !errors.token)
        errors.token = [
          sameServer
            ? 'Give a token created on that server (npm run cli -- token create).'
            : 'A new server address needs its token again (npm run cli -- token create on that server).',
        ];
    }
    if (Object.keys(errors).length) return validation(errors);

    if (mode === 'remote') {
      const problem = await checkRemote(doFetch, baseUrl!, token!, options.timeoutMs ?? 10_000);
      if (problem) return validation(problem);
    }
    store.save({ mode: mode as ServerMode, base_url: baseUrl, token });
    return jsonResponse(200, { data: store.view() });
  });
}

/** Asks the server for its catalogue with the token: proves both the address and the token. */
async function checkRemote(
  doFetch: typeof fetch,
  baseUrl: string,
  token: string,
  timeoutMs: number,
): Promise<FieldErrors | null> {
  let response: Response;
  try {
    response = await doFetch(remoteUrl(baseUrl, '/api/neurals'), {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } })?.cause?.code;
    return { base_url: [`Could not reach ${baseUrl}${cause ? ` (${cause})` : ''}.`] };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 401) return { token: ['The server did not accept this token.'] };
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('json')) {
    return { base_url: [`${baseUrl} did not answer like an AnswerScope server (HTTP ${response.status}).`] };
  }
  return null;
}
