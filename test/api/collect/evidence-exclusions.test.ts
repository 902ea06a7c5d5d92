import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import type { ProjectSettingsPatch } from '../../../src-shared/api/core';
import { configureCollection } from '../../../src-main/engine/collect/tuning';
import { addCompatibleNetwork, makeProject } from './factories';
import { chatCompletion, startLoopbackAi } from './loopback-ai';

/**
 * Issue 11 "Evidence" and "Corrections that re-rank", end to end on a real engine: answers from
 * a loopback AI system (the texts below), analysed by a real run; a competitor named before the
 * brand is marked "not a competitor" (type hidden), the re-analysis job runs, and every answer
 * (past and future) loses the name and ranks the brand without it; setting the type back restores
 * both. The own products of project settings never count as competitors either.
 */

const ANSWERS: Record<string, string> = {
  'best crm for a small business': [
    'Here are good CRM options for a small business:',
    '',
    '1. **Globex** — strong automation and reporting.',
    '2. **Acme** — great value and an easy start.',
    '3. **Initech** — suits larger teams.',
    '',
    'Overall, Acme is a reliable choice.',
  ].join('\n'),
  'crm with telephony': [
    'Teams that need telephony often compare **Globex**, **Umbrella** and **Acme**. Acme stands out for its built-in calling.',
    '',
    '- **Roadrunner Suite**: an add-on for call analytics.',
  ].join('\n'),
  'crm for agencies': [
    'For agencies:',
    '',
    '1. **Roadrunner Suite** — an agency toolkit.',
    '2. **Acme** — the CRM itself, with a “Projects” view.',
    '3. **Hooli** — an alternative.',
  ].join('\n'),
};
const PROMPTS = Object.keys(ANSWERS);

let t: TestEngine;
let ai: Awaited<ReturnType<typeof startLoopbackAi>>;
beforeEach(async () => {
  t = await createTestEngine();
  configureCollection(t.engine.ctx, { retry: { sleep: async () => {}, timeoutMs: 2000 } });
  ai = await startLoopbackAi((req) => ({
    json: chatCompletion(ANSWERS[req.body.messages[0].content] ?? 'No idea.'),
  }));
});
afterEach(async () => {
  await t.close();
  await ai.close();
});

async function projectWithRun() {
  await addCompatibleNetwork(t.engine, ai.url);
  const p = await makeProject(t.engine, { brand: 'Acme', prompts: PROMPTS, neurals: ['loopback'] });
  await run(p.id);
  return p;
}

const at = (project: number) => ({ params: { project } });
const REANALYSIS = 'GET /api/projects/{project}/reanalyze';
const REANALYZE = 'POST /api/projects/{project}/reanalyze';
const COMPETITORS = 'GET /api/projects/{project}/competitors';
const SETTINGS = 'PATCH /api/projects/{project}/settings';
const COMPETITOR = 'PATCH /api/projects/{project}/competitors/{competitor}';
/** Sets a competitor's type (a 2xx answer; a refusal throws). */
const setType = (project: number, competitor: number, type: 'key' | 'direct' | 'hidden') =>
  t.api.send(COMPETITOR, { params: { project, competitor }, body: { type } });

async function run(projectId: number) {
  expect((await t.api.send('POST /api/projects/{project}/parse', at(projectId))).status).toBe(202);
  await t.engine.jobs.drain({ ignoreDelays: true });
  expect((await t.api.request('GET /api/projects/{project}', at(projectId))).data.parse.status).toBe(
    'completed',
  );
}

/** Every stored answer with data: prompt → {competitors, position}, per run. */
async function stored(projectId: number) {
  const rows = await t.engine.ctx.db
    .selectFrom('answers')
    .innerJoin('prompts', 'prompts.id', 'answers.prompt_id')
    .select(['answers.run_id', 'prompts.value', 'answers.competitors', 'answers.mention_position'])
    .where('answers.project_id', '=', projectId)
    .where('answers.has_data', '=', 1)
    .orderBy('answers.id')
    .execute();
  return rows.map((r) => ({
    run: r.run_id,
    prompt: r.value,
    competitors: JSON.parse(r.competitors) as string[],
    position: r.mention_position,
  }));
}

const byPrompt = (rows: Awaited<ReturnType<typeof stored>>) =>
  Object.fromEntries(rows.map((r) => [r.prompt, [r.competitors, r.position]]));

async function competitorId(projectId: number, name: string): Promise<number> {
  const row = await t.engine.ctx.db
    .selectFrom('competitors')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** answers/visibility cells of the last update, by prompt text. */
async function visibilityCells(projectId: number) {
  const body = await t.api.request('GET /api/projects/{project}/answers/visibility', at(projectId));
  return Object.fromEntries(body.tableData.rows.map((r) => [r.prompt.value, r.data[0]]));
}

/** Every span points at its own text; every listed competitor and every brand mention has one. */
function expectEvidenceHolds(cell: any) {
  expect(cell.evidence).not.toBeNull();
  const { brand, competitors } = cell.evidence;
  for (const s of [...brand, ...competitors]) {
    expect(cell.answer.slice(s.start, s.end)).toBe(s.text);
    expect(s.text).toMatch(/[\p{L}\p{N}]/u);
  }
  expect(brand.length > 0).toBe(cell.mention === 1);
  for (const name of cell.competitors) expect(competitors.some((s: any) => s.name === name)).toBe(true);
  expect(new Set(competitors.map((s: any) => s.name))).toEqual(new Set(cell.competitors));
  for (const s of competitors) expect(s.competitor_id).toEqual(expect.any(Number));
}

describe('evidence in answers/visibility and comparison', () => {
  it('carries spans that equal the text they point at, for the brand and every competitor', async () => {
    const p = await projectWithRun();
    const cells = await visibilityCells(p.id);
    expect(Object.keys(cells).sort()).toEqual([...PROMPTS].sort());
    for (const cell of Object.values(cells)) expectEvidenceHolds(cell);

    const first = cells['best crm for a small business'];
    expect(first.competitors).toEqual(['Globex', 'Initech']);
    expect(first.evidence?.brand.map((s) => s.text)).toEqual(['Acme', 'Acme']);
    expect(first.evidence?.competitors.map((s) => [s.name, s.text])).toEqual([
      ['Globex', 'Globex'],
      ['Initech', 'Initech'],
    ]);
    expect(first.evidence?.competitors[0].competitor_id).toBe(await competitorId(p.id, 'Globex'));

    // Comparison answers carry the same evidence.
    const cmp = await t.api.request('GET /api/projects/{project}/answers/comparison', at(p.id));
    for (const row of cmp.tableData.rows) {
      expect(row.answer1.evidence).toBeNull(); // one update only: no 'before' answer
      expectEvidenceHolds({ ...row.answer2, mention: row.answer2.mention });
    }
    // The deprecated /answers gets no new fields.
    const legacy = await t.api.request('GET /api/projects/{project}/answers', at(p.id));
    expect(legacy.data.visibility.tableData.rows[0].data[0]).not.toHaveProperty('evidence');
  });

  it('is null for answers analysed before evidence was stored, until they are analysed again', async () => {
    const p = await projectWithRun();
    await t.engine.ctx.db.updateTable('answers').set({ evidence: null }).execute();
    for (const cell of Object.values(await visibilityCells(p.id))) expect(cell.evidence).toBeNull();
    await t.api.send(REANALYZE, at(p.id));
    await t.engine.jobs.drain({ ignoreDelays: true });
    for (const cell of Object.values(await visibilityCells(p.id))) expectEvidenceHolds(cell);
  });
});

describe('hiding a competitor re-ranks every answer', () => {
  it('removes the name and moves the brand up in past and future answers; unhiding restores both', async () => {
    const p = await projectWithRun();
    const original = byPrompt(await stored(p.id));
    expect(original).toEqual({
      'best crm for a small business': [['Globex', 'Initech'], 2],
      'crm with telephony': [['Globex', 'Umbrella', 'Roadrunner Suite'], 3],
      'crm for agencies': [['Roadrunner Suite', 'Hooli'], 2],
    });
    const globex = await competitorId(p.id, 'Globex');

    // Hide: the response says a re-analysis is queued; its progress is visible until done.
    const hidden = await setType(p.id, globex, 'hidden');
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ id: globex, name: 'Globex', type: 'hidden' });
    expect(hidden.body.reanalysis).toMatchObject({
      status: 'queued',
      progress: 0,
      reason: 'competitor_hidden',
    });
    const queued = (await t.api.request(REANALYSIS, at(p.id))).data;
    expect(queued).toMatchObject({ id: hidden.body.reanalysis?.id, status: 'queued' });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const done = (await t.api.request(REANALYSIS, at(p.id))).data;
    expect(done).toMatchObject({
      id: hidden.body.reanalysis?.id,
      status: 'done',
      progress: 100,
      answers_total: 3,
      answers_done: 3,
      finished_at: expect.any(String),
    });

    expect(byPrompt(await stored(p.id))).toEqual({
      'best crm for a small business': [['Initech'], 1],
      'crm with telephony': [['Umbrella', 'Roadrunner Suite'], 2],
      'crm for agencies': [['Roadrunner Suite', 'Hooli'], 2],
    });
    // The API follows: rows, evidence, history cells and the summary (aggregates rebuilt).
    const cells = await visibilityCells(p.id);
    expect(cells['best crm for a small business']).toMatchObject({
      competitors: ['Initech'],
      mention_position: 1,
    });
    for (const cell of Object.values(cells)) {
      expectEvidenceHolds(cell);
      expect(cell.evidence?.competitors.some((s) => s.name === 'Globex')).toBe(false);
    }
    const history = (await t.api.request('GET /api/projects/{project}/answers/history', at(p.id))).tableData;
    const firstPrompt = history.data.find((d) => d.prompt.value === 'best crm for a small business');
    const [cell] = Object.values(Object.values(firstPrompt!.positions_by_date)[0]);
    expect(cell).toMatchObject({ mention_position: 1, competitors: ['Initech'] });
    const links = await t.engine.ctx.db
      .selectFrom('answer_competitors')
      .select('answer_id')
      .where('competitor_id', '=', globex)
      .execute();
    expect(links).toEqual([]);
    const competitors = (await t.api.request(COMPETITORS, at(p.id))).data;
    expect(competitors.tableData.map((r) => r.competitor.name)).not.toContain('Globex');
    expect(competitors.hiddenCompetitors).toEqual([
      { id: globex, name: 'Globex', type: 'hidden', members: [] },
    ]);
    const sov = (await t.api.request('GET /api/projects/{project}/summary', at(p.id))).data.updateStats
      .share_of_voice;
    expect(sov.map((s) => s.label)).not.toContain('Globex');

    // A future run respects the exclusion.
    t.clock.advance(7 * 86_400_000);
    await run(p.id);
    const runs = await stored(p.id);
    const latest = Math.max(...runs.map((r) => r.run));
    expect(byPrompt(runs.filter((r) => r.run === latest))).toEqual({
      'best crm for a small business': [['Initech'], 1],
      'crm with telephony': [['Umbrella', 'Roadrunner Suite'], 2],
      'crm for agencies': [['Roadrunner Suite', 'Hooli'], 2],
    });

    // Unhide: another re-analysis, and both runs get the name and the old positions back.
    const restored = await setType(p.id, globex, 'direct');
    expect(restored.body.reanalysis).toMatchObject({ status: 'queued', reason: 'competitor_restored' });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const after = await stored(p.id);
    expect(after).toHaveLength(6);
    for (const r of after) expect([r.competitors, r.position]).toEqual(original[r.prompt]);
    const table = (await t.api.request(COMPETITORS, at(p.id))).data;
    expect(table.tableData.map((r) => r.competitor.name)).toContain('Globex');
    expect(table.hiddenCompetitors).toEqual([]);

    // Retyping between visible types changes no exclusion: no re-analysis.
    const retyped = await setType(p.id, globex, 'key');
    expect(retyped.body.reanalysis).toBeNull();
  });

  it('excludes every merged name of a hidden competitor, and a burst of edits queues one job', async () => {
    const p = await projectWithRun();
    const globex = await competitorId(p.id, 'Globex');
    const umbrella = await competitorId(p.id, 'Umbrella');
    await t.api.send('POST /api/projects/{project}/competitors/{competitor}/merge', {
      params: { project: p.id, competitor: globex },
      body: { competitor_ids: [umbrella] },
    });
    const first = (await setType(p.id, globex, 'hidden')).body;
    const hooli = await competitorId(p.id, 'Hooli');
    const second = (await setType(p.id, hooli, 'hidden')).body;
    // Both edits wait for the same queued job: it reads the project when it starts.
    expect(second.reanalysis?.id).toBe(first.reanalysis?.id);
    expect(await t.engine.jobs.drain({ ignoreDelays: true })).toBe(1);
    expect(byPrompt(await stored(p.id))).toEqual({
      'best crm for a small business': [['Initech'], 1],
      'crm with telephony': [['Roadrunner Suite'], 1],
      'crm for agencies': [['Roadrunner Suite'], 2],
    });
  });

  it('stops an older re-analysis once a newer one is asked for; the newer one does the work', async () => {
    const p = await projectWithRun();
    const older = (await t.api.request(REANALYZE, at(p.id))).data.reanalysis;
    // As if the older job had started: a new request cannot wait for it, so it gets its own job.
    await t.engine.ctx.db
      .updateTable('reanalyses')
      .set({ status: 'running' })
      .where('id', '=', older.id)
      .execute();
    const globex = await competitorId(p.id, 'Globex');
    // Hiding a named competitor changes the exclusions: it queues a re-analysis.
    const newer = (await setType(p.id, globex, 'hidden')).body.reanalysis!;
    expect(newer.id).toBeGreaterThan(older.id);
    await t.engine.jobs.drain({ ignoreDelays: true });
    const rows = await t.engine.ctx.db
      .selectFrom('reanalyses')
      .select(['id', 'status'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: older.id, status: 'superseded' },
      { id: newer.id, status: 'done' },
    ]);
    expect((await t.api.request(REANALYSIS, at(p.id))).data).toMatchObject({
      id: newer.id,
      status: 'done',
    });
    expect(byPrompt(await stored(p.id))['best crm for a small business']).toEqual([['Initech'], 1]);
  });

  it('lets a viewer follow a re-analysis but not start one', async () => {
    const p = await projectWithRun();
    const viewer = await t.otherUser();
    await t.engine.ctx.db
      .insertInto('project_shares')
      .values({ project_id: p.id, user_id: viewer.id, role: 'viewer' })
      .execute();
    expect(await viewer.api.request(REANALYSIS, at(p.id))).toEqual({ data: null });
    const globex = await competitorId(p.id, 'Globex');
    const hide = { params: { project: p.id, competitor: globex }, body: { type: 'hidden' } };
    expect((await viewer.api.error(COMPETITOR, hide)).status).toBe(403);
    await t.api.send(REANALYZE, at(p.id));
    expect((await viewer.api.request(REANALYSIS, at(p.id))).data?.status).toBe('queued');
    const stranger = await t.otherUser();
    expect((await stranger.api.error(REANALYSIS, at(p.id))).status).toBe(404);
  });
});

describe('own products (project settings)', () => {
  it('round-trip through settings and leave every answer after the re-analysis', async () => {
    const p = await projectWithRun();
    const settings = () => t.api.request('GET /api/projects/{project}/settings', at(p.id));
    const save = (own_products: ProjectSettingsPatch['own_products']) =>
      t.api.send(SETTINGS, { ...at(p.id), body: { own_products } });
    expect((await settings()).data.own_products).toEqual([]);

    const saved = await save([' Roadrunner Suite ', 'Acme Academy', 'roadrunner suite']);
    expect(saved.status).toBe(200);
    expect(saved.body.data.own_products).toEqual(['Roadrunner Suite', 'Acme Academy']);
    expect(await settings()).toEqual(saved.body);
    const reanalysis = (await t.api.request(REANALYSIS, at(p.id))).data!;
    expect(reanalysis).toMatchObject({ status: 'queued', reason: 'own_products' });
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(byPrompt(await stored(p.id))).toEqual({
      'best crm for a small business': [['Globex', 'Initech'], 2],
      'crm with telephony': [['Globex', 'Umbrella'], 3],
      'crm for agencies': [['Hooli'], 1],
    });

    // The same list again changes nothing: no new re-analysis.
    await save(['Roadrunner Suite', 'Acme Academy']);
    expect((await t.api.request(REANALYSIS, at(p.id))).data?.id).toBe(reanalysis.id);

    // One per line (or comma separated) is accepted; null clears; a name over 255 characters is a 422.
    const lines = await save('Roadrunner Suite\nCoyote Pro, Anvil');
    expect(lines.body.data.own_products).toEqual(['Roadrunner Suite', 'Coyote Pro', 'Anvil']);
    const bad = await t.api.error(SETTINGS, { ...at(p.id), body: { own_products: ['x'.repeat(256)] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})[0]).toMatch(/^own_products/);
    const cleared = await save(null);
    expect(cleared.body.data.own_products).toEqual([]);
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(byPrompt(await stored(p.id))['crm for agencies']).toEqual([['Roadrunner Suite', 'Hooli'], 2]);
  });
});
