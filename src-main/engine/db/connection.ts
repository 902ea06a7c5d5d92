import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

export type Db = Kysely<Database>;

export interface OpenDatabaseOptions {
  /** Path of the SQLite file, or ':memory:'. */
  file: string;
  /** better-sqlite3's `nativeBinding`: lets Electron load its own build of the addon. */
  nativeBinding?: string;
}

export interface DatabaseHandle {
  db: Db;
  sqlite: SQLite.Database;
}

/** Opens the SQLite file with WAL and foreign keys on, and runs pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
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
  return { db, sqlite };
}

const staticProvider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(migrations.map((m) => [m.name, { up: m.up }])),
};

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
