import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';
import { seedFixture } from './fixture';
import type { CompetitorsQuery } from '../../../src-shared/api/analytics';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const LIST = 'GET /api/projects/{project}/competitors';
const UPDATE = 'PATCH /api/projects/{project}/competitors/{competitor}';
const at = (project: number) => ({ params: { project } });
const idOf = async (projectId: number, name: string) =>
  (
    await t.engine.ctx.db
      .selectFrom('competitors')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

describe('GET /api/projects/{project}/competitors', () => {
  it('gives the table with the own brand row, excluded competitors and Russian type labels', async () => {
    const f = await seedFixture(t.engine.ctx);
    const body = (await t.api.send(LIST, at(f.project.id))).body;
    expect(body.types).toEqual({
      key: 'Ключевой',
      direct: 'Прямой',
      indirect: 'Косвенный',
      hidden: 'Скрытый',
    });
    expect(body.filters).toEqual({
      dates: ['2026-11-01', '2026-11-08'],
      neurals: [f.gpt, f.ppx],
      groups: [],
      type: null,
      search: null,
      metrics: null,
      metricsAction: null,
      competitors_count: null,
    });
    const dates = { first: '2026-11-01', last: '2026-11-08' };
    // counted answers: 5 then 6. Own 3 → 4; Globex 3 → 1; Initech 1 → 2; Umbrella 1 → 0; Hooli hidden.
    // share of voice denominators: 8 then 7
    // change tests (issue 13): 5 pairs (p2/perplexity had no data on 01.11), exact McNemar p
    const test = (pairs: number, gained: number, lost: number, p_value: number) => ({
      pairs,
      gained,
      lost,
      p_value,
      significant: false,
    });
    expect(body.data.tableData).toEqual([
      {
        id: 'own',
        competitor: { id: 'own', name: 'Acme', type: 'own' },
        members: [],
        visibility: { first: 60, last: 66.67, delta: 6.67, dates, change_test: test(5, 2, 2, 1) },
        mentions: 4,
        tone: 'positive',
        share_of_voice: { first: 37.5, last: 57.14, delta: 19.64 },
      },
      {
        id: await idOf(f.project.id, 'Initech'),
        competitor: { id: await idOf(f.project.id, 'Initech'), name: 'Initech', type: 'direct' },
        members: [],
        visibility: { first: 20, last: 33.33, delta: 13.33, dates, change_test: test(5, 1, 0, 1) },
        mentions: 2,
        tone: 'neutral',
        share_of_voice: { first: 12.5, last: 28.57, delta: 16.07 },
      },
      {
        id: await idOf(f.project.id, 'Globex'),
        competitor: { id: await idOf(f.project.id, 'Globex'), name: 'Globex', type: 'direct' },
        members: [],
        visibility: { first: 60, last: 16.67, delta: -43.33, dates, change_test: test(5, 0, 2, 0.5) },
        mentions: 1,
        tone: 'neutral',
        share_of_voice: { first: 37.5, last: 14.29, delta: -23.21 },
      },
    ]);
    expect(body.data.excludedTableData).toEqual([
      expect.objectContaining({
        competitor: expect.objectContaining({ name: 'Umbrella' }),
        visibility: { first: 20, last: 0, delta: -20, dates, change_test: test(5, 0, 1, 1) },
        mentions: 0,
      }),
    ]);
    expect(
      body.data.chartData.visibility.map((s: any) => [s.label, s.type, s.data.map((p: any) => p.y)]),
    ).toEqual([
      ['Acme', 'own', [60, 66.67]],
      ['Initech', 'direct', [20, 33.33]],
      ['Globex', 'direct', [60, 16.67]],
    ]);
    expect(body.data.chartData.mentions[1].data).toEqual([
      { x: '01.11.2026', y: 1, percent: 12.5 },
      { x: '08.11.2026', y: 2, percent: 28.57 },
    ]);
    expect(body.data.chartData.share_of_voice[0].data.map((p: any) => p.y)).toEqual([37.5, 57.14]);
    // two networks: no radar datasets
    expect(body.data.radarChartData.visibility.datasets).toEqual([]);
    expect(body.data.radarChartData.visibility.labels).toHaveLength(2);
    expect(body.data.updateDates).toEqual(['2026-11-01', '2026-11-08']);
  });

  it('filters by type, search, metric movement and count', async () => {
    const f = await seedFixture(t.engine.ctx);
    const names = async (query: CompetitorsQuery) =>
      (await t.api.send(LIST, { ...at(f.project.id), query })).body.data.tableData.map(
        (r) => r.competitor.name,
      );
    expect(await names({ type: 'brand' })).toEqual(['Acme']);
    expect(await names({ type: 'competitor' })).toEqual(['Initech', 'Globex']);
    expect(await names({ search: 'glob' })).toEqual(['Globex']);
    expect(await names({ metrics: 'visibility', metricsAction: 'down' })).toEqual(['Globex']);
    expect(await names({ metrics: 'mentions', metricsAction: 'up' })).toEqual(['Acme', 'Initech']);
    expect(await names({ metrics: 'share_of_voice', metricsAction: 'zero' })).toEqual([]);
    expect(await names({ competitors_count: 1 })).toEqual(['Acme', 'Initech']);
    expect((await t.api.error(LIST, { ...at(f.project.id), query: { metrics: 'nope' } })).status).toBe(422);
  });

  it('fills the radar from three networks, per network at the last update', async () => {
    const ctx = t.engine.ctx;
    const p = await seedProject(ctx, { neurals: ['chatgpt', 'perplexity', 'claude'] });
    const [a, b, c] = [p.neural.chatgpt, p.neural.perplexity, p.neural.claude];
    const q = p.prompts[0];
    await seedUpdate(ctx, p, '2026-11-01', [
      ans(q, a, { brandAt: 1, competitors: ['Globex'] }),
      ans(q, b, { competitors: ['Globex'] }),
      ans(q, c, { brandAt: 1 }),
    ]);
    const radar = (await t.api.send(LIST, at(p.id))).body.data.radarChartData;
    expect(radar.visibility.labels).toHaveLength(3);
    expect(
      radar.visibility.datasets.map((d: any) => [
        d.label,
        d.competitor_id === 'own' ? 'own' : d.type,
        d.data,
      ]),
    ).toEqual([
      ['Acme', 'own', [100, 0, 100]],
      ['Globex', 'direct', [100, 100, 0]],
    ]);
    expect(radar.mentions.datasets[0].data).toEqual([1, 0, 1]);
    expect(radar.share_of_voice.datasets[0].data).toEqual([50, 0, 100]);
  });
});

describe('competitor curation', () => {
  it('renames, sets a type, hides, merges and splits with links moving along', async () => {
    const f = await seedFixture(t.engine.ctx);
    const globex = await idOf(f.project.id, 'Globex');
    const initech = await idOf(f.project.id, 'Initech');
    const one = (competitor: number) => ({ params: { project: f.project.id, competitor } });

    const renamed = await t.api.send(UPDATE, { ...one(globex), body: { name: 'Globex Corp', type: 'key' } });
    expect(renamed.status).toBe(200);
    // the old name stays a member, so answers naming "Globex" keep counting for it
    expect(renamed.body.data).toEqual({
      id: globex,
      name: 'Globex Corp',
      type: 'key',
      members: [{ id: expect.any(Number), competitor_id: globex, name: 'Globex' }],
    });
    expect((await t.api.error(UPDATE, { ...one(globex), body: { type: 'rival' } })).status).toBe(422);
    expect((await t.api.error(UPDATE, { ...one(globex), body: { name: 'Initech' } })).status).toBe(422);

    const merged = await t.api.send('POST /api/projects/{project}/competitors/{competitor}/merge', {
      ...one(globex),
      body: { competitor_ids: [initech] },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.data.members.map((m) => m.name)).toEqual(['Globex', 'Initech']);
    // Globex ∪ Initech: update 1 answers naming either: p1 gpt, p1 ppx, p2 gpt → 3 of 5; update 2: p1 gpt, p1 ppx, p2 gpt → 3 of 6
    let rows = (await t.api.send(LIST, at(f.project.id))).body.data.tableData;
    expect(rows.map((r) => [r.competitor.name, r.visibility.first, r.visibility.last])).toEqual([
      ['Acme', 60, 66.67],
      ['Globex Corp', 60, 50],
    ]);

    const split = await t.api.send('POST /api/projects/{project}/competitors/{competitor}/split', {
      ...one(globex),
      body: { member_ids: [merged.body.data.members[1].id] },
    });
    expect(split.body.data.members.map((m) => m.name)).toEqual(['Globex']);
    rows = (await t.api.send(LIST, at(f.project.id))).body.data.tableData;
    expect(rows.map((r) => [r.competitor.name, r.visibility.first, r.visibility.last])).toEqual([
      ['Acme', 60, 66.67],
      ['Initech', 20, 33.33],
      ['Globex Corp', 60, 16.67],
    ]);

    await t.api.send(UPDATE, { ...one(globex), body: { type: 'hidden' } });
    rows = (await t.api.send(LIST, at(f.project.id))).body.data.tableData;
    expect(rows.map((r) => r.competitor.name)).toEqual(['Acme', 'Initech']);

    const viewer = await t.otherUser();
    await t.engine.ctx.db
      .insertInto('project_shares')
      .values({ project_id: f.project.id, user_id: viewer.id, role: 'viewer' })
      .execute();
    expect((await viewer.api.error(UPDATE, { ...one(globex), body: { type: 'key' } })).status).toBe(403);
    expect((await t.api.error(UPDATE, { ...one(999999), body: { type: 'key' } })).status).toBe(404);
  });
});
