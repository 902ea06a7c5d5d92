import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';

const TEMPLATE_DATABASE = 'answerscope_template';

/** Whether the suite runs on PostgreSQL (postgres-global-setup.ts started a cluster). */
export const onPostgres = (): boolean =>
  process.env.ANSWERSCOPE_TEST_DATABASE === 'postgres' && !!process.env.ANSWERSCOPE_TEST_PG_URL;

/** The PostgreSQL server of the suite (`postgres://…:PORT`), when it runs on PostgreSQL. */
export const testPostgresServer = (): string | undefined =>
  onPostgres() ? process.env.ANSWERSCOPE_TEST_PG_URL!.replace(/\/$/, '') : undefined;

/** Runs one statement on the server's `postgres` database. */
export async function adminQuery(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test engine (a copy of the template the global setup
 * migrated), or undefined on SQLite. `drop` removes it.
 */
export async function testPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const server = testPostgresServer();
  if (!server) return undefined;
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(server, `create database ${name} template ${TEMPLATE_DATABASE}`);
  return {
    url: `${server}/${name}`,
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The database of a data folder, for tests that close an engine and open one again on the same
 * data (a restart, a crashed child process): on SQLite the folder holds the file; on PostgreSQL
 * the folder's path names a database, made from the template the first time and kept (the
 * throwaway cluster goes at the end of the run). Undefined on SQLite.
 */
export async function testPostgresDatabaseOf(dataDir: string): Promise<string | undefined> {
  const server = testPostgresServer();
  if (!server) return undefined;
  const name = `d_${createHash('sha1').update(dataDir).digest('hex').slice(0, 20)}`;
  try {
    await adminQuery(server, `create database ${name} template ${TEMPLATE_DATABASE}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // exists: the folder's own
  }
  return `${server}/${name}`;
}
