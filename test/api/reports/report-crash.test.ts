import { afterEach, describe, expect, it } from 'vitest';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';
import type { BlockSlug } from '../../../src-shared/api/reports';

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
    const blocks: BlockSlug[] = ['summary', 'competitors', 'answers', 'sources'];
    const created = await t.api.send('POST /api/projects/{project}/reports', {
      params: { project: p.id },
      body: {
        options: {
          comparison_enabled: false,
          period_main: 'last_7_days',
          blocks: blocks.map((slug) => ({ slug })),
        },
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
    const at = { params: { project: p.id, report: id } };
    const status = await t.api.request('GET /api/projects/{project}/reports/{report}/status', at);
    expect(status.status).toBe('running');

    // The restarted engine put the job back in the queue; the build resumes and finishes.
    await t.engine.jobs.drain({ ignoreDelays: true });
    const report = (await t.api.request('GET /api/projects/{project}/reports/{report}', at)).data;
    expect(report.status).toBe('done');
    expect(report.result?.map((r) => r.block_slug)).toEqual(blocks);
    // The blocks built before the crash were kept, not built again.
    expect(report.result?.slice(0, 2).map((r) => r.id)).toEqual(saved.map((r) => r.id));
    const events = await db.selectFrom('events').select('type').where('type', '=', 'report_done').execute();
    expect(events).toHaveLength(1);
  }, 30_000);

  it('fails the report once it was interrupted too many times', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'answerscope-crash-'));
    t = await createTestEngine({ dataDir });
    const p = await seedProject(t.engine.ctx, { brand: 'Acme' });
    const created = await t.api.send('POST /api/projects/{project}/reports', {
      params: { project: p.id },
      body: {
        options: { comparison_enabled: false, period_main: 'last_7_days', blocks: [{ slug: 'summary' }] },
      },
    });
    // As after three crashes: the job was claimed three times and left running.
    await t.engine.ctx.db.updateTable('jobs').set({ status: 'running', attempts: 3 }).execute();
    await t.engine.ctx.db.updateTable('reports').set({ status: 'running' }).execute();
    await t.close();

    t = await createTestEngine({ dataDir });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const status = await t.api.request('GET /api/projects/{project}/reports/{report}/status', {
      params: { project: p.id, report: created.body.id },
    });
    expect(status.status).toBe('failed');
  });
});
