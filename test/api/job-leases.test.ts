import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { fixedClock } from '../../src-main/engine/clock';
import { LEASE_MS } from '../../src-main/engine/jobs/lease';
import type { JobQueue } from '../../src-main/engine/jobs/queue';
import { configureCollection } from '../../src-main/engine/collect/tuning';
import { runCli } from '../helpers/run-cli';
import { typedApiClient } from '../helpers/test-engine';
import { createToken } from '../../src-main/engine/auth/tokens';
import { addCompatibleNetwork, balanceOf, makeProject } from './collect/factories';
import { chatCompletion, startLoopbackAi } from './collect/loopback-ai';

/** The engine's queue, open to this file's own `test.*` jobs (the engine's names are typed). */
const testJobs = (engine: Engine) => engine.jobs as unknown as JobQueue<Record<`test.${string}`, object>>;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-jobs-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function until<T>(check: () => Promise<T | false> | T | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobRow = (engine: Engine, id: number) =>
  engine.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a CLI command during a run', () => {
  it("neither re-queues nor repeats the run's requests", async () => {
    const gates: Array<() => void> = [];
    const ai = await startLoopbackAi(async (req) => {
      await new Promise<void>((release) => gates.push(release));
      return { json: chatCompletion(`**Acme** answers ${req.body.messages[0].content}.`, []) };
    });
    cleanups.push(() => ai.close());
    const dataDir = tempDir();
    const engine = await createEngine({ dataDir, runJobs: true });
    cleanups.push(() => engine.close());
    configureCollection(engine.ctx, { retry: { backoffMs: 1 } });
    await addCompatibleNetwork(engine, ai.url);
    const p = await makeProject(engine, { prompts: ['one', 'two', 'three'], neurals: ['loopback'] });
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
    const parse = typedApiClient(engine, token).send('POST /api/projects/{project}/parse', {
      params: { project: p.id },
    });
    expect((await parse).status).toBe(202);
    await until(() => ai.seen.length === 3);
    const job = await engine.ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'running', attempts: 1, locked_by: engine.jobs.owner });

    // The case: `token list` while the server runs the job.
    const cli = await runCli(['token', 'list', '--data-dir', dataDir]);
    expect(cli.code).toBe(0);
    await new Promise((r) => setTimeout(r, 1500)); // three polls of the running server
    expect(await jobRow(engine, job.id)).toMatchObject({
      status: 'running',
      attempts: 1,
      locked_by: engine.jobs.owner,
    });
    expect(ai.seen).toHaveLength(3);

    const releaser = setInterval(() => gates.splice(0).forEach((g) => g()), 5);
    cleanups.push(() => clearInterval(releaser));
    await until(async () => (await jobRow(engine, job.id)).status === 'done');
    expect(ai.seen).toHaveLength(3);
    const run = await engine.ctx.db.selectFrom('parse_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'completed', tasks_total: 3, tasks_done: 3 });
  }, 120_000);
});

describe('job leases', () => {
  it('hand a running job over only once its lease has expired, and the old holder cannot finish it', async () => {
    const dataDir = tempDir();
    const clockA = fixedClock('2026-11-20T10:00:00.000Z');
    const clockB = fixedClock('2026-11-20T10:00:00.000Z');
    const a = await createEngine({ dataDir, clock: clockA });
    cleanups.push(() => a.close());
    const b = await createEngine({ dataDir, clock: clockB });
    cleanups.push(() => b.close());

    let releaseA!: () => void;
    let sawStopping = false;
    const runs: string[] = [];
    testJobs(a).register('test.slow', async (_p, job) => {
      runs.push('a');
      await new Promise<void>((r) => (releaseA = r));
      sawStopping = job.stopping;
    });
    testJobs(b).register('test.slow', async () => {
      runs.push('b');
    });
    const id = await testJobs(a).enqueue('test.slow', {});
    const drainA = a.jobs.drain();
    await until(() => runs.length === 1);

    // B, a live process on the same folder, cannot take a job whose lease holds.
    expect(await b.jobs.drain()).toBe(0);
    clockA.advance(LEASE_MS - 1000);
    clockB.advance(LEASE_MS - 1000);
    await a.jobs.renew(); // A's heartbeat moves the deadline on
    clockB.advance(LEASE_MS - 1000);
    expect(await b.jobs.drain()).toBe(0);

    // A stops renewing (hung); once the deadline passes, B takes the job over.
    clockB.advance(2000);
    expect(await b.jobs.drain()).toBe(1);
    expect(runs).toEqual(['a', 'b']);
    expect(await jobRow(b, id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });

    // A learns at its next heartbeat that it lost the job, and its late finish changes nothing.
    await a.jobs.renew();
    releaseA();
    await drainA;
    expect(sawStopping).toBe(true);
    expect(await jobRow(a, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('honours max_attempts: a failing job runs that many times, then fails with its last error', async () => {
    const engine = await createEngine({ dataDir: tempDir(), clock: fixedClock('2026-11-20T10:00:00Z') });
    cleanups.push(() => engine.close());
    let runs = 0;
    const gaveUp: string[] = [];
    testJobs(engine).register(
      'test.failing',
      async () => {
        runs++;
        throw new Error(`boom ${runs}`);
      },
      { onGiveUp: async (_p, error) => void gaveUp.push(error) },
    );
    const id = await testJobs(engine).enqueue('test.failing', {}, { maxAttempts: 3 });
    await engine.jobs.drain({ ignoreDelays: true });
    expect(runs).toBe(3);
    expect(await jobRow(engine, id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(gaveUp).toEqual(['boom 3']);
  });

  it('never runs a job past max_attempts when its processes keep dying', async () => {
    const dataDir = tempDir();
    const clock = fixedClock('2026-11-20T10:00:00Z');
    const engine = await createEngine({ dataDir, clock });
    cleanups.push(() => engine.close());
    let runs = 0;
    const gaveUp: string[] = [];
    testJobs(engine).register('test.crashy', async () => void runs++, {
      onGiveUp: async (_p, error) => void gaveUp.push(error),
    });
    const id = await testJobs(engine).enqueue('test.crashy', {}, { maxAttempts: 3 });
    // As after three crashes: claimed three times, the last holder gone, its lease over.
    await engine.ctx.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 3,
        last_error: 'socket hang up',
        locked_by: 'elsewhere/1/dead',
        locked_until: '2026-11-20T09:59:00.000Z',
      })
      .where('id', '=', id)
      .execute();
    await engine.jobs.drain();
    expect(runs).toBe(0);
    expect(await jobRow(engine, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'socket hang up',
    });
    expect(gaveUp).toEqual(['socket hang up']);
  });

  it('closes a parse run whose job used all its attempts: refunded, visible as failed', async () => {
    const engine = await createEngine({ dataDir: tempDir(), clock: fixedClock('2026-11-20T10:00:00Z') });
    cleanups.push(() => engine.close());
    const p = await makeProject(engine, { prompts: ['one', 'two'], neurals: ['demo'] });
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
    const api = typedApiClient(engine, token);
    const at = { params: { project: p.id } };
    expect((await api.send('POST /api/projects/{project}/parse', at)).status).toBe(202);
    expect(await balanceOf(engine)).toBe(10_000 - 2);
    // Its processes died ten times (max_attempts of a parse run) before it asked anything.
    await engine.ctx.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 10,
        last_error: 'out of memory',
        locked_by: 'elsewhere/1/dead',
        locked_until: '2026-11-20T09:00:00.000Z',
      })
      .execute();
    await engine.jobs.drain();
    const job = await engine.ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 10, last_error: 'out of memory' });
    const run = await engine.ctx.db.selectFrom('parse_runs').selectAll().executeTakeFirstOrThrow();
    expect(run.status).toBe('failed');
    expect(await balanceOf(engine)).toBe(10_000);
    const project = await api.request('GET /api/projects/{project}', at);
    expect(project.data.parse.status).not.toBe('in_progress');
  });

  it('frees at once, on a host start, the jobs of a process on this machine that died', async () => {
    const dataDir = tempDir();
    const first = await createEngine({ dataDir, clock: fixedClock('2026-11-20T10:00:00Z') });
    const id = await testJobs(first).enqueue('test.resume', {});
    // A pid that cannot be alive: the job was left running by a killed process.
    const { hostname } = await import('node:os');
    await first.ctx.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: `${hostname()}/2147483646/x`,
        locked_until: '2026-11-20T10:01:00.000Z',
      })
      .execute();
    await first.close();

    const tool = await createEngine({ dataDir, role: 'tool' });
    await tool.close();
    expect((await readJob(dataDir, id)).locked_until).toBe('2026-11-20T10:01:00.000Z');

    const host = await createEngine({ dataDir, clock: fixedClock('2026-11-20T10:00:00Z') });
    cleanups.push(() => host.close());
    let runs = 0;
    testJobs(host).register('test.resume', async () => void runs++);
    expect(await host.jobs.drain()).toBe(1);
    expect(runs).toBe(1);
  });
});

async function readJob(dataDir: string, id: number) {
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(join(dataDir, 'answerscope.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from jobs where id = ?').get(id) as { locked_until: string };
  } finally {
    db.close();
  }
}
