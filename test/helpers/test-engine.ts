import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine, type EngineOptions } from '../../src-main/engine/engine';
import { fixedClock } from '../../src-main/engine/clock';
import { createToken } from '../../src-main/engine/auth/tokens';
import { createUser } from '../../src-main/engine/account/users';
import { buildQuery, type QueryValue } from '../../src-shared/query';
import { testPostgresDatabase, testPostgresDatabaseOf } from './test-database';

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  request<T = any>(
    method: string,
    path: string,
    options?: { query?: Record<string, QueryValue>; body?: unknown },
  ): Promise<ApiResult<T>>;
  get<T = any>(path: string, query?: Record<string, QueryValue>): Promise<ApiResult<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiResult<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<ApiResult<T>>;
  delete<T = any>(path: string): Promise<ApiResult<T>>;
}

/** A client that calls `engine.handle()` with a bearer token, as the HTTP server would. */
export function apiClient(engine: Engine, token: string | null): ApiClient {
  const request = async (
    method: string,
    path: string,
    options: { query?: Record<string, QueryValue>; body?: unknown } = {},
  ) => {
    const qs = buildQuery(options.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await engine.handle(
      new Request(`http://engine.test${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
    const text = await response.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body, headers: response.headers };
  };
  return {
    request,
    get: (path, query) => request('GET', path, { query }),
    post: (path, body) => request('POST', path, { body }),
    patch: (path, body) => request('PATCH', path, { body }),
    delete: (path) => request('DELETE', path),
  };
}

export interface TestEngine {
  engine: Engine;
  clock: ReturnType<typeof fixedClock>;
  dataDir: string;
  /** The engine's PostgreSQL database when the suite runs on it (a child process opens it too). */
  databaseUrl?: string;
  /** Client of the local owner (user 1). */
  api: ApiClient;
  ownerToken: string;
  /** Creates another user with a token and returns its client. */
  otherUser(limits?: number): Promise<{ id: number; api: ApiClient; token: string }>;
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
    api: apiClient(engine, token),
    ownerToken: token,
    otherUser: async (limits = 1000) => {
      const id = await createUser(engine.ctx, { name: 'Other', limits });
      const created = await createToken(engine.ctx, { userId: id, name: 'other' });
      return { id, token: created.token, api: apiClient(engine, created.token) };
    },
    close: async () => {
      await engine.close();
      await database?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
