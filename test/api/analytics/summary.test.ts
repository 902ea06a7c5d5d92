import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';
import { seedFixture, type Fixture } from './fixture';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const url = (f: Fixture) => `/api/projects/${f.project.id}/summary`;
const SUMMARY = 'GET /api/projects/{project}/summary';
const at = (f: Fixture) => ({ params: { project: f.project.id } });
const points = (series: any) => series.data;

describe('GET /api/projects/{project}/summary', () => {
  it('computes visibility curves per network and for all, the latest run of a day standing', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.send(SUMMARY, at(f));
    expect(res.status).toBe(200);
    const curve = res.body.data.updateStats.visibility_curve;
    expect(curve.map((s: any) => s.label.system_name)).toEqual(['all', 'chatgpt', 'perplexity']);
    expect(curve[0].label).toEqual({
      system_name: 'all',
      display_name: expect.any(String),
      logo: null,
      order: -1,
    });
    // update 1: 3 mentions of 5 answers with data; update 2: 4 of 6
    expect(points(curve[0])).toEqual([
      { x: '01.11.2026', y: 60, z: 3, w: 60 },
      { x: '08.11.2026', y: 66.67, z: 4, w: 66.67 },
    ]);
    expect(points(curve[1])).toEqual([
      { x: '01.11.2026', y: 66.67, z: 2, w: 66.67 },
      { x: '08.11.2026', y: 66.67, z: 2, w: 66.67 },
    ]);
    expect(points(curve[2])).toEqual([
      { x: '01.11.2026', y: 50, z: 1, w: 50 },
      { x: '08.11.2026', y: 66.67, z: 2, w: 66.67 },
    ]);
    expect(points(res.body.data.updateStats.visibility[0])).toEqual([
      { x: '01.11.2026', y: 3, w: 60 },
      { x: '08.11.2026', y: 4, w: 66.67 },
    ]);
    // A point's keys in the order the body has always written them (`x` first): the curves'
    // points are built in one object each, and a body must stay byte for byte the same.
    expect(JSON.stringify(points(curve[0])[0])).toBe('{"x":"01.11.2026","y":60,"z":3,"w":60}');
    expect(JSON.stringify(points(res.body.data.updateStats.visibility[0])[0])).toBe(
      '{"x":"01.11.2026","y":3,"w":60}',
    );
    expect(res.body.updateDates).toEqual(['2026-11-01', '2026-11-08']);
    expect(res.body.firstUpdateDate).toBe('2026-11-01T12:00:00.000000Z');
    expect(res.body.lastUpdateDate).toBe('2026-11-08T12:00:00.000000Z');
    expect(res.body.filters).toEqual({
      dates: ['2026-11-01', '2026-11-08'],
      neurals: [f.gpt, f.ppx],
      groups: [],
    });
    expect(res.body.project).toMatchObject({
      id: f.project.id,
      region: 225,
      language: 'ru',
      prompts_count: 3,
    });
    expect(res.body.data.widgets[0]).toEqual({ value: 'visibility', active: true, order: 1 });
  });

  it('counts empty answers when count_empty_answers is on', async () => {
    const f = await seedFixture(t.engine.ctx, { countEmptyAnswers: true });
    const curve = (await t.api.send(SUMMARY, at(f))).body.data.updateStats.visibility_curve;
    // update 1: 3 mentions of all 6 answers; perplexity 1 of 3
    expect(points(curve[0])[0]).toEqual({ x: '01.11.2026', y: 50, z: 3, w: 50 });
    expect(points(curve[2])[0]).toEqual({ x: '01.11.2026', y: 33.33, z: 1, w: 33.33 });
  });

  it('has no `all` series with one network, and filters by groups (OR) and dates', async () => {
    const f = await seedFixture(t.engine.ctx);
    // An off-table query key: only the untyped client can send it.
    const one = (await t.rawApi.get(url(f), { 'neurals[]': undefined, neurals: [f.gpt] })).body;
    expect(one.data.updateStats.visibility_curve.map((s: any) => s.label.system_name)).toEqual(['chatgpt']);
    // G1 = p1 only: update 1 one of two answers names the brand, update 2 both do
    const g1 = (await t.api.send(SUMMARY, { ...at(f), query: { groups: [f.project.group.G1] } })).body;
    expect(points(g1.data.updateStats.visibility_curve[0]).map((p: any) => p.y)).toEqual([50, 100]);
    const both = (
      await t.api.send(SUMMARY, { ...at(f), query: { groups: [f.project.group.G1, f.project.group.G2] } })
    ).body;
    // p1 + p2: update 1 two of three answers with data, update 2 three of four
    expect(points(both.data.updateStats.visibility_curve[0]).map((p: any) => p.y)).toEqual([66.67, 75]);
    const range = (await t.api.send(SUMMARY, { ...at(f), query: { dates: ['08.11.2026', '2026-11-30'] } }))
      .body;
    expect(range.filters.dates).toEqual(['2026-11-08', '2026-11-30']);
    expect(points(range.data.updateStats.visibility_curve[0])).toEqual([
      { x: '08.11.2026', y: 66.67, z: 4, w: 66.67 },
    ]);
  });

  it('gives tone, share of voice, site visibility and top prompts', async () => {
    const f = await seedFixture(t.engine.ctx);
    const s = (await t.api.send(SUMMARY, at(f))).body.data.updateStats;
    // last update: 4 mentions, 2 positive, 1 neutral, 1 negative
    expect(s.tone_chart).toEqual({ positive: 50, neutral: 25, negative: 25 });
    // update 1: own 3, Globex 3, Initech 1, Umbrella 1 (total 8); update 2: own 4, Globex 1, Initech 2 (7; Hooli hidden)
    expect(s.share_of_voice).toEqual([
      {
        id: 'own',
        label: 'Acme',
        type: 'own',
        label_meta: { grayscale: false },
        data: [
          { x: '01.11.2026', y: 37.5 },
          { x: '08.11.2026', y: 57.14 },
        ],
      },
      {
        id: expect.any(Number),
        label: 'Initech',
        type: 'direct',
        label_meta: { grayscale: false },
        data: [
          { x: '01.11.2026', y: 12.5 },
          { x: '08.11.2026', y: 28.57 },
        ],
      },
      {
        id: expect.any(Number),
        label: 'Globex',
        type: 'direct',
        label_meta: { grayscale: false },
        data: [
          { x: '01.11.2026', y: 37.5 },
          { x: '08.11.2026', y: 14.29 },
        ],
      },
      {
        id: expect.any(Number),
        label: 'Umbrella',
        type: 'direct',
        label_meta: { grayscale: false },
        data: [
          { x: '01.11.2026', y: 12.5 },
          { x: '08.11.2026', y: 0 },
        ],
      },
      {
        id: 'other',
        label: expect.any(String),
        type: 'other',
        label_meta: { grayscale: true },
        data: [
          { x: '01.11.2026', y: 0 },
          { x: '08.11.2026', y: 0 },
        ],
      },
    ]);
    // site acme.com: update 1 cited by p1 chatgpt (1 of 5; chatgpt 1 of 3), update 2 by p1 perplexity (1 of 6)
    expect(s.site_visibility_curve.map((c: any) => points(c).map((p: any) => p.y))).toEqual([
      [20, 16.67],
      [33.33, 0],
      [0, 33.33],
    ]);
    expect(Object.keys(points(s.site_visibility_curve[0])[0])).toEqual(['x', 'y']);
    // p1 50 → 100, p2 100 → 50, p3 50 → 50
    expect(s.topPrompts).toEqual({
      up: [{ prompt: 'best crm tools', visibility: 100, dynamic: 50 }],
      down: [{ prompt: 'cheap crm for a small team', visibility: 50, dynamic: -50 }],
      up_reason: null,
      down_reason: null,
    });
    expect(s.competitors.table.map((r: any) => r.competitor.name)).toEqual(['Initech', 'Globex']);
    expect(s.group_visibility_chart).toEqual([]);
  });

  it('builds brand and site position histories over top prompts by frequency', async () => {
    const f = await seedFixture(t.engine.ctx);
    const s = (await t.api.send(SUMMARY, at(f))).body.data.updateStats;
    const brand = s.brand_position_history;
    expect(brand.tableData.dates).toEqual(['2026-11-01', '2026-11-08']);
    expect(brand.tableData.neurals.map((n: any) => n.id)).toEqual([f.gpt, f.ppx]);
    expect(brand.tableData.data.map((d: any) => [d.prompt.value, d.dynamics])).toEqual([
      ['best crm tools', 'up'],
      ['cheap crm for a small team', 'down'],
      ['crm reviews', 'not_changed'],
    ]);
    expect(brand.tableData.data[0].prompt.groups).toEqual(['G1']);
    expect(brand.tableData.data[0].positions_by_date['2026-11-08'][f.gpt]).toEqual({
      mention: 1,
      mention_position: 2,
      tone: 'positive',
      occurrences: ['Acme'],
      competitors: ['Globex'],
      has_data: true,
    });
    const site = s.site_position_history;
    expect(site.tableData.data[0].prompt).toEqual({ id: f.p1, value: 'best crm tools' });
    expect(site.tableData.data[0].positions_by_date['2026-11-01'][f.gpt]).toEqual({
      mentioned: true,
      position: 1,
    });
    expect(site.tableData.data[0].positions_by_date['2026-11-08'][f.ppx]).toEqual({
      mentioned: true,
      position: 1,
    });
    expect(site.tableData.data[0].dynamics).toBe('not_changed');
  });

  it("stores each prompt's cells in the JSON text the summary and history carry, one network cut out when filtered", async () => {
    const f = await seedFixture(t.engine.ctx);
    // The stored text is what the body carries (migration 0014): compact, networks in id order.
    const stored = await t.engine.ctx.db
      .selectFrom('agg_update_prompt')
      .select(['prompt_id', 'run_id', 'cells'])
      .where('project_id', '=', f.project.id)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.cells).toBe(JSON.stringify(JSON.parse(row.cells)));
    const body = async (query: string) =>
      (
        await t.engine.handle(
          new Request(`http://engine.test${url(f)}${query}`, {
            headers: { authorization: `Bearer ${t.ownerToken}` },
          }),
        )
      ).text();
    const text = await body('');
    // answers/history writes the uncut cells as stored.
    const history = await (
      await t.engine.handle(
        new Request(`http://engine.test/api/projects/${f.project.id}/answers/history`, {
          headers: { authorization: `Bearer ${t.ownerToken}` },
        }),
      )
    ).text();
    const whole = JSON.parse(text).data.updateStats.brand_position_history.tableData.data;
    expect(whole[0].prompt.id).toBe(f.p1);
    // Each date's cells are the stored text of the update standing for that date, as it is.
    for (const [date, cells] of Object.entries(whole[0].positions_by_date)) {
      const written = JSON.stringify(cells);
      expect(stored.some((r) => r.prompt_id === f.p1 && r.cells === written)).toBe(true);
      expect(text).toContain(`"${date}":${written}`);
      expect(history).toContain(`"${date}":${written}`);
    }
    expect(whole[0].positions_by_date['2026-11-08'][f.gpt].occurrences).toEqual(['Acme']);
    // One network selected: the other's cells are left out of every date.
    const one = JSON.parse(await body(`?neurals[]=${f.ppx}`)).data.updateStats.brand_position_history
      .tableData.data;
    for (const row of one)
      for (const cells of Object.values(row.positions_by_date as Record<string, object>))
        expect(Object.keys(cells)).toEqual([String(f.ppx)]);
  });

  it('empties the site curve without a site, and charts favourite groups only from three', async () => {
    const ctx = t.engine.ctx;
    const p = await seedProject(ctx, {
      domain: '',
      neurals: ['chatgpt'],
      groups: [
        { name: 'A', favourite: true },
        { name: 'B', favourite: true },
      ],
      prompts: [
        { value: 'a', groups: ['A'] },
        { value: 'b', groups: ['B'] },
      ],
    });
    await seedUpdate(ctx, p, '2026-11-01', [
      ans(p.prompts[0], p.neural.chatgpt, { brandAt: 1 }),
      ans(p.prompts[1], p.neural.chatgpt),
    ]);
    let s = (await t.api.send(SUMMARY, { params: { project: p.id } })).body.data.updateStats;
    expect(s.site_visibility_curve).toEqual([]);
    expect(s.group_visibility_chart).toEqual([]);
    expect(s.topPrompts).toEqual({ up: [], down: [], up_reason: 'no_growth', down_reason: 'no_decline' });
    await ctx.db
      .insertInto('prompt_groups')
      .values({ project_id: p.id, name: 'C', is_favourite: 1, created_at: 'x' })
      .execute();
    s = (await t.api.send(SUMMARY, { params: { project: p.id } })).body.data.updateStats;
    expect(s.group_visibility_chart).toEqual([
      { slug: 'A', value: 100 },
      { slug: 'B', value: 0 },
      { slug: 'C', value: 0 },
    ]);
  });

  it('cuts share of voice at the top 5 competitors plus other, and top prompts at 5 per side', async () => {
    const ctx = t.engine.ctx;
    const names = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7'];
    const p = await seedProject(ctx, { neurals: ['chatgpt'], prompts: names.map((n) => `prompt ${n}`) });
    const gpt = p.neural.chatgpt;
    // update 1: nothing named; update 2: prompt i names C1..C(7-i) → C1 7 times ... C7 once; brand in 6 of 7
    await seedUpdate(
      ctx,
      p,
      '2026-11-01',
      p.prompts.map((id) => ans(id, gpt)),
    );
    await seedUpdate(
      ctx,
      p,
      '2026-11-02',
      p.prompts.map((id, i) =>
        ans(id, gpt, { brandAt: i < 6 ? 1 : null, competitors: names.slice(0, 7 - i) }),
      ),
    );
    const s = (await t.api.send(SUMMARY, { params: { project: p.id } })).body.data.updateStats;
    // total mentions: own 6 + competitors 7+6+5+4+3+2+1 = 34
    expect(s.share_of_voice.map((x: any) => [x.label, x.data[1].y])).toEqual([
      ['Acme', 17.65],
      ['C1', 20.59],
      ['C2', 17.65],
      ['C3', 14.71],
      ['C4', 11.76],
      ['C5', 8.82],
      [expect.any(String), 8.82],
    ]);
    expect(s.competitors.table).toHaveLength(5);
    expect(s.topPrompts.up).toHaveLength(5);
    expect(s.topPrompts.up.every((x: any) => x.dynamic === 100)).toBe(true);
  });

  it('lists the project events newest first and answers 404 for a foreign project', async () => {
    const f = await seedFixture(t.engine.ctx);
    await t.engine.events.record({
      project_id: f.project.id,
      user_id: 1,
      type: 'update_finished',
      message: 'one',
    });
    await t.engine.events.record({
      project_id: f.project.id,
      user_id: 1,
      type: 'update_finished',
      message: 'two',
    });
    const res = await t.api.send(SUMMARY, at(f));
    expect(res.body.events.map((e: any) => e.message)).toEqual(['two', 'one']);
    expect(res.body.events[0]).toEqual({
      id: expect.any(Number),
      project_id: f.project.id,
      type: 'update_finished',
      message: 'two',
      created_at: '2026-11-20T10:00:00.000000Z',
    });
    const other = await t.otherUser();
    expect((await other.api.error(SUMMARY, at(f))).status).toBe(404);
  });

  it('leaves a deleted prompt out of every figure, and groups filter by their prompts, an empty group too', async () => {
    const f = await seedFixture(t.engine.ctx);
    const lastAll = async (query = {}) => {
      const res = await t.api.send(SUMMARY, { ...at(f), query });
      expect(res.status).toBe(200);
      return { body: res.body, y: points(res.body.data.updateStats.visibility_curve[0]).at(-1).y };
    };
    // 08.11: 6 answers with data, 4 naming the brand.
    expect((await lastAll()).y).toBe(66.67);
    const deleted = await t.api.send('DELETE /api/projects/{project}/prompts/{prompt}', {
      params: { project: f.project.id, prompt: f.p3 },
    });
    expect(deleted.status).toBeLessThan(300);
    // Without p3 (named once in its two answers): 3 of 4; the stored aggregates, which count p3,
    // are not read while the project has a deleted prompt.
    const { body, y } = await lastAll();
    expect(y).toBe(75);
    expect(body.project.prompts_count).toBe(2);
    // G1 holds p1 (named by both networks on 08.11).
    expect((await lastAll({ groups: [f.project.group.G1] })).y).toBe(100);
    const empty = await t.engine.ctx.db
      .insertInto('prompt_groups')
      .values({ project_id: f.project.id, name: 'Empty', is_favourite: 0, created_at: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await lastAll({ groups: [empty.id] })).y).toBe(0);
  });

  it('validates filters with field paths', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.error(SUMMARY, {
      ...at(f),
      query: { dates: ['2026-13-01', '2026-11-02'], neurals: [999999], groups: ['x'] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['dates.0', 'groups.0']);
    const bad = await t.api.error(SUMMARY, { ...at(f), query: { neurals: [999999] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'neurals.0': ['The selected neurals.0 is invalid.'] });
    const order = await t.api.error(SUMMARY, { ...at(f), query: { dates: ['2026-11-09', '2026-11-01'] } });
    expect(order.body.errors).toEqual({ dates: [expect.any(String)] });
  });
});
