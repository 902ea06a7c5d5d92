import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { createToken } from '../../src-main/engine/auth/tokens';
import { generateProject, scaledDataset } from './dataset';

/**
 * Analytics latency at a year of data (issue 4): one project of 500 prompts × 6 networks × 104
 * updates, then ten such projects in one database. Each endpoint is timed through engine.handle
 * (the whole request: auth, validation, queries, JSON). `BENCH_SCALE=0.1` tries it quickly;
 * `BENCH_PROJECTS` sets the size of the second database (default 10).
 */

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 25);
const GOALS: Record<string, number> = {
  summary: 50,
  'answers/visibility': 50,
  'answers/comparison': 50,
  competitors: 150,
  'answers/history': 150,
  'sources/list': 150,
};

interface Figure {
  endpoint: string;
  median: number;
  p95: number;
}

let peakRss = 0;
const sampleMemory = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

async function measure(engine: Engine, token: string, projectId: number): Promise<Figure[]> {
  const endpoints: Array<[string, string]> = [
    ['summary', 'summary'],
    ['answers/visibility', 'answers/visibility?per_page=50'],
    ['answers/comparison', 'answers/comparison?per_page=50'],
    ['competitors', 'competitors'],
    ['answers/history', 'answers/history?per_page=50'],
    ['sources/list', 'sources/list'],
  ];
  const figures: Figure[] = [];
  for (const [name, path] of endpoints) {
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS + 3; i++) {
      const started = performance.now();
      const res = await engine.handle(
        new Request(`http://bench/api/projects/${projectId}/${path}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      await res.text();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
      if (i >= 3) times.push(performance.now() - started);
      sampleMemory();
    }
    times.sort((a, b) => a - b);
    figures.push({
      endpoint: name,
      median: times[Math.floor(times.length / 2)],
      p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
    });
  }
  return figures;
}

async function scenario(projects: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-bench-'));
  const dbFile = join(dataDir, 'answerscope.sqlite');
  const engine = await createEngine({ dataDir, runJobs: false });
  try {
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'bench' });
    const options = scaledDataset();
    const started = performance.now();
    const generated = [];
    for (let i = 0; i < projects; i++) generated.push(await generateProject(engine, dbFile, i, options));
    await sql`analyze`.execute(engine.ctx.db);
    const answers = generated.reduce((n, g) => n + g.answers, 0);
    console.log(
      `${projects} project(s): ${options.prompts} prompts × ${options.networks.length} networks × ${options.updates} updates; ` +
        `${answers} answers generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const target = generated[Math.floor(projects / 2)].id;
    const countStarted = performance.now();
    for (let i = 0; i < 5; i++) {
      await sql`select count(*) from answers where project_id = ${target}`.execute(engine.ctx.db);
    }
    const floor = (performance.now() - countStarted) / 5;
    console.log(`bare SQL count over the project's answers: ${floor.toFixed(1)} ms`);
    const figures = await measure(engine, token, target);
    console.log('| endpoint | median ms | p95 ms | goal p95 ms | p95 / count |');
    console.log('|---|---|---|---|---|');
    for (const f of figures) {
      console.log(
        `| ${f.endpoint} | ${f.median.toFixed(1)} | ${f.p95.toFixed(1)} | ${GOALS[f.endpoint]} ${f.p95 <= GOALS[f.endpoint] ? 'ok' : 'MISSED'} | ${(f.p95 / floor).toFixed(1)}× |`,
      );
    }
    return figures;
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runAnalyticsBench(): Promise<void> {
  const one = await scenario(1);
  const many = Number(process.env.BENCH_PROJECTS ?? 10);
  if (many > 1) {
    const ten = await scenario(many);
    for (const f of ten) {
      const base = one.find((o) => o.endpoint === f.endpoint)!;
      console.log(`${f.endpoint}: ${many} projects / 1 project p95 = ${(f.p95 / base.p95).toFixed(2)}×`);
    }
  }
  console.log(`peak memory (rss): ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
}
