import { IPC_CHANNEL, type WireRequest, type WireResponse } from '../../src-shared/ipc';

/**
 * The IPC bridge without Electron: the main process registers `handleWire` on one channel, and
 * every renderer request ends up here. It checks the request (the renderer is untrusted), then
 * hands it to the local engine as the local owner, or forwards it to the remote server the user
 * chose, adding the bearer token that never leaves the main process. Either way the renderer
 * gets the same status, headers and body it would get from the HTTP server.
 */

export interface RemoteTarget {
  /** Address of an AnswerScope server (`npm run serve`), without a trailing slash. */
  baseUrl: string;
  token: string;
}

/** What the bridge needs of the engine (createEngine's result fits). */
export interface LocalEngine {
  handle(request: Request, options?: { asUser?: number }): Promise<Response>;
  localOwnerId: number;
}

export interface BridgeOptions {
  engine: LocalEngine;
  /** The remote server when the user chose one, else null (local engine). Read per request. */
  getRemote: () => RemoteTarget | null;
  fetch?: typeof fetch;
  /** How long a remote server may take to answer before the renderer gets a 504. */
  remoteTimeoutMs?: number;
}

/** A desktop-only route (`/app-shell/...`), answered by the main process itself. */
export type ShellRoute = (request: CheckedRequest) => Promise<WireResponse>;

/** A wire request that passed the checks. */
export interface CheckedRequest {
  method: WireRequest['method'];
  path: string;
  /** Only the headers the renderer may choose (see FORWARDED_HEADERS). */
  headers: Record<string, string>;
  body?: string;
}

export interface Bridge {
  /** The IPC handler's body: any value in, a WireResponse out (never throws). */
  handleWire(raw: unknown): Promise<WireResponse>;
  /**
   * An API call as a web Response, to the local engine or the remote server. `local: true`
   * forces the local engine (the main process's own work, such as a print job).
   */
  send(request: CheckedRequest, options?: { local?: boolean }): Promise<Response>;
  /** Adds a desktop-only route; `path` must start with `/app-shell/`. */
  route(path: string, handler: ShellRoute): void;
}

export const WIRE_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export const MAX_PATH_CHARS = 8 * 1024;
/**
 * Above the engine's own 2 MiB limit, so that between the two the engine answers its usual 413
 * (same as over HTTP); only absurd bodies are refused here, before they cross into the engine.
 */
export const MAX_BODY_CHARS = 4 * 1024 * 1024;
export const MAX_HEADERS = 32;
/** Headers the renderer may set; identity (authorization, cookies) is the main process's call. */
const FORWARDED_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'if-none-match']);
/** Per-connection headers of an HTTP hop: meaningless to the renderer, wrong after decoding. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'set-cookie',
]);
const LOCAL_ORIGIN = 'http://answerscope.desktop';
const SHELL_PREFIX = '/app-shell/';

export function jsonResponse(status: number, body: unknown): WireResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export class WireError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks an untrusted wire request; throws WireError(400/413) with a message saying what is wrong. */
export function checkWireRequest(raw: unknown): CheckedRequest {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new WireError(400, 'The request must be an object {method, path, headers?, body?}.');
  }
  const { method, path, headers, body } = raw as Record<string, unknown>;
  if (typeof method !== 'string' || !(WIRE_METHODS as readonly string[]).includes(method)) {
    throw new WireError(400, `The method must be one of ${WIRE_METHODS.join(', ')}.`);
  }
  if (typeof path !== 'string' || path.length === 0) throw new WireError(400, 'The path must be a string.');
  if (path.length > MAX_PATH_CHARS) throw new WireError(414, 'The path is too long.');
  // Control characters, spaces, backslashes and fragments have no place in an API path.
  if (/[\s\\#]/.test(path) || hasControlCharacter(path)) {
    throw new WireError(400, 'The path contains invalid characters.');
  }
  if (!path.startsWith('/api/') && !path.startsWith(SHELL_PREFIX)) {
    throw new WireError(400, 'The path must start with /api/.');
  }
  // Dot segments (also percent-encoded) would leave /api/ once a URL normalises them.
  const pathname = new URL(path, LOCAL_ORIGIN).pathname;
  if (!pathname.startsWith('/api/') && !pathname.startsWith(SHELL_PREFIX)) {
    throw new WireError(400, 'The path must stay under /api/.');
  }
  const checkedHeaders: Record<string, string> = {};
  if (headers !== undefined && headers !== null) {
    if (typeof headers !== 'object' || Array.isArray(headers)) {
      throw new WireError(400, 'The headers must be an object of strings.');
    }
    const entries = Object.entries(headers as Record<string, unknown>);
    if (entries.length > MAX_HEADERS) throw new WireError(400, 'Too many headers.');
    for (const [name, value] of entries) {
      if (typeof value !== 'string' || value.length > 4096 || /[\r\n]/.test(value)) {
        throw new WireError(400, `The header ${name.slice(0, 64)} must be a short one-line string.`);
      }
      const key = name.toLowerCase();
      if (FORWARDED_HEADERS.has(key)) checkedHeaders[key] = value;
    }
  }
  if (body !== undefined && body !== null) {
    if (typeof body !== 'string') throw new WireError(400, 'The body must be JSON text.');
    if (method === 'GET') throw new WireError(400, 'A GET request has no body.');
    if (body.length > MAX_BODY_CHARS) throw new WireError(413, 'The request body is too large.');
    checkedHeaders['content-type'] ??= 'application/json';
  }
  return {
    method: method as CheckedRequest['method'],
    path,
    headers: checkedHeaders,
    body: typeof body === 'string' ? body : undefined,
  };
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Joins a server address and an API path, refusing anything that would leave that server's /api/. */
export function remoteUrl(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = new URL(`${base.origin}${prefix}${path}`);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/api/`)) {
    throw new WireError(400, 'The path must stay under /api/.');
  }
  return url;
}

export async function toWireResponse(response: Response): Promise<WireResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!HOP_HEADERS.has(key)) headers[key] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Long (about 90 lines) on purpose: a factory whose named steps (`sendLocal`, `sendRemote`, the
 * bridge's `route` and `handleWire`) share its options and shell routes; none is over 40 lines.
 */
export function createBridge(options: BridgeOptions): Bridge {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.remoteTimeoutMs ?? 30_000;
  const shellRoutes = new Map<string, ShellRoute>();

  async function sendLocal(request: CheckedRequest): Promise<Response> {
    try {
      return await options.engine.handle(
        new Request(`${LOCAL_ORIGIN}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        }),
        { asUser: options.engine.localOwnerId },
      );
    } catch (error) {
      // The engine shapes its own errors; this is only reached while it is closing.
      console.error('[bridge] local engine failed', error);
      return Response.json({ message: 'Server error.' }, { status: 500 });
    }
  }

  async function sendRemote(request: CheckedRequest, remote: RemoteTarget): Promise<Response> {
    const url = remoteUrl(remote.baseUrl, request.path);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers: { ...request.headers, authorization: `Bearer ${remote.token}` },
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return Response.json(
          {
            message: `The AnswerScope server at ${remote.baseUrl} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
          },
          { status: 504 },
        );
      }
      return Response.json(
        {
          message: `Could not reach the AnswerScope server at ${remote.baseUrl} (${describeNetworkError(error)}). Check the address in the server settings, or switch back to this computer.`,
        },
        { status: 502 },
      );
    }
    if (response.status >= 300 && response.status < 400) {
      // Following a redirect would carry the token to another address; say where to point instead.
      const location = response.headers.get('location') ?? 'another address';
      return Response.json(
        {
          message: `The server at ${remote.baseUrl} redirects to ${location}; put that address in the server settings.`,
        },
        { status: 502 },
      );
    }
    return response;
  }

  const bridge: Bridge = {
    async send(request, sendOptions = {}) {
      const remote = sendOptions.local ? null : options.getRemote();
      return remote ? sendRemote(request, remote) : sendLocal(request);
    },

    route(path, handler) {
      if (!path.startsWith(SHELL_PREFIX)) throw new Error(`Shell routes live under ${SHELL_PREFIX}: ${path}`);
      shellRoutes.set(path, handler);
    },

    async handleWire(raw) {
      try {
        const request = checkWireRequest(raw);
        if (request.path.startsWith(SHELL_PREFIX)) {
          const handler = shellRoutes.get(request.path.split('?')[0]);
          return handler ? await handler(request) : jsonResponse(404, { message: 'Not found.' });
        }
        return await toWireResponse(await bridge.send(request));
      } catch (error) {
        if (error instanceof WireError) return jsonResponse(error.status, { message: error.message });
        console.error('[bridge] request failed', error);
        return jsonResponse(500, { message: 'Server error.' });
      }
    },
  };
  return bridge;
}

/**
 * True when the frame that sent an IPC message shows our own UI (same scheme, host and port as
 * `expected`). Anything else (another site after a navigation slipped through, about:blank, a
 * devtools page) may not use the bridge. WHATWG gives custom schemes an opaque origin, so the
 * parts are compared rather than `URL.origin`.
 */
export function isTrustedSender(frameUrl: string | null | undefined, expected: string | string[]): boolean {
  if (!frameUrl) return false;
  let actual: URL;
  try {
    actual = new URL(frameUrl);
  } catch {
    return false;
  }
  return (Array.isArray(expected) ? expected : [expected]).some((candidate) => {
    try {
      const want = new URL(candidate);
      return (
        want.protocol === actual.protocol &&
        want.host === actual.host &&
        want.host !== '' &&
        actual.username === '' &&
        actual.password === ''
      );
    } catch {
      return false;
    }
  });
}

/** The shape of `ipcMain` the bridge needs (so tests can pass a fake). */
export interface IpcMainLike {
  // Electron's own signature (its fakes in tests differ only in the listener's argument types).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Electron types the listener with any
  handle(channel: string, listener: (event: any, ...args: any[]) => unknown): void;
}

/** The parts of Electron's IpcMainInvokeEvent the sender check reads. */
export interface SenderEvent {
  senderFrame?: { url: string; parent: unknown } | null;
}

/** Registers the one IPC channel: the sender frame is checked, then the bridge answers. */
export function registerBridgeHandler(
  ipcMain: IpcMainLike,
  bridge: Bridge,
  expectedOrigin: string | string[],
) {
  ipcMain.handle(IPC_CHANNEL, async (event: SenderEvent, raw: unknown): Promise<WireResponse> => {
    const frame = event?.senderFrame;
    // Only the top frame of our own page: an iframe (even a same-origin one) gets no bridge.
    if (!frame || frame.parent || !isTrustedSender(frame.url, expectedOrigin)) {
      return jsonResponse(403, { message: 'This window may not call the AnswerScope API.' });
    }
    return bridge.handleWire(raw);
  });
}
