import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { createToken } from '../../src-main/engine/auth/tokens';
import { GENERATE_CHILD_ENV, type GenerateReply, type GenerateRequest } from './dataset';

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
  /** Highest RSS sampled right after each request (response body still held), MB. */
  servingRssMb: number;
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

async function measure(engine: Engine, token: string, projectId: number, sample: () => void) {
  const figures: Figure[] = [];
  for (const endpoint of ENDPOINTS) {
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS + WARMUP; i++) {
      const started = performance.now();
      const res = await engine.handle(
        new Request(`http://bench/api/projects/${projectId}/${endpoint.path}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      // The engine's work ends with the body's bytes (what a server writes to the socket).
      const body = await res.arrayBuffer();
      const elapsed = performance.now() - started;
      sample();
      if (res.status !== 200) {
        throw new Error(`${endpoint.name}: HTTP ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      }
      if (i >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    figures.push({
      endpoint: endpoint.name,
      goal: endpoint.goal,
      median: times[Math.floor(times.length / 2)],
      p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
    });
  }
  return figures;
}

/** Opens the engine on the generated database and times every endpoint on its middle project. */
async function serve(dataDir: string, projectIds: number[], answers: number): Promise<Scenario> {
  const engine = await createEngine({ dataDir, runJobs: false });
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
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
    return { projects: projectIds.length, startRssMb, load, answers, floor, figures, servingRssMb: mb(peak) };
  } finally {
    await engine.close();
  }
}

function printScenario(s: Scenario, base?: Scenario) {
  console.log(
    `\n${s.projects} project(s), ${s.answers} answers; timed project: the middle one. ` +
      `Bare SQL count over its answers: ${ms(s.floor)} ms. Load average at start: ${s.load.toFixed(1)}.`,
  );
  const head = ['endpoint', 'median ms', 'p95 ms', 'goal p95 ms', 'goal', 'p95 / count'];
  if (base) head.push('p95 vs 1 project', '≤ 2×');
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const f of s.figures) {
    const cells = [
      f.endpoint,
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
      `${s.startRssMb.toFixed(0)} MB once the engine had opened the database, before the first request)`,
  );
}

export async function runAnalyticsBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-bench-'));
  const many = Math.max(1, Number(process.env.BENCH_PROJECTS ?? 10));
  try {
    const first = await generate(dataDir, 0, 1);
    console.log(
      `generated 1 project (${first.prompts} prompts × ${first.networks} networks × ${first.updates} updates, ` +
        `${first.answers} answers) in ${(first.ms / 1000).toFixed(1)} s; generator peak RSS ${first.peakRssMb.toFixed(0)} MB`,
    );
    const one = await serve(dataDir, first.projectIds, first.answers);
    printScenario(one);
    if (many > 1) {
      const rest = await generate(dataDir, 1, many);
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
    }
    console.log(
      `\nbench process lifetime peak RSS (serving only, plus any bench run before this one): ` +
        `${mb(process.resourceUsage().maxRSS * 1024).toFixed(0)} MB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
