import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src-main/engine/engine';
import { createToken } from '../../../src-main/engine/auth/tokens';
import { configureCollection } from '../../../src-main/engine/collect/tuning';
import { startHttpHost } from '../../../src-main/server/http-host';
import { typedApiClient } from '../../helpers/test-engine';
import { addCompatibleNetwork, balanceOf, makeProject } from './factories';
import { chatCompletion, startLoopbackAi, type Reply } from './loopback-ai';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Re-checks `check` until it holds (what a user watching the API does), failing after `ms`. */
async function until<T>(
  check: () => Promise<T | false | undefined> | T | false | undefined,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 15));
  }
}

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-collect-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('a parse run through the headless server', () => {
  it('moves through queue → submit → receive → analysis → saving → completed, with 409 while running', async () => {
    const gates: Array<() => void> = [];
    const ai = await startLoopbackAi(async (req) => {
      const prompt = req.body.messages[0].content as string;
      await new Promise<void>((release) => gates.push(release));
      if (prompt === 'failing prompt')
        return { status: 500, headers: { 'retry-after': '0' }, json: {} } as Reply;
      return { json: chatCompletion(`**Acme** is a fine answer to ${prompt}.`, ['https://acme.example/']) };
    });
    cleanups.push(() => ai.close());
    const engine = await createEngine({ dataDir: tempDir(), runJobs: true });
    cleanups.push(() => engine.close());
    configureCollection(engine.ctx, { retry: { backoffMs: 1 } });
    // Every write of the run's state, as the database saw it.
    await sql`create table phase_log (status text, phase text, progress integer)`.execute(engine.ctx.db);
    await sql`create trigger log_phase after update on parse_runs begin
      insert into phase_log values (new.status, new.phase, new.progress); end`.execute(engine.ctx.db);
    const host = await startHttpHost(engine);
    cleanups.push(() => host.close());
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'test' });
    const api = async (method: string, path: string) => {
      const res = await fetch(`${host.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      return { status: res.status, body: await res.json() };
    };

    await addCompatibleNetwork(engine, ai.url);
    const p = await makeProject(engine, {
      prompts: ['first prompt', 'second prompt', 'failing prompt'],
      neurals: ['loopback'],
    });
    const queued = await api('POST', `/api/projects/${p.id}/parse`);
    expect(queued.status).toBe(202);
    expect(queued.body.data.parse).toMatchObject({ status: 'queued', phase: 'queue_wait', progress: 1 });
    expect(await balanceOf(engine)).toBe(10_000 - 3);

    // All three requests are at the AI system and none has answered.
    await until(() => ai.seen.length === 3);
    const submitting = (await api('GET', `/api/projects/${p.id}`)).body.data.parse;
    expect(submitting).toMatchObject({
      status: 'in_progress',
      in_progress: true,
      phase: 'submit',
      progress: 2,
    });
    expect(submitting.started_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await api('POST', `/api/projects/${p.id}/parse`)).status).toBe(409);

    gates.shift()!();
    const receiving = await until(async () => {
      const parse = (await api('GET', `/api/projects/${p.id}`)).body.data.parse;
      return parse.phase === 'receive' && parse;
    });
    expect(receiving.progress).toBeGreaterThan(2);
    expect(receiving.progress).toBeLessThan(100);
    expect((await api('POST', `/api/projects/${p.id}/parse`)).status).toBe(409);

    // Release everything, including the retries of the failing prompt.
    const releaser = setInterval(() => gates.splice(0).forEach((g) => g()), 5);
    cleanups.push(() => clearInterval(releaser));
    const done = await until(async () => {
      const parse = (await api('GET', `/api/projects/${p.id}`)).body.data.parse;
      return parse.status === 'completed' && parse;
    });
    expect(done).toMatchObject({ in_progress: false, progress: 100, phase: null, started_at: null });
    expect(done.last_completed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const log = (
      await sql<{ status: string; phase: string | null }>`select * from phase_log`.execute(engine.ctx.db)
    ).rows;
    const phases = log.map((r) => `${r.status}:${r.phase}`).filter((v, i, all) => v !== all[i - 1]);
    expect(phases).toEqual([
      'in_progress:submit',
      'in_progress:receive',
      'in_progress:analysis_submit',
      'in_progress:saving_results',
      'completed:null',
    ]);
    expect(ai.seen.filter((r) => r.body.messages[0].content === 'failing prompt')).toHaveLength(3);
    const answers = await engine.ctx.db
      .selectFrom('answers')
      .select(['prompt_id', 'has_data'])
      .orderBy('prompt_id')
      .execute();
    expect(answers.map((a) => a.has_data)).toEqual([1, 1, 0]);
    expect(await balanceOf(engine)).toBe(10_000 - 2);
  });
});

describe('a parse run killed mid-way', () => {
  it('resumes on the next start without asking a saved prompt again or charging twice', async () => {
    const dir = tempDir();
    let hold = true;
    let answered = 0;
    const ai = await startLoopbackAi((req) => {
      if (hold && answered >= 5) return 'hang';
      answered++;
      return { json: chatCompletion(`Answer about **Acme** to ${req.body.messages[0].content}.`) };
    });
    cleanups.push(() => ai.close());

    // Arrange in-process: a project of 12 prompts on a loopback network, queued with POST parse.
    const setup = await createEngine({ dataDir: dir });
    await addCompatibleNetwork(setup, ai.url);
    const prompts = Array.from({ length: 12 }, (_, i) => `prompt ${i + 1}`);
    const p = await makeProject(setup, { prompts, neurals: ['loopback'] });
    const { token } = await createToken(setup.ctx, { userId: setup.localOwnerId, name: 'test' });
    const parse = typedApiClient(setup, token).send('POST /api/projects/{project}/parse', {
      params: { project: p.id },
    });
    expect((await parse).status).toBe(202);
    await setup.close();

    const db = new Database(join(dir, 'answerscope.sqlite'));
    cleanups.push(() => void db.close());
    const saved = () =>
      db.prepare('select p.value from answers a join prompts p on p.id = a.prompt_id').all() as Array<{
        value: string;
      }>;
    const balance = () =>
      (db.prepare('select limits_balance from users where id = 1').get() as any).limits_balance;
    expect(balance()).toBe(10_000 - 12);

    const start = () => {
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./engine-child.ts', import.meta.url)), dir],
        { stdio: 'ignore' },
      );
      cleanups.push(() => void child.kill('SIGKILL'));
      return child;
    };

    const first = start();
    await until(() => saved().length >= 5, 30_000);
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const savedBeforeKill = saved().map((r) => r.value);
    const requestsBeforeRestart = ai.seen.length;
    expect(savedBeforeKill.length).toBe(5);
    expect(savedBeforeKill.length).toBeLessThan(12);

    hold = false;
    const second = start();
    await until(() => {
      const run = db.prepare('select status from parse_runs').get() as { status: string };
      return run.status === 'completed';
    }, 30_000);
    second.kill('SIGKILL');

    const askedAfterRestart = ai.seen.slice(requestsBeforeRestart).map((r) => r.body.messages[0].content);
    for (const prompt of savedBeforeKill) expect(askedAfterRestart).not.toContain(prompt);
    expect(
      saved()
        .map((r) => r.value)
        .sort(),
    ).toEqual([...prompts].sort());
    expect(balance()).toBe(10_000 - 12);
    const run = db.prepare('select charged, refunded, tasks_done from parse_runs').get();
    expect(run).toEqual({ charged: 12, refunded: 0, tasks_done: 12 });
    const started = db.prepare("select count(*) as n from events where type = 'update_started'").get();
    expect(started).toEqual({ n: 1 });
  }, 60_000);
});
