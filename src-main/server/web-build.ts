import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Keeps the web build (`out/web`) in step with its sources, so `npm install && npm run serve`
 * serves the UI with no build step, and a `git pull` never leaves an old UI behind.
 *
 * The build writes a stamp (a SHA-256 of the web sources' paths and contents) beside its output
 * (the `sourceStamp` plugin of vite.web.config.ts); `serve` compares it with the sources on disk
 * and rebuilds when the output is missing or the stamp differs. A content hash, not mtimes:
 * checkouts, copies and archives all change mtimes without changing what is built. Hashing the
 * ~200 files takes a few milliseconds.
 */

/** What the web build reads, relative to the repository root. */
export const WEB_SOURCES = ['src-renderer', 'src-shared', 'vite.web.config.ts', 'package-lock.json'];
export const STAMP_FILE = '.source-stamp';

export function sourceStamp(root: string): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
    else files.push(path);
  };
  for (const source of WEB_SOURCES) walk(join(root, source));
  for (const file of files) {
    hash.update(relative(root, file).split(sep).join('/')).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export type WebBuildState = 'fresh' | 'missing' | 'stale' | 'no-sources';

export function webBuildState(root: string, outDir: string): WebBuildState {
  if (!existsSync(join(root, 'src-renderer', 'index.html'))) return 'no-sources';
  if (!existsSync(join(outDir, 'index.html'))) return 'missing';
  const stamp = join(outDir, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === sourceStamp(root) ? 'fresh' : 'stale';
}

const REASON: Record<'missing' | 'stale', string> = {
  missing: 'it is not built yet',
  stale: 'its sources changed since the last build',
};

/**
 * Builds the web UI when it is missing or stale, printing one line; never throws. The build goes
 * to a folder of its own and replaces `outDir` at the end, so a server already serving `outDir`
 * never sees half a build, and two servers starting together cannot mix their files.
 */
export function ensureWebBuild(
  root: string,
  outDir: string,
  log: (line: string) => void = console.log,
): WebBuildState | 'failed' {
  const state = webBuildState(root, outDir);
  if (state === 'fresh' || state === 'no-sources') return state;
  log(`Building the web UI (${REASON[state]}; about 10 s)…`);
  const failed = (why: string) => {
    log(
      `The web UI could not be built (${why}); ${state === 'stale' ? 'serving the previous build' : 'serving the API only'}. Run npm run build:web to see why.`,
    );
    return 'failed' as const;
  };
  let vite: string;
  try {
    const pkg = createRequire(join(root, 'package.json')).resolve('vite/package.json');
    vite = join(dirname(pkg), JSON.parse(readFileSync(pkg, 'utf8')).bin.vite);
  } catch {
    return failed('vite is not installed: run npm install');
  }
  const temp = `${outDir}.build-${process.pid}`;
  const result = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      'vite.web.config.ts',
      '--outDir',
      temp,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0 || !existsSync(join(temp, 'index.html'))) {
    rmSync(temp, { recursive: true, force: true });
    const detail =
      (result.stderr ?? '').trim().split('\n')[0] || result.error?.message || `exit ${result.status}`;
    return failed(detail);
  }
  const old = `${outDir}.old-${process.pid}`;
  try {
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(temp, outDir);
  } catch {
    // Another server finished its build first and took `outDir`: theirs is as fresh as ours.
  }
  rmSync(temp, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
  return state;
}
