import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../../src-shared/api/routes';
import type { AppEnv } from './app';
import { streamJson } from './json-stream';
import type { Streamed } from '../json-pieces';

export type RouteName = keyof ApiRoutes;
export type RouteResponse<K extends RouteName> = ApiRoutes[K]['response'];

/**
 * The Hono method and path of a route of the shared table: `'GET /api/projects/{project}/x'` →
 * `['GET', '/api/projects/:project{[0-9]+}/x']`. A parameter is an integer id unless `patterns`
 * says otherwise, so `/reports/blocks` never matches `/reports/{report}`.
 */
export function honoRoute(name: RouteName, patterns: Record<string, string> = {}): [string, string] {
  const [method, path] = name.split(' ');
  return [
    method,
    path.replace(/\{(\w+)\}/g, (_, param: string) => `:${param}{${patterns[param] ?? '[0-9]+'}}`),
  ];
}

/** A parameter pattern for any one path segment (Hono's own default). */
export const ANY_SEGMENT = '[^/]+';

export interface RouteOptions {
  /** A parameter's own pattern (default: an integer id). */
  patterns?: Record<string, string>;
  /** `stream`: a large body sent as streamed JSON (json-stream.ts). */
  send?: 'json' | 'stream';
  /**
   * The status of a success (default 200), e.g. 201 for a creation, 202 for queued work. A
   * handler whose status depends on the outcome sets it itself with `c.status()`.
   */
  status?: ContentfulStatusCode;
}

/**
 * Declares a route of the shared table (src-shared/api/routes.ts) on a router: the path comes from
 * the route's name and the handler must return that route's response type, so a change on either
 * side fails `npm run typecheck`. A handler may instead return a `Response` for a body that is
 * not JSON (an image asked for without `?format=json`). Parts of the response may be JsonPieces
 * (their own JSON text, for streamed routes: json-stream.ts) typed as the part they stand for.
 */
export function route<K extends RouteName>(
  router: Hono<AppEnv>,
  name: K,
  handler: (c: Context<AppEnv>) => Promise<Streamed<RouteResponse<K>> | Response>,
  options: RouteOptions = {},
): void {
  const [method, path] = honoRoute(name, options.patterns);
  router.on(method, path, async (c) => {
    if (options.status) c.status(options.status);
    const body = await handler(c);
    if (body instanceof Response) return body;
    return options.send === 'stream' ? streamJson(c, body) : sendJson(c, body);
  });
}

/**
 * `c.json(body)`, with the body handed over as UTF-8 bytes: given a string, `Response` first makes
 * a well-formed copy of it (a full pass and a copy of a summary's ~1 MB of UTF-16) and then
 * encodes it; `Buffer.from` encodes in one pass and writes the same bytes (a lone surrogate
 * becomes U+FFFD either way). Same status and headers as `c.json`.
 */
function sendJson(c: Context, body: unknown): Response {
  // No JSON form (undefined): an empty body, as c.json gives.
  const text = (JSON.stringify(body) as string | undefined) ?? '';
  return c.body(Buffer.from(text), undefined, { 'content-type': 'application/json' });
}
