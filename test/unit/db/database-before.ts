import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from '../../../src-main/engine/db/migrations/index';

/**
 * A SQLite file migrated up to, not including, the migration `name`: a migration test writes the
 * rows of an older database into it, then opens it with the engine to run `name` on them.
 */
export async function databaseBefore(file: string, name: string): Promise<Kysely<any>> {
  const older = migrations.slice(
    0,
    migrations.findIndex((m) => m.name === name),
  );
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  await new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(older.map((m) => [m.name, { up: m.up }])) },
  }).migrateToLatest();
  return db;
}
