import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { createEngine } from '../../src-main/engine/engine';
import { syncIdSequence, type AnyKysely } from '../../src-main/engine/db/dialect';
import { startPostgresCluster } from '../helpers/postgres-cluster';

/**
 * PostgreSQL for the analytics bench (issue 14): `npm run bench -- analytics --database URL` (or
 * `ANSWERSCOPE_DATABASE_URL`) measures on that server, `--database postgres` on a throwaway
 * cluster (test/helpers/postgres-cluster.ts). The bench never writes into the database the URL
 * names: it creates a database of its own beside it (the URL's user must be allowed to) and drops
 * it at the end.
 */
export interface BenchPostgres {
  /** Where the bench's own database lives. */
  url: string;
  describe: string;
  /** The stamp the kept database was marked with by `markCopied` (BENCH_KEEP), or null. */
  copiedStamp(): Promise<string | null>;
  /** Marks the kept database as a full copy of the data set named by `stamp`. */
  markCopied(stamp: string): Promise<void>;
  close(): Promise<void>;
}

/** The PostgreSQL the bench was asked for (argv/env), or null: SQLite only. */
export function requestedPostgres(argv: string[]): string | null {
  const at = argv.indexOf('--database');
  if (at >= 0) return argv[at + 1] ?? 'postgres';
  const inline = argv.find((a) => a.startsWith('--database='));
  if (inline) return inline.slice('--database='.length);
  return process.env.ANSWERSCOPE_DATABASE_URL || null;
}

/** argv without `--database [URL]`: the words that choose the benches. */
export function withoutDatabaseArgs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--database') i++;
    else if (!argv[i].startsWith('--database=')) out.push(argv[i]);
  }
  return out;
}

async function admin<Row = unknown>(url: string, statement: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The database a BENCH_KEEP run keeps (and finds again) on the server. */
const KEPT_DATABASE = 'answerscope_bench_kept';

/**
 * `keep` (BENCH_KEEP): the bench's database is `answerscope_bench_kept`, left on the server at the
 * end and reused by the next run when its stamp says it holds the same data set; with the word
 * `postgres` the cluster itself is kept in `<keep>/pg` and started again.
 */
export async function openBenchPostgres(requested: string, keep?: string): Promise<BenchPostgres> {
  // An SSD's random reads (docs/deploy.md "Analytics speed"): the planner then reads a few
  // updates' URLs by answer id instead of scanning every citation of a domain.
  const cluster = /^postgres(ql)?:\/\//.test(requested)
    ? null
    : await startPostgresCluster({ random_page_cost: '1.1' }, keep ? join(keep, 'pg') : undefined);
  const serverUrl = new URL(cluster ? cluster.url('postgres') : requested);
  const name = keep ? KEPT_DATABASE : `answerscope_bench_${process.pid}`;
  const exists = await admin(serverUrl.href, 'select 1 from pg_database where datname = $1', [name]);
  if (!exists.length) await admin(serverUrl.href, `create database ${name}`);
  const url = new URL(serverUrl.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    describe: cluster
      ? `a ${keep ? 'kept' : 'throwaway'} cluster (test/helpers/postgres-cluster.ts: fsync off, random_page_cost 1.1, default memory settings)`
      : `${serverUrl.host}`,
    copiedStamp: async () => {
      const [row] = await admin<{ stamp: string | null }>(
        serverUrl.href,
        "select shobj_description(oid, 'pg_database') as stamp from pg_database where datname = $1",
        [name],
      );
      return row?.stamp ?? null;
    },
    markCopied: async (stamp) => {
      await admin(serverUrl.href, `comment on database ${name} is '${stamp.replace(/'/g, "''")}'`);
    },
    close: async () => {
      if (!keep)
        await admin(serverUrl.href, `drop database if exists ${name} with (force)`).catch(() => undefined);
      cluster?.stop();
    },
  };
}

/**
 * Copies the generated SQLite database into the PostgreSQL one, table by table (ids included,
 * tables in creation order, so a row's parents are there first), then moves the id sequences
 * past the copied ids, then vacuums and analyzes: the same data for both tables of figures.
 * The vacuum is the state autovacuum leaves a live database in (the visibility map that lets
 * PostgreSQL answer from an index alone); without it autovacuum woke up on the copied tables while
 * the endpoints were being timed.
 */
export async function copySqliteToPostgres(
  sqliteFile: string,
  url: string,
): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'answerscope-bench-pg-'));
  const engine = await createEngine({ dataDir: scratch, databaseUrl: url, runJobs: false });
  const source = new SQLite(sqliteFile, { readonly: true });
  let rows = 0;
  try {
    const db = engine.ctx.db as unknown as AnyKysely; // a copy of any table
    const tables = (
      source
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by rowid",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(db);
    for (const table of tables) {
      const columns = (
        source.prepare(`select * from "${table}" limit 0`).columns() as { name: string }[]
      ).map((c) => c.name);
      const batchSize = Math.max(1, Math.floor(30_000 / columns.length));
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (!batch.length) return;
        await db.insertInto(table).values(batch).execute();
        rows += batch.length;
        batch = [];
      };
      for (const row of source.prepare(`select * from "${table}"`).iterate() as Iterable<
        Record<string, unknown>
      >) {
        batch.push(row);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
      const info = source.prepare(`pragma table_info("${table}")`).all() as { name: string; type: string }[];
      if (info.some((c) => c.name === 'id' && c.type.toLowerCase() === 'integer'))
        await syncIdSequence(db, table);
    }
    await sql`vacuum (analyze)`.execute(db);
  } finally {
    source.close();
    await engine.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return { rows, ms: performance.now() - started };
}
