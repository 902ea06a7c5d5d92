import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { balanceOf, makeProject } from './factories';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const SAMPLE = 'POST /api/app/sample-project';
const REANALYZE = 'POST /api/projects/{project}/reanalyze';

describe('POST /api/app/sample-project', () => {
  it('creates a sample project with 25 prompts and 12 weekly completed updates, fast and free', async () => {
    const started = performance.now();
    const res = await t.api.send(SAMPLE, { body: { language: 'en' } });
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
    expect(answers).toHaveLength(12 * 25 * 3);
    // Three offline networks, so the views comparing networks (radar, the `all` series) fill.
    const networks = await t.engine.ctx.db
      .selectFrom('project_neurals')
      .innerJoin('neurals', 'neurals.id', 'project_neurals.neural_id')
      .select(['neurals.system_name', 'project_neurals.web_search_enabled'])
      .where('project_id', '=', id)
      .orderBy('position')
      .execute();
    expect(networks).toEqual([
      { system_name: 'demo', web_search_enabled: 1 },
      { system_name: 'demo-search', web_search_enabled: 1 },
      { system_name: 'demo-chat', web_search_enabled: 0 },
    ]);
    const rate = (rows: typeof answers) => rows.filter((a) => a.mention === 1).length / rows.length;
    const byNetwork = [...new Set(answers.map((a) => a.neural_id))].map((n) =>
      rate(answers.filter((a) => a.neural_id === n)),
    );
    expect(new Set(byNetwork.map((r) => r.toFixed(2))).size).toBe(3);
    const mentioned = answers.filter((a) => a.mention === 1).length;
    expect(mentioned).toBeGreaterThan(answers.length * 0.3);
    expect(mentioned).toBeLessThan(answers.length * 0.9);
    const shown = await t.api.request('GET /api/projects/{project}', { params: { project: id } });
    expect(shown.data.parse).toMatchObject({
      status: 'completed',
      last_completed_at: '2026-11-20 10:00:00',
    });
    expect(await balanceOf(t.engine)).toBe(10_000);
  });

  it('tells a story in the project language: visibility up in some groups, down in others, a newcomer', async () => {
    const id = (await t.api.request(SAMPLE, { body: { language: 'de' } })).data.project_id;
    const rows = await t.engine.ctx.db
      .selectFrom('answers')
      .innerJoin('parse_runs as r', 'r.id', 'answers.run_id')
      .innerJoin('prompt_group_links as l', 'l.prompt_id', 'answers.prompt_id')
      .innerJoin('prompt_groups as g', 'g.id', 'l.group_id')
      .innerJoin('prompts as p', 'p.id', 'answers.prompt_id')
      .select([
        'r.update_date',
        'g.name as group',
        'p.value as prompt',
        'answers.mention',
        'answers.competitors',
      ])
      .where('answers.project_id', '=', id)
      .execute();
    expect(rows.some((r) => r.prompt === 'Welches CRM ist das beste für kleine Unternehmen?')).toBe(true);
    const days = [...new Set(rows.map((r) => r.update_date ?? ''))].sort();
    const rate = (group: string, weeks: string[]) => {
      const of = rows.filter((r) => r.group === group && weeks.includes(r.update_date ?? ''));
      return of.filter((r) => r.mention === 1).length / of.length;
    };
    const [early, late] = [days.slice(0, 4), days.slice(-4)];
    expect(rate('Beste Angebote', late)).toBeGreaterThan(rate('Beste Angebote', early) + 0.2);
    expect(rate('Preis und Kauf', late)).toBeLessThan(rate('Preis und Kauf', early) - 0.2);
    const namesNewcomer = (r: (typeof rows)[number]) => JSON.parse(r.competitors).includes('Attio');
    expect(rows.filter((r) => days.indexOf(r.update_date ?? '') < 6).some(namesNewcomer)).toBe(false);
    expect(
      rows.filter((r) => days.indexOf(r.update_date ?? '') >= 6).filter(namesNewcomer).length,
    ).toBeGreaterThan(rows.length / 12);
  });

  it('writes Spanish prompts and answers for a Spanish sample', async () => {
    const id = (await t.api.request(SAMPLE, { body: { language: 'es' } })).data.project_id;
    const project = await t.engine.ctx.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({ language: 'es', brand: 'Viento Norte CRM', region: 204 });
    const answer = await t.engine.ctx.db
      .selectFrom('answers')
      .select(['answer', 'mention'])
      .where('project_id', '=', id)
      .where('mention', '=', 1)
      .executeTakeFirstOrThrow();
    expect(answer.answer).toMatch(/^Estas son las opciones a considerar para «/);
  });

  it('rejects an unknown language with 422', async () => {
    const res = await t.api.error(SAMPLE, { body: { language: 'fr' } });
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
    await t.api.send('POST /api/projects/{project}/parse', { params: { project: p.id } });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const before = await t.engine.ctx.db.selectFrom('answers').selectAll().orderBy('id').execute();
    expect(before.some((a) => a.mention === 1)).toBe(true);

    // The brand is renamed to a name no answer contains: every mention must go.
    await t.engine.ctx.db.updateTable('projects').set({ brand: 'Zyxwvut' }).where('id', '=', p.id).execute();
    const res = await t.api.send(REANALYZE, { params: { project: p.id } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        job_id: expect.any(Number),
        reanalysis: expect.objectContaining({ status: 'queued', progress: 0, reason: 'manual' }),
      },
    });
    expect(res.body.data.reanalysis.job_id).toBe(res.body.data.job_id);
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
    expect((await viewer.api.error(REANALYZE, { params: { project: p.id } })).status).toBe(403);
    const stranger = await t.otherUser();
    expect((await stranger.api.error(REANALYZE, { params: { project: p.id } })).status).toBe(404);
  });
});
