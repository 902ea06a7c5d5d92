import type { ApiRoutes } from '../../../src-shared/api/routes';
import type { ApiErrorBody } from '../../../src-shared/errors';
import type { WireRequest } from '../../../src-shared/ipc';
import { buildQuery, type QueryValue } from '../../../src-shared/query';
import type { Transport } from './transport';

/** Every route of the table, as `'METHOD /api/path/{param}'`. */
export type RouteKey = keyof ApiRoutes & string;
type Spec<K extends RouteKey> = ApiRoutes[K];

type Method = WireRequest['method'];
type PathOf<K extends string> = K extends `${Method} ${infer P}` ? P : never;
type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/** The path placeholders of a route, e.g. `{project: 1}`; derived from the path itself. */
export type ParamsOf<K extends RouteKey> = Record<ParamNames<PathOf<K>>, string | number>;
export type QueryOf<K extends RouteKey> = Spec<K> extends { query?: infer Q } ? Q : never;
export type BodyOf<K extends RouteKey> = Spec<K> extends { body?: infer B } ? B : never;
export type ResponseOf<K extends RouteKey> = Spec<K> extends { response: infer R } ? R : unknown;

type ParamsPart<K extends RouteKey> = [ParamNames<PathOf<K>>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<K> };
type BodyPart<K extends RouteKey> = [BodyOf<K>] extends [never]
  ? { body?: undefined }
  : Spec<K> extends { body: unknown }
    ? { body: BodyOf<K> }
    : { body?: BodyOf<K> };

export type RequestOptions<K extends RouteKey> = ParamsPart<K> &
  BodyPart<K> & { query?: [QueryOf<K>] extends [never] ? undefined : QueryOf<K> };

/** Options may be left out only when nothing in them is required. */
export type OptionsArgs<K extends RouteKey> =
  object extends RequestOptions<K> ? [options?: RequestOptions<K>] : [options: RequestOptions<K>];

/** A non-2xx answer, with the API's error body (api-spec.md "Errors"). Status 0: no answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The draft error code, when the body is a draft error envelope. */
  get code(): string | undefined {
    return this.body.error?.code;
  }
  /** Messages by field path of a 422, flattened per field. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.body.errors ?? {})) out[field] = messages.join(' ');
    return out;
  }
}

export interface RawResponse<T> {
  status: number;
  headers: Record<string, string>;
  body: T;
}

/** Fills `{name}` placeholders; every one must be given. */
export function fillPath(template: string, params: Record<string, string | number> | undefined) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** The wire request for a route: method, filled path and bracket query, JSON body. */
export function toWireRequest(
  route: string,
  options: {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
  } = {},
): WireRequest {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as Method;
  const query = buildQuery(options.query as Record<string, QueryValue> | undefined);
  const path = fillPath(route.slice(space + 1), options.params) + (query ? `?${query}` : '');
  return {
    method,
    path,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  };
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

function errorMessage(status: number, body: ApiErrorBody): string {
  return body.error?.message ?? body.message ?? `Request failed with status ${status}`;
}

export interface ApiClient {
  /** Sends a route's request; resolves to the typed body of a 2xx answer, else throws ApiError. */
  request<K extends RouteKey>(route: K, ...args: OptionsArgs<K>): Promise<ResponseOf<K>>;
  /** The same, keeping the status and headers (201 vs 200, deprecation headers). */
  send<K extends RouteKey>(route: K, ...args: OptionsArgs<K>): Promise<RawResponse<ResponseOf<K>>>;
}

/** One typed client over the whole route table; the transport is looked up on every call. */
export function createClient(transport: () => Transport): ApiClient {
  async function send(route: string, options?: object): Promise<RawResponse<unknown>> {
    const wire = toWireRequest(route, options);
    let response;
    try {
      response = await transport().request(wire);
    } catch (error) {
      throw new ApiError(0, {}, error instanceof Error ? error.message : String(error));
    }
    const body = parseBody(response.body);
    if (response.status < 200 || response.status > 299) {
      const errorBody = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
      throw new ApiError(response.status, errorBody, errorMessage(response.status, errorBody));
    }
    return { status: response.status, headers: response.headers, body };
  }
  return {
    send: send as ApiClient['send'],
    request: (async (route: string, options?: object) =>
      (await send(route, options)).body) as ApiClient['request'],
  };
}

// ---- The one transport of this window, installed once at boot -----------------------------------

let installed: Transport | null = null;

/** Installs the transport every request goes through (main.ts calls `installTransport`). */
export function setTransport(transport: Transport): void {
  installed = transport;
}

export function currentTransport(): Transport {
  if (!installed) throw new Error('No transport installed: call installTransport() at boot.');
  return installed;
}

/** The client every store uses. */
export const api: ApiClient = createClient(currentTransport);
