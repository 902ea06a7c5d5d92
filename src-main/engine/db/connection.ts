import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { PostgresSchemaPlugin } from './dialect';

export type Db = Kysely<Database>;

export interface OpenDatabaseOptions {
  /** Path of the SQLite file, or ':memory:'. Ignored when `url` is given. */
  file: string;
  /** A `postgres://` URL: the database of a team server (several app servers share it). */
  url?: string;
  /** better-sqlite3's `nativeBinding`: lets Electron load its own build of the addon. */
  nativeBinding?: string;
}

export interface DatabaseHandle {
  db: Db;
  /** Ends the connection (SQLite file or PostgreSQL pool). */
  close(): Promise<void>;
}

/** Whether a `--database` value / `ANSWERSCOPE_DATABASE_URL` names a PostgreSQL database. */
export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//i.test(url);

/** Opens the database and runs pending migrations: PostgreSQL when `url` is given, else SQLite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  const sqlite = new SQLite(
    options.file,
    options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
  );
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.destroy().catch(() => undefined);
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * The rows read back as SQLite gives them: `bigint` columns and counts (int8) and sums (numeric)
 * as numbers, not strings; `json` values (built by the analytics' JSON aggregates) as their text,
 * which the engine parses itself, as on SQLite.
 */
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_JSON = 114;
const PG_JSONB = 3802;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (v: string) => Number(v);
    if (oid === PG_JSON || oid === PG_JSONB) return (v: string) => v;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
  // An idle connection the server drops (a restart, a failover) must not crash the process.
  pool.on('error', () => undefined);
  // No parallel workers for the engine's queries: each reads at most tens of thousands of rows
  // (the analytics read per-update aggregates), and starting workers cost more than the work
  // (docs/deploy.md "Analytics speed": sources/list's citations, ~10 ms alone, took ~90 ms behind a
  // Gather). Set per session, so a pooler or a managed server's defaults stay as they are for
  // every other client. The query is queued ahead of the first one the engine sends.
  pool.on('connect', (client) => {
    client.query('set max_parallel_workers_per_gather = 0').catch(() => undefined);
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new PostgresSchemaPlugin()],
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return { db, close: () => db.destroy().catch(() => undefined) };
}

const staticProvider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(migrations.map((m) => [m.name, { up: m.up }])),
};

/** Migrates to the latest version; on PostgreSQL Kysely holds an advisory lock, so app servers starting together migrate once. */
async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: staticProvider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(error as Error).message ?? error}`);
  }
}

/** Booleans are stored as 0/1. */
export const bool = (v: number | null | undefined): boolean => v === 1;
export const bit = (v: boolean | null | undefined): number => (v ? 1 : 0);
