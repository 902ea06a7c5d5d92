import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests (issue 14): Debian's `postgresql` package, `initdb` on a
 * temp folder, trust auth, listening on 127.0.0.1 at a free port and on a socket in that folder,
 * with durability off (fsync, synchronous commit): the data lives only for the test run. PostgreSQL
 * refuses to run as root, so as root `initdb` and `pg_ctl` run as the `postgres` user.
 */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/` + database name. */
  url(database?: string): string;
  port: number;
  stop(): void;
}

/** The folder of `initdb`/`pg_ctl` (the newest installed major version), or null when none is. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

export const postgresAvailable = (): boolean => postgresBinDir() !== null;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function asPostgres(binary: string, args: string[]): void {
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${binary} failed (${result.status}): ${result.stderr || result.stdout}`);
}

/**
 * `settings`: more server settings (`name: value`), e.g. the planner's costs for the bench.
 * `keepIn`: a folder that keeps the cluster after `stop()` (the bench's BENCH_KEEP): created and
 * initialised the first time, started again as it was the next times. Without it the cluster
 * lives in a temp folder removed by `stop()`.
 */
export async function startPostgresCluster(
  settings: Record<string, string> = {},
  keepIn?: string,
): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql).');
  const dir = keepIn ?? mkdtempSync(join(tmpdir(), 'answerscope-pg-'));
  mkdirSync(dir, { recursive: true });
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION')))
    asPostgres(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (keepIn) {
        // A clean shutdown: the next start needs no recovery (fsync is off).
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
        return;
      }
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
