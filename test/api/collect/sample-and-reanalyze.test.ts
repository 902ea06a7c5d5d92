import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { balanceOf, makeProject } from './factories';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

describe('POST /api/app/sample-project', () => {
  it('creates a sample project with 25 prompts and 12 weekly completed updates, fast and free', async () => {
    const started = performance.now();
    const res = await t.api.post('/api/app/sample-project', { language: 'en' });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { project_id: expect.any(Number) } });
    expect(elapsed).toBeLessThan(10_000);
    const id = res.body.data.project_id;

    const project = await t.engine.ctx.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({ is_sample: 1, name: 'Sample: Northwind CRM', brand: 'Northwind CRM' });
    const runs = await t.engine.ctx.db
      .selectFrom('parse_runs')
      .select(['status', 'update_date'])
      .where('project_id', '=', id)
      .orderBy('id')
      .execute();
    expect(runs).toHaveLength(12);
    expect(runs.every((r) => r.status === 'completed')).toBe(true);
    expect(runs.map((r) => r.update_date)).toEqual(
      Array.from({ length: 12 }, (_, i) =>
        new Date(Date.parse('2026-11-20') - (11 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    const answers = await t.engine.ctx.db
      .selectFrom('answers')
      .selectAll()
      .where('project_id', '=', id)
      .execute();
    expect(answers).toHaveLength(12 * 25);
    const mentioned = answers.filter((a) => a.mention === 1).length;
    expect(mentioned).toBeGreaterThan(answers.length * 0.3);
    expect(mentioned).toBeLessThan(answers.length * 0.9);
    expect((await t.api.get(`/api/projects/${id}`)).body.data.parse).toMatchObject({
      status: 'completed',
      last_completed_at: '2026-11-20 10:00:00',
    });
    expect(await balanceOf(t.engine)).toBe(10_000);
  });

  it('rejects an unknown language with 422', async () => {
    const res = await t.api.post('/api/app/sample-project', { language: 'fr' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('language');
  });
});

describe('POST /api/projects/{project}/reanalyze', () => {
  it('re-runs analysis over stored answers after the brand changes, without asking any AI system', async () => {
    const p = await makeProject(t.engine, {
      brand: 'Acme',
      prompts: ['best crm', 'crm for startups', 'cheap crm', 'crm reviews'],
    });
    await t.api.post(`/api/projects/${p.id}/parse`);
    await t.engine.jobs.drain({ ignoreDelays: true });
    const before = await t.engine.ctx.db.selectFrom('answers').selectAll().orderBy('id').execute();
    expect(before.some((a) => a.mention === 1)).toBe(true);

    // The brand is renamed to a name no answer contains: every mention must go.
    await t.engine.ctx.db.updateTable('projects').set({ brand: 'Zyxwvut' }).where('id', '=', p.id).execute();
    const res = await t.api.post(`/api/projects/${p.id}/reanalyze`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: expect.any(String), data: { job_id: expect.any(Number) } });
    await t.engine.jobs.drain({ ignoreDelays: true });

    const after = await t.engine.ctx.db.selectFrom('answers').selectAll().orderBy('id').execute();
    expect(after.map((a) => [a.id, a.answer, a.created_at])).toEqual(
      before.map((a) => [a.id, a.answer, a.created_at]),
    );
    expect(after.every((a) => a.mention === 0 && a.mention_position === null && a.tone === null)).toBe(true);
    expect(await balanceOf(t.engine)).toBe(10_000 - 4);
  });

  it('answers 403 to a viewer and 404 to a stranger', async () => {
    const p = await makeProject(t.engine);
    const viewer = await t.otherUser();
    await t.engine.ctx.db
      .insertInto('project_shares')
      .values({ project_id: p.id, user_id: viewer.id, role: 'viewer' })
      .execute();
    expect((await viewer.api.post(`/api/projects/${p.id}/reanalyze`)).status).toBe(403);
    const stranger = await t.otherUser();
    expect((await stranger.api.post(`/api/projects/${p.id}/reanalyze`)).status).toBe(404);
  });
});
