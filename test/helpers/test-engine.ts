import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine, type EngineOptions } from '../../src-main/engine/engine';
import { fixedClock } from '../../src-main/engine/clock';
import { createToken } from '../../src-main/engine/auth/tokens';
import { createUser } from '../../src-main/engine/account/users';
import { buildQuery, type QueryValue } from '../../src-shared/query';
import type { ApiErrorBody } from '../../src-shared/errors';
import {
  ApiError,
  createClient,
  type ApiClient as RendererClient,
  type ParamsOf,
  type RawResponse,
  type RouteKey,
} from '../../src-renderer/src/api/client';
import type { Transport } from '../../src-renderer/src/api/transport';
import { testPostgresDatabase, testPostgresDatabaseOf } from './test-database';

/**
 * The renderer's Transport over `engine.handle()`: the request the HTTP transport would send, with
 * a bearer token, answered in process.
 */
export function engineTransport(engine: Engine, token: string | null): Transport {
  return {
    kind: 'http',
    async request(req) {
      const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const response = await engine.handle(
        new Request(`http://engine.test${req.path}`, { method: req.method, headers, body: req.body }),
      );
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => (responseHeaders[key] = value));
      return { status: response.status, headers: responseHeaders, body: await response.text() };
    },
  };
}

/** What a refused request answered: its status and the API's error body (api-spec.md "Errors"). */
export type ErrorReply = RawResponse<ApiErrorBody>;

/**
 * The renderer's typed client (src-renderer/src/api/client.ts, over src-shared/api/routes.ts) on
 * the engine in process: `send`/`request` take a route of the shared table with its params, query
 * and body, and give its typed response (a non-2xx answer throws ApiError, as in the UI).
 */
export interface TestApi extends RendererClient {
  /**
   * For tests of a refusal: the answer whatever its status, its body read as an error body. The
   * body is not typed, since such tests send what the route refuses. A 2xx answer is returned
   * too, so a test expecting a 4xx fails on its status.
   */
  error<K extends RouteKey>(
    route: K,
    options?: { params?: ParamsOf<K>; query?: unknown; body?: unknown },
  ): Promise<ErrorReply>;
}

export function typedApiClient(engine: Engine, token: string | null): TestApi {
  const client = createClient(() => engineTransport(engine, token));
  // The options are checked loosely on purpose (see `error`): cast to the client's own signature.
  const sendLoose = client.send as (route: RouteKey, options?: object) => Promise<RawResponse<unknown>>;
  return {
    ...client,
    error: async (route, options) => {
      try {
        return (await sendLoose(route, options)) as ErrorReply;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { status: error.status, headers: {}, body: error.body };
      }
    },
  };
}

// ---- Raw: the requests the route table cannot express ------------------------------------------

/** An answer of the raw client: the body parsed as JSON when it is JSON, else the text. */
export interface RawApiResult {
  status: number;
  // Untyped on purpose: these requests are outside the route table, so no response type fits.
  body: any;
  headers: Headers;
}

/**
 * GET by path, untyped. Only for what the typed client cannot send by design: a path outside the
 * route table (an unknown path, the report PDF, the favicon image form) or an off-table query key.
 * Everything else goes through `api`, refusals through `api.error`.
 */
export interface RawApiClient {
  get(path: string, query?: Record<string, QueryValue>): Promise<RawApiResult>;
}

/** A client that calls `engine.handle()` with a bearer token, as the HTTP server would. */
export function rawApiClient(engine: Engine, token: string | null): RawApiClient {
  return {
    get: async (path, query) => {
      const qs = buildQuery(query);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await engine.handle(
        new Request(`http://engine.test${path}${qs ? `?${qs}` : ''}`, { method: 'GET', headers }),
      );
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: response.status, body, headers: response.headers };
    },
  };
}

export interface OtherUser {
  id: number;
  token: string;
  api: TestApi;
}

export interface TestEngine {
  engine: Engine;
  clock: ReturnType<typeof fixedClock>;
  dataDir: string;
  /** The engine's PostgreSQL database when the suite runs on it (a child process opens it too). */
  databaseUrl?: string;
  /** Typed client of the local owner (user 1). */
  api: TestApi;
  /** Raw GET of the local owner, for paths and query keys outside the route table (see RawApiClient). */
  rawApi: RawApiClient;
  ownerToken: string;
  /** Creates another user with a token and returns its client. */
  otherUser(limits?: number): Promise<OtherUser>;
  close(): Promise<void>;
}

/**
 * A real engine with a fixed clock, on a temp SQLite file, or — when the suite runs on PostgreSQL
 * (`ANSWERSCOPE_TEST_DATABASE=postgres`, postgres-global-setup.ts) — on a fresh database of its
 * own. Close it in afterEach.
 */
export async function createTestEngine(
  options: Partial<EngineOptions> & { now?: string } = {},
): Promise<TestEngine> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'answerscope-test-'));
  const clock = fixedClock(options.now ?? '2026-11-20T10:00:00.000Z');
  // A given data folder is opened again as it was left (its database too, on PostgreSQL).
  const database = options.databaseUrl || options.dataDir ? undefined : await testPostgresDatabase();
  const reopened =
    !options.databaseUrl && options.dataDir ? await testPostgresDatabaseOf(dataDir) : undefined;
  const databaseUrl = options.databaseUrl ?? database?.url ?? reopened;
  const engine = await createEngine({
    runJobs: false,
    ...options,
    dataDir,
    clock: options.clock ?? clock,
    databaseUrl,
  });
  const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
  return {
    engine,
    clock,
    dataDir,
    databaseUrl,
    api: typedApiClient(engine, token),
    rawApi: rawApiClient(engine, token),
    ownerToken: token,
    otherUser: async (limits = 1000) => {
      const id = await createUser(engine.ctx, { name: 'Other', limits });
      const created = await createToken(engine.ctx, { userId: id, name: 'other' });
      return {
        id,
        token: created.token,
        api: typedApiClient(engine, created.token),
      };
    },
    close: async () => {
      await engine.close();
      await database?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
