import { buildQuery, type QueryValue } from '../../src-shared/query';

/**
 * How the MCP tools reach AnswerScope: a call of the engine's one request handler, exactly as
 * the IPC bridge and the HTTP host make it. The tools never touch services or SQL, so auth,
 * project rights, validation, limits and error bodies are the API's own.
 */
export interface ApiCall {
  method: 'GET' | 'POST';
  /** Path under `/api/`, without a query string. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export type Api = <T = unknown>(call: ApiCall) => Promise<T>;

/** What the adapter needs of the engine (createEngine's result fits). */
export interface RequestHandler {
  handle(request: Request, options?: { asUser?: number }): Promise<Response>;
}

/** Who the calls act as: a user without a token (stdio, like IPC) or a bearer token (HTTP). */
export type Identity = { asUser: number } | { token: string };

/** A non-2xx answer of the API, carrying its status and body; the message is the API's. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(apiMessage(status, body));
    this.name = 'ApiRefusal';
  }
}

const ORIGIN = 'http://answerscope.mcp';

export function engineApi(engine: RequestHandler, identity: Identity): Api {
  return async <T>(call: ApiCall): Promise<T> => {
    const qs = buildQuery(call.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if ('token' in identity) headers.authorization = `Bearer ${identity.token}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const response = await engine.handle(
      new Request(`${ORIGIN}${call.path}${qs ? `?${qs}` : ''}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      }),
      'asUser' in identity ? { asUser: identity.asUser } : undefined,
    );
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text };
    }
    if (!response.ok) throw new ApiRefusal(response.status, body ?? {});
    return body as T;
  };
}

/** The API's message: `{message}`, or the draft envelope's `{error: {message}}`. */
function apiMessage(status: number, body: Record<string, unknown>): string {
  const { message, error } = (body ?? {}) as { message?: unknown; error?: { message?: unknown } };
  if (typeof message === 'string') return message;
  if (typeof error?.message === 'string') return error.message;
  return `HTTP ${status}`;
}
