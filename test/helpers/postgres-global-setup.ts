import pg from 'pg';
import { openDatabase } from '../../src-main/engine/db/connection';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';

/**
 * Vitest global setup. With `ANSWERSCOPE_TEST_DATABASE=postgres` the API suite runs on PostgreSQL:
 * this starts a throwaway cluster (or uses `ANSWERSCOPE_TEST_PG_URL`, a server of one's own),
 * migrates a template database once, and hands its server URL to the test engines
 * (test-engine.ts), which each copy the template into a database of their own. Otherwise it does
 * nothing and the suite runs on SQLite files.
 */
export const TEMPLATE_DATABASE = 'answerscope_template'; // test-database.ts copies it

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.ANSWERSCOPE_TEST_DATABASE !== 'postgres') return undefined;
  let cluster: PostgresCluster | undefined;
  let server = process.env.ANSWERSCOPE_TEST_PG_URL;
  if (!server) {
    cluster = await startPostgresCluster();
    server = cluster.url('');
  }
  const admin = new pg.Client({ connectionString: `${server.replace(/\/$/, '')}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openDatabase({ file: '', url: `${server.replace(/\/$/, '')}/${TEMPLATE_DATABASE}` });
  await template.close();
  process.env.ANSWERSCOPE_TEST_PG_URL = server;
  return async () => cluster?.stop();
}
