import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { fixedClock } from '../../src-main/engine/clock';
import { createToken } from '../../src-main/engine/auth/tokens';
import { postgresAvailable, startPostgresCluster, type PostgresCluster } from '../helpers/postgres-cluster';
import { adminQuery, testPostgresServer } from '../helpers/test-database';
import { JOB } from '../../src-main/engine/job-catalogue';
import { addCompatibleNetwork, makeProject } from './collect/factories';
import { chatCompletion, startLoopbackAi } from './collect/loopback-ai';
import { ans, seedProject, seedUpdate } from '../helpers/seed-analytics';
import { chromiumPath } from '../../src-main/server/chromium-printer';

/**
 * Issue 14: several `serve` processes on one PostgreSQL database share the work. Real servers
 * (child processes) on a throwaway cluster, a loopback AI system counting what it is asked.
 * Skipped where PostgreSQL is not installed (`.ci/run` installs it).
 */
const root = join(import.meta.dirname, '../..');
const LEASE_MS = 3_000; // ANSWERSCOPE_JOB_LEASE_MS of the servers: a killed one's job is free after it
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let cluster: PostgresCluster | undefined;
let server = '';
beforeAll(async () => {
  if (!postgresAvailable()) return;
  server = testPostgresServer() ?? '';
  if (!server) {
    cluster = await startPostgresCluster();
    server = cluster.url('').replace(/\/$/, '');
  }
}, 60_000);
afterAll(() => cluster?.stop());

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-two-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function freshDatabase(): Promise<string> {
  const name = `two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(server, `create database ${name}`);
  cleanups.push(() => adminQuery(server, `drop database if exists ${name} with (force)`));
  return `${server}/${name}`;
}

async function until<T>(check: () => Promise<T | false> | T | false, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The built web UI: its print view is what a server prints to PDF (`npm test` builds it first). */
const builtWebUi = resolve(root, 'out/web');
const canPrint = existsSync(join(builtWebUi, 'index.html')) && existsSync(chromiumPath());

/** `npm run serve -- --database URL` as its own process (node + tsx, so SIGKILL reaches it). */
async function serve(databaseUrl: string, dir: string, name: string, options: { webRoot?: string } = {}) {
  const webRoot = options.webRoot ?? join(dir, 'web');
  mkdirSync(webRoot, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src-main/server/serve.ts'),
      '--data-dir',
      join(dir, name),
      '--database',
      databaseUrl,
      '--port',
      '0',
      '--web-root',
      webRoot,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Every app server of a team seals secrets with the same key (docs/deploy.md).
      env: {
        ...process.env,
        ANSWERSCOPE_KEY_FILE: join(dir, 'secret.key'),
        ANSWERSCOPE_JOB_LEASE_MS: String(LEASE_MS),
      },
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 90_000);
    child.stdout.on('data', () => {
      const found = /AnswerScope listening on (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An engine of the test itself on the same database (a tool: it never runs jobs), to set up and look. */
async function lookout(databaseUrl: string, dir: string, now?: string): Promise<Engine> {
  const engine = await createEngine({
    dataDir: join(dir, 'lookout'),
    databaseUrl,
    role: 'tool',
    keyFile: join(dir, 'secret.key'),
    ...(now ? { clock: fixedClock(now) } : {}),
  });
  cleanups.push(() => engine.close());
  return engine;
}

const parseJobs = (engine: Engine) =>
  engine.ctx.db.selectFrom('jobs').selectAll().where('name', '=', JOB.parseRun).orderBy('id').execute();

const post = (url: string, token: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const getJson = async (url: string, token: string, path: string) =>
  (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

/** How many times the AI system was asked each prompt. */
function askedCounts(seen: Array<{ body: any }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of seen) {
    const prompt = String(s.body.messages.at(-1).content);
    counts.set(prompt, (counts.get(prompt) ?? 0) + 1);
  }
  return counts;
}

describe.skipIf(!postgresAvailable())('two serve processes on one PostgreSQL database', () => {
  it('share the queued runs and never ask a prompt twice', async () => {
    const ai = await startLoopbackAi(async (req) => {
      await new Promise((r) => setTimeout(r, 20));
      return { json: chatCompletion(`**Acme** answers ${req.body.messages.at(-1).content}.`, []) };
    });
    cleanups.push(() => ai.close());
    const dir = tempDir();
    const url = await freshDatabase();
    const [a, b] = await Promise.all([serve(url, dir, 'a'), serve(url, dir, 'b')]);
    const engine = await lookout(url, dir);
    await addCompatibleNetwork(engine, ai.url);
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
    const prompts: string[] = [];
    const projects = [];
    for (let p = 0; p < 6; p++) {
      const own = Array.from({ length: 5 }, (_, i) => `project ${p} prompt ${i}`);
      prompts.push(...own);
      projects.push(await makeProject(engine, { prompts: own, neurals: ['loopback'] }));
    }
    // Half the runs asked of each server: both poll the same jobs table.
    for (const [i, p] of projects.entries())
      expect((await post(i % 2 ? b.url : a.url, token, `/api/projects/${p.id}/parse`)).status).toBe(202);

    await until(async () => {
      const runs = await engine.ctx.db.selectFrom('parse_runs').select('status').execute();
      return runs.length === projects.length && runs.every((r) => r.status === 'completed');
    });
    const counts = askedCounts(ai.seen);
    expect([...counts.keys()].sort()).toEqual([...prompts].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Each run's job claimed once, by one server, and done (the run is marked before the job ends).
    const jobs = await until(async () => {
      const rows = await parseJobs(engine);
      return rows.every((j) => j.status === 'done') && rows;
    });
    expect(jobs.map((j) => j.attempts)).toEqual(projects.map(() => 1));
    const answers = await engine.ctx.db.selectFrom('answers').select('id').execute();
    expect(answers).toHaveLength(prompts.length);
  }, 240_000);

  it('hand a SIGKILLed server’s run to the other, which asks no saved prompt again', async () => {
    const ai = await startLoopbackAi(async (req) => {
      await new Promise((r) => setTimeout(r, 150));
      return { json: chatCompletion(`**Acme** answers ${req.body.messages.at(-1).content}.`, []) };
    });
    cleanups.push(() => ai.close());
    const dir = tempDir();
    const url = await freshDatabase();
    const a = await serve(url, dir, 'a');
    const engine = await lookout(url, dir);
    await addCompatibleNetwork(engine, ai.url);
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
    const prompts = Array.from({ length: 30 }, (_, i) => `long run prompt ${i}`);
    const p = await makeProject(engine, { prompts, neurals: ['loopback'] });
    expect((await post(a.url, token, `/api/projects/${p.id}/parse`)).status).toBe(202);
    // A's run is under way with some answers saved: kill it there, no clean shutdown.
    await until(async () => {
      const saved = await engine.ctx.db.selectFrom('answers').select('id').execute();
      return saved.length >= 5;
    });
    await a.kill();
    const [job] = await parseJobs(engine);
    expect(job.status).toBe('running');
    expect(job.locked_by).toContain(`/${a.pid}/`);
    const savedBefore = await engine.ctx.db
      .selectFrom('answers')
      .innerJoin('prompts', 'prompts.id', 'answers.prompt_id')
      .select('prompts.value')
      .execute();
    const asksBefore = ai.seen.length;

    const b = await serve(url, dir, 'b');
    await until(async () => {
      const run = await engine.ctx.db.selectFrom('parse_runs').select('status').executeTakeFirst();
      return run?.status === 'completed';
    }, 120_000);
    const [after] = await until(async () => {
      const rows = await parseJobs(engine);
      return rows[0]?.status === 'done' && rows;
    });
    expect(after.attempts).toBe(2); // A's claim, then B's
    expect(b.output()).not.toMatch(/error/i);
    const counts = askedCounts(ai.seen);
    // Every prompt answered; a saved one never asked again (only those in flight at the kill may be).
    expect(counts.size).toBe(prompts.length);
    for (const s of savedBefore) expect(counts.get(s.value)).toBe(1);
    expect(ai.seen.length - asksBefore).toBeLessThanOrEqual(prompts.length - savedBefore.length + 4);
    const answers = await engine.ctx.db.selectFrom('answers').select('id').execute();
    expect(answers).toHaveLength(prompts.length);
  }, 240_000);

  it('fire a due schedule once', async () => {
    const dir = tempDir();
    const url = await freshDatabase();
    // A project created weeks ago with a daily schedule that never ran: due at once.
    const engine = await lookout(url, dir, '2026-01-01T00:00:00.000Z');
    const p = await makeProject(engine, { prompts: ['one', 'two'], neurals: ['demo'] });
    await engine.ctx.db
      .insertInto('project_schedules')
      .values({ project_id: p.id, source: 'update', type: 'every_n_days', detail: '"1"', last_run_at: null })
      .execute();
    const servers = await Promise.all([serve(url, dir, 'a'), serve(url, dir, 'b'), serve(url, dir, 'c')]);
    await until(async () => {
      const schedule = await engine.ctx.db
        .selectFrom('project_schedules')
        .select('last_run_at')
        .executeTakeFirstOrThrow();
      return schedule.last_run_at !== null;
    });
    await new Promise((r) => setTimeout(r, 3_000)); // every server's first tick is over by now
    const runs = await engine.ctx.db
      .selectFrom('parse_runs')
      .selectAll()
      .where('project_id', '=', p.id)
      .execute();
    expect(runs).toHaveLength(1);
    for (const s of servers) expect(s.output()).not.toMatch(/tick failed/);
  }, 240_000);

  it.skipIf(!canPrint)(
    'serve a report PDF printed by one server from another',
    async () => {
      const dir = tempDir();
      const url = await freshDatabase();
      const a = await serve(url, dir, 'a', { webRoot: builtWebUi });
      const engine = await lookout(url, dir);
      const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
      const p = await seedProject(engine.ctx, { brand: 'Acme', prompts: ['best crm'], neurals: ['chatgpt'] });
      const today = new Date().toISOString().slice(0, 10);
      await seedUpdate(engine.ctx, p, today, [ans(p.prompts[0], p.neural.chatgpt, { brandAt: 1 })]);
      const created = await post(a.url, token, `/api/projects/${p.id}/reports`, {
        options: { comparison_enabled: false, period_main: 'last_30_days', blocks: [{ slug: 'summary' }] },
      });
      expect(created.status).toBe(201);
      const path = `/api/projects/${p.id}/reports/${(await created.json()).id}`;
      await until(async () => (await getJson(a.url, token, `${path}/status`)).status === 'done', 90_000);
      // Server A prints it, and stops: nothing of it is left to serve the PDF but the database.
      await until(
        async () => (await getJson(a.url, token, `${path}/download`)).status === 'success',
        150_000,
      );
      await a.stop();
      expect(readdirSync(join(dir, 'a', 'reports'))).toEqual([]);

      const b = await serve(url, dir, 'b');
      const ready = await getJson(b.url, token, `${path}/download`);
      expect(ready).toMatchObject({ status: 'success', file: `${b.url}${path}/file` });
      const file = await fetch(ready.file, { headers: { authorization: `Bearer ${token}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await file.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);
    },
    300_000,
  );
});
