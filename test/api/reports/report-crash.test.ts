import { afterEach, describe, expect, it } from 'vitest';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';

let dataDir: string;
let t: TestEngine | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the build in a child process and kills it (SIGKILL) once two blocks are saved. */
async function crashMidBuild(dir: string): Promise<void> {
  const child = fork(join(import.meta.dirname, 'crash-child.ts'), [dir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before the crash point`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a crash during report building', () => {
  it('resumes on restart from the saved blocks and ends done, never stuck in running', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'answerscope-crash-'));
    t = await createTestEngine({ dataDir });
    const p = await seedProject(t.engine.ctx, { brand: 'Acme' });
    await seedUpdate(t.engine.ctx, p, '2026-11-18', [ans(p.prompts[0], p.neural.chatgpt, { brandAt: 1 })]);
    const blocks = ['summary', 'competitors', 'answers', 'sources'];
    const created = await t.legacyApi.post(`/api/projects/${p.id}/reports`, {
      options: {
        comparison_enabled: false,
        period_main: 'last_7_days',
        blocks: blocks.map((slug) => ({ slug })),
      },
    });
    const id = created.body.id;
    await t.close();
    t = null;

    await crashMidBuild(dataDir);

    // What the crash left: a running report with two blocks saved, and a running job.
    t = await createTestEngine({ dataDir });
    const db = t.engine.ctx.db;
    const saved = await db
      .selectFrom('report_results')
      .selectAll()
      .where('report_id', '=', id)
      .orderBy('id')
      .execute();
    expect(saved.map((r) => r.block_slug)).toEqual(['summary', 'competitors']);
    expect((await t.legacyApi.get(`/api/projects/${p.id}/reports/${id}/status`)).body.status).toBe('running');

    // The restarted engine put the job back in the queue; the build resumes and finishes.
    await t.engine.jobs.drain({ ignoreDelays: true });
    const report = await t.legacyApi.get(`/api/projects/${p.id}/reports/${id}`);
    expect(report.body.data.status).toBe('done');
    expect(report.body.data.result.map((r: any) => r.block_slug)).toEqual(blocks);
    // The blocks built before the crash were kept, not built again.
    expect(report.body.data.result.slice(0, 2).map((r: any) => r.id)).toEqual(saved.map((r) => r.id));
    const events = await db.selectFrom('events').select('type').where('type', '=', 'report_done').execute();
    expect(events).toHaveLength(1);
  }, 30_000);

  it('fails the report once it was interrupted too many times', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'answerscope-crash-'));
    t = await createTestEngine({ dataDir });
    const p = await seedProject(t.engine.ctx, { brand: 'Acme' });
    const created = await t.legacyApi.post(`/api/projects/${p.id}/reports`, {
      options: { comparison_enabled: false, period_main: 'last_7_days', blocks: [{ slug: 'summary' }] },
    });
    // As after three crashes: the job was claimed three times and left running.
    await t.engine.ctx.db.updateTable('jobs').set({ status: 'running', attempts: 3 }).execute();
    await t.engine.ctx.db.updateTable('reports').set({ status: 'running' }).execute();
    await t.close();

    t = await createTestEngine({ dataDir });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const status = await t.legacyApi.get(`/api/projects/${p.id}/reports/${created.body.id}/status`);
    expect(status.body.status).toBe('failed');
  });
});
