import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { createToken } from '../../src-main/engine/auth/tokens';
import { applyServeHeapSettings } from '../../src-main/server/heap-settings';
import { GENERATE_CHILD_ENV, type GenerateReply, type GenerateRequest } from './dataset';
import { copySqliteToPostgres, openBenchPostgres } from './postgres-target';

/**
 * Analytics latency at a year of data (issue 4 "Performance"): one project of 500 prompts ×
 * 6 networks × 104 updates, then the same database grown to ten such projects. Each endpoint is
 * timed through engine.handle (the whole request: auth, validation, queries, JSON, body read).
 *
 * The data set is generated in a child process, so the engine's peak memory while serving is
 * measured apart from the generator's. The ten-project database reuses the one-project database
 * of the same run (project 0 is generated once, projects 1–9 are added to it).
 *
 * `BENCH_SCALE=0.1` tries it quickly; `BENCH_PROJECTS` sets the size of the second database
 * (default 10, 1 skips it); `BENCH_ITERATIONS` the timed requests per endpoint (default 25).
 *
 * PostgreSQL (issue 14): `npm run bench -- analytics --database URL` (or ANSWERSCOPE_DATABASE_URL;
 * `--database postgres` for a throwaway cluster) copies the largest database measured into a
 * PostgreSQL database of its own (postgres-target.ts), times the same endpoints there and prints
 * its table, then both p95s side by side.
 *
 * `BENCH_KEEP=<folder>` keeps the data set between runs (generating it and copying it into
 * PostgreSQL take minutes): the SQLite data folder is `<folder>/data`, reused when it was generated
 * with the same BENCH_SCALE and BENCH_PROJECTS; PostgreSQL's copy is the database
 * `answerscope_bench_kept` (with `--database postgres`, in a cluster kept in `<folder>/pg`),
 * reused when it is a copy of that data set. The engine migrates both at start, so a new
 * migration (an index) is measured on the kept data. Delete the folder (and, on a server of one's
 * own, drop that database) to start again.
 */

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 25);
const WARMUP = 3;

const ENDPOINTS: Array<{ name: string; path: string; goal: number }> = [
  { name: 'summary', path: 'summary', goal: 50 },
  { name: 'answers/visibility', path: 'answers/visibility?per_page=50', goal: 50 },
  { name: 'answers/comparison', path: 'answers/comparison?per_page=50', goal: 50 },
  { name: 'competitors', path: 'competitors', goal: 150 },
  { name: 'answers/history', path: 'answers/history?per_page=50', goal: 150 },
  // Not paginated: every prompt's site cells over the period (networks that return sources).
  { name: 'answers/sources-history', path: 'answers/sources-history', goal: 150 },
  { name: 'sources/list', path: 'sources/list', goal: 150 },
];
const MEMORY_GOAL_MB = 400;

interface Figure {
  endpoint: string;
  goal: number;
  median: number;
  p95: number;
  /** Size of the response body, MB. */
  bodyMb: number;
  /** Highest RSS sampled after this endpoint's requests (RSS only grows back slowly: read it as a running peak), MB. */
  rssMb: number;
}

interface Scenario {
  projects: number;
  /** RSS once the engine has opened the database, before the first request, MB. */
  startRssMb: number;
  /** 1-minute load average of the machine when the timing started (other processes skew it). */
  load: number;
  answers: number;
  floor: number;
  figures: Figure[];
  /** Highest RSS sampled right after each request (body read to its end), MB. */
  servingRssMb: number;
  /** The serving process's lifetime peak RSS (the kernel's figure, between samples too), MB. */
  lifetimeRssMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const ms = (v: number) => v.toFixed(1);

/** Generates projects `from`..`to - 1` into the database in a child process. */
function generate(dataDir: string, from: number, to: number): Promise<GenerateReply> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./dataset.ts', import.meta.url)), [], {
      env: { ...process.env, [GENERATE_CHILD_ENV]: '1' },
      stdio: 'inherit',
    });
    let reply: GenerateReply | undefined;
    child.on('message', (m) => (reply = m as GenerateReply));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && reply ? resolve(reply) : reject(new Error(`dataset generator exited with ${code}`)),
    );
    child.send({ dataDir, from, to } satisfies GenerateRequest);
  });
}

/** Reads a response body to its end without keeping it; returns its length in bytes. */
async function drain(res: Response): Promise<number> {
  if (!res.body) return 0;
  const reader = res.body.getReader();
  let bytes = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
  return bytes;
}

async function measure(engine: Engine, token: string, projectId: number, sample: () => number) {
  const figures: Figure[] = [];
  const sizes = new Map<string, number>();
  for (const endpoint of ENDPOINTS) {
    const times: number[] = [];
    let peak = 0;
    for (let i = 0; i < ITERATIONS + WARMUP; i++) {
      const started = performance.now();
      const res = await engine.handle(
        new Request(`http://bench/api/projects/${projectId}/${endpoint.path}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      if (res.status !== 200) {
        throw new Error(`${endpoint.name}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      }
      // The engine's work ends with the body's bytes (what a server writes to the socket). They
      // are read chunk by chunk and dropped, as a socket would: keeping a copy here would count
      // the bench's memory as the engine's.
      const bytes = await drain(res);
      const elapsed = performance.now() - started;
      peak = Math.max(peak, sample());
      if (i === 0) sizes.set(endpoint.name, bytes);
      if (i >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    figures.push({
      endpoint: endpoint.name,
      goal: endpoint.goal,
      median: times[Math.floor(times.length / 2)],
      p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
      bodyMb: mb(sizes.get(endpoint.name) ?? 0),
      rssMb: mb(peak),
    });
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Serving in a child process too: its RSS is then the engine's (engine, database, requests) and
// not the bench runner's, which also loads the other benches' modules (the reports bench alone
// brings playwright-core: ~35 MB of heap, ~50 MB of RSS) and V8 sizes its heap, and so how much
// garbage it lets pile up between collections, from what is live.

const SERVE_CHILD_ENV = 'ANSWERSCOPE_BENCH_SERVE_CHILD';

interface ServeRequest {
  dataDir: string;
  projectIds: number[];
  answers: number;
  /** PostgreSQL holding a copy of the data folder's database; else that SQLite file. */
  databaseUrl?: string;
}

/** Times the endpoints in a fresh process that holds only the engine. */
function serve(
  dataDir: string,
  projectIds: number[],
  answers: number,
  databaseUrl?: string,
): Promise<Scenario> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, [SERVE_CHILD_ENV]: '1' },
      stdio: 'inherit',
    });
    let reply: Scenario | undefined;
    child.on('message', (m) => (reply = m as Scenario));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && reply ? resolve(reply) : reject(new Error(`serving process exited with ${code}`)),
    );
    child.send({ dataDir, projectIds, answers, databaseUrl } satisfies ServeRequest);
  });
}

if (process.env[SERVE_CHILD_ENV] && process.send) {
  // The heap settings `npm run serve` starts with: the peak RSS measured is the server's.
  applyServeHeapSettings();
  process.once('message', (request: ServeRequest) => {
    serveHere(request.dataDir, request.projectIds, request.answers, request.databaseUrl).then(
      (scenario) => process.send!(scenario, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

/** Opens the engine on the generated database and times every endpoint on its middle project. */
async function serveHere(
  dataDir: string,
  projectIds: number[],
  answers: number,
  databaseUrl?: string,
): Promise<Scenario> {
  const engine = await createEngine({ dataDir, runJobs: false, databaseUrl });
  let peak = 0;
  const sample = () => {
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    return rss;
  };
  try {
    const startRssMb = mb(process.memoryUsage().rss);
    sample();
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'bench' });
    const target = projectIds[Math.floor(projectIds.length / 2)];
    const countStarted = performance.now();
    for (let i = 0; i < 5; i++) {
      await sql`select count(*) from answers where project_id = ${target}`.execute(engine.ctx.db);
    }
    const floor = (performance.now() - countStarted) / 5;
    const load = loadavg()[0];
    const figures = await measure(engine, token, target, sample);
    return {
      projects: projectIds.length,
      startRssMb,
      load,
      answers,
      floor,
      figures,
      servingRssMb: mb(peak),
      lifetimeRssMb: mb(process.resourceUsage().maxRSS * 1024),
    };
  } finally {
    await engine.close();
  }
}

function printScenario(s: Scenario, base?: Scenario) {
  console.log(
    `\n${s.projects} project(s), ${s.answers} answers; timed project: the middle one. ` +
      `Bare SQL count over its answers: ${ms(s.floor)} ms. Load average at start: ${s.load.toFixed(1)}.`,
  );
  const head = ['endpoint', 'body MB', 'RSS MB', 'median ms', 'p95 ms', 'goal p95 ms', 'goal', 'p95 / count'];
  if (base) head.push('p95 vs 1 project', '≤ 2×');
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const f of s.figures) {
    const cells = [
      f.endpoint,
      f.bodyMb.toFixed(2),
      f.rssMb.toFixed(0),
      ms(f.median),
      ms(f.p95),
      String(f.goal),
      f.p95 <= f.goal ? 'met' : 'MISSED',
      `${(f.p95 / s.floor).toFixed(1)}×`,
    ];
    if (base) {
      const ratio = f.p95 / base.figures.find((b) => b.endpoint === f.endpoint)!.p95;
      cells.push(`${ratio.toFixed(2)}×`, ratio <= 2 ? 'met' : 'MISSED');
    }
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    `engine peak RSS while serving: ${s.servingRssMb.toFixed(0)} MB ` +
      `(goal ${MEMORY_GOAL_MB}: ${s.servingRssMb <= MEMORY_GOAL_MB ? 'met' : 'MISSED'}; ` +
      `${s.startRssMb.toFixed(0)} MB once the engine had opened the database, before the first request; ` +
      `the serving process's lifetime peak ${s.lifetimeRssMb.toFixed(0)} MB)`,
  );
}

/** Both databases' p95 per endpoint, at the same data size. */
function printSideBySide(sqlite: Scenario, postgres: Scenario) {
  console.log(`\nSQLite beside PostgreSQL, ${sqlite.answers} answers (p95 ms; goal met?):`);
  console.log(
    '| endpoint | goal p95 ms | SQLite median | SQLite p95 | PostgreSQL median | PostgreSQL p95 | PostgreSQL goal |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of sqlite.figures) {
    const p = postgres.figures.find((g) => g.endpoint === f.endpoint)!;
    const cells = [f.endpoint, String(f.goal), ms(f.median), ms(f.p95), ms(p.median), ms(p.p95)];
    console.log(`| ${[...cells, p.p95 <= p.goal ? 'met' : 'MISSED'].join(' | ')} |`);
  }
}

/** What a BENCH_KEEP folder holds: the data set's size and what generating it replied. */
interface KeptDataset {
  /** Names the data set (size and when it was generated): PostgreSQL's copy carries it. */
  stamp: string;
  scale: string;
  projects: number;
  first: GenerateReply;
  rest?: GenerateReply;
}

/** The kept data set when it is the one asked for; else the folder is emptied for a new one. */
function keptDataset(keep: string, many: number): KeptDataset | null {
  const file = join(keep, 'dataset.json');
  const scale = process.env.BENCH_SCALE ?? '1';
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptDataset;
    if (
      kept.scale === scale &&
      kept.projects === many &&
      existsSync(join(keep, 'data', 'answerscope.sqlite'))
    )
      return kept;
  }
  rmSync(join(keep, 'data'), { recursive: true, force: true });
  rmSync(file, { force: true });
  return null;
}

/** `postgres`: a PostgreSQL URL, or the word `postgres` for a throwaway cluster; else SQLite only. */
export async function runAnalyticsBench(options: { postgres?: string | null } = {}): Promise<void> {
  const keep = process.env.BENCH_KEEP ? resolve(process.env.BENCH_KEEP) : null;
  const many = Math.max(1, Number(process.env.BENCH_PROJECTS ?? 10));
  const kept = keep ? keptDataset(keep, many) : null;
  const dataDir = keep ? join(keep, 'data') : mkdtempSync(join(tmpdir(), 'answerscope-bench-'));
  mkdirSync(dataDir, { recursive: true });
  let largest: { scenario: Scenario; projectIds: number[] } | undefined;
  try {
    // A kept data set already holds every project: its one-project figures are not measured.
    const first = kept?.first ?? (await generate(dataDir, 0, 1));
    console.log(
      `${kept ? 'reused (BENCH_KEEP)' : 'generated'} 1 project (${first.prompts} prompts × ${first.networks} networks × ${first.updates} updates, ` +
        `${first.answers} answers) in ${(first.ms / 1000).toFixed(1)} s; generator peak RSS ${first.peakRssMb.toFixed(0)} MB`,
    );
    const one = kept && many > 1 ? undefined : await serve(dataDir, first.projectIds, first.answers);
    if (one) printScenario(one);
    if (one) largest = { scenario: one, projectIds: first.projectIds };
    let rest: GenerateReply | undefined = kept?.rest;
    if (many > 1) {
      rest ??= await generate(dataDir, 1, many);
      console.log(
        `\nadded ${many - 1} projects (${rest.answers} answers) in ${(rest.ms / 1000).toFixed(1)} s; ` +
          `generator peak RSS ${rest.peakRssMb.toFixed(0)} MB`,
      );
      const ten = await serve(
        dataDir,
        [...first.projectIds, ...rest.projectIds],
        first.answers + rest.answers,
      );
      printScenario(ten, one);
      largest = { scenario: ten, projectIds: [...first.projectIds, ...rest.projectIds] };
    }
    const stamp =
      kept?.stamp ??
      `${many} project(s) at scale ${process.env.BENCH_SCALE ?? '1'}, generated ${new Date().toISOString()}`;
    if (keep && !kept) {
      const dataset: KeptDataset = {
        stamp,
        scale: process.env.BENCH_SCALE ?? '1',
        projects: many,
        first,
        rest,
      };
      writeFileSync(join(keep, 'dataset.json'), JSON.stringify(dataset, null, 2));
    }
    if (options.postgres)
      await measurePostgres(options.postgres, dataDir, largest!, keep ? { keep, stamp } : undefined);
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The largest database measured, copied into PostgreSQL and measured there. */
async function measurePostgres(
  requested: string,
  dataDir: string,
  sqlite: { scenario: Scenario; projectIds: number[] },
  kept?: { keep: string; stamp: string },
): Promise<void> {
  const target = await openBenchPostgres(requested, kept?.keep);
  try {
    if (kept && (await target.copiedStamp()) === kept.stamp) {
      console.log(`\nPostgreSQL on ${target.describe}: the kept copy of this data set (BENCH_KEEP).`);
    } else {
      const copied = await copySqliteToPostgres(join(dataDir, 'answerscope.sqlite'), target.url);
      if (kept) await target.markCopied(kept.stamp);
      console.log(
        `\nPostgreSQL on ${target.describe}: copied ${copied.rows} rows in ${(copied.ms / 1000).toFixed(1)} s, then vacuum and analyze.`,
      );
    }
    const scenario = await serve(dataDir, sqlite.projectIds, sqlite.scenario.answers, target.url);
    console.log('PostgreSQL:');
    printScenario(scenario);
    printSideBySide(sqlite.scenario, scenario);
  } finally {
    await target.close();
  }
}
