import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';
import { seedFixture, type Fixture } from './fixture';
import type { AnswersQuery, ComparisonQuery, SourcesQuery } from '../../../src-shared/api/analytics';
import type { SortField } from '../../../src-shared/enums';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const VISIBILITY = 'GET /api/projects/{project}/answers/visibility';
const HISTORY = 'GET /api/projects/{project}/answers/history';
const COMPARISON = 'GET /api/projects/{project}/answers/comparison';
const SOURCES_HISTORY = 'GET /api/projects/{project}/answers/sources-history';
/** The path params of a fixture's project, or of a seeded project's id. */
const at = (project: Fixture | number) => ({
  params: { project: typeof project === 'number' ? project : project.project.id },
});
const ids = (body: { tableData: { rows: Array<{ prompt: { id: number } }> } }) =>
  body.tableData.rows.map((r) => r.prompt.id);

describe('GET /api/projects/{project}/answers/visibility', () => {
  it('gives one row per network at the last update with visibility, dynamic and totals', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.send(VISIBILITY, at(f));
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.project).toEqual({
      id: f.project.id,
      name: 'Acme project',
      brand: 'Acme',
      domain: 'acme.com',
    });
    expect(body.filters).toEqual({
      dates: ['2026-11-01', '2026-11-08'],
      neurals: [f.gpt, f.ppx],
      groups: [],
      prompt: null,
      mention: null,
      tone: null,
      visibility: null,
      sortField: null,
      sortOrder: null,
    });
    expect([body.total_prompts, body.total_mentions, body.has_more, body.next_cursor]).toEqual([
      3,
      4,
      false,
      null,
    ]);
    expect(body.tableData).toMatchObject({
      has_answer: true,
      total_prompts: 3,
      total_mentions: 4,
      has_more: false,
      next_cursor: null,
    });
    // p1: 1 of 2 → 2 of 2; p2: 1 of 1 (the other had no data) → 1 of 2; p3: 1 of 2 → 1 of 2
    expect(body.tableData.rows.map((r) => [r.prompt.id, r.prompt.visibility, r.prompt.dynamic])).toEqual([
      [f.p1, 100, 'up'],
      [f.p2, 50, 'down'],
      [f.p3, 50, 'not_changed'],
    ]);
    const p1 = body.tableData.rows[0];
    expect(p1.prompt).toEqual({
      id: f.p1,
      value: 'best crm tools',
      groups: ['G1'],
      groups_raw: ['G1'],
      visibility: 100,
      dynamic: 'up',
      frequency: 100,
      relevant_query: null,
    });
    expect(p1.data[0]).toEqual({
      neural: { id: f.gpt, display_name: expect.any(String), system_name: 'chatgpt', logo: null },
      mention: 1,
      mention_position: 2,
      tone: 'positive',
      occurrences: ['Acme'],
      competitors: ['Globex'],
      answer: 'Answer about Acme.',
      urls: [],
      site_mentioned: false,
      site_position: null,
      comment: 'Acme is presented well.',
      update_id: f.run2,
      // Extension: the seeded analysis found no spans (real answers: test/api/collect/evidence-exclusions.test.ts).
      evidence: { brand: [], competitors: [] },
    });
    expect(p1.data[1]).toMatchObject({
      urls: [
        {
          url: 'https://www.acme.com/b',
          domain: 'acme.com',
          position: 1,
          favicon: 'http://127.0.0.1/api/app/favicons/acme.com',
        },
      ],
      site_mentioned: true,
      site_position: 1,
    });
    expect(body.chartData.map((s) => [s.id, s.data.map((p) => p.y)])).toEqual([
      ['all', [60, 66.67]],
      [f.gpt, [66.67, 66.67]],
      [f.ppx, [50, 66.67]],
    ]);
    expect(body.chartData[0].data[0].x).toBe('01.11.2026');
  });

  it('filters by mention, tone, visibility, prompt text and networks on the last update', async () => {
    const f = await seedFixture(t.engine.ctx);
    const q = async (query: AnswersQuery) => ids(await t.api.request(VISIBILITY, { ...at(f), query }));
    expect(await q({ mention: 'has' })).toEqual([f.p1, f.p2, f.p3]);
    expect(await q({ mention: 'not' })).toEqual([]);
    expect(await q({ mention: 'not', neurals: [f.gpt] })).toEqual([f.p2]);
    expect(await q({ mention: 'has_source' })).toEqual([f.p1]);
    expect(await q({ tone: 'negative' })).toEqual([f.p3]);
    expect(await q({ visibility: 'up' })).toEqual([f.p1]);
    expect(await q({ visibility: 'down' })).toEqual([f.p2]);
    expect(await q({ prompt: 'CRM REV' })).toEqual([f.p3]);
    const narrowed = await t.api.request(VISIBILITY, { ...at(f), query: { tone: 'negative' } });
    expect([narrowed.total_prompts, narrowed.total_mentions]).toEqual([1, 1]);
    expect((await t.api.error(VISIBILITY, { ...at(f), query: { mention: 'maybe' } })).status).toBe(422);
  });

  it('sorts by frequency, visibility, text and creation, nulls last, ties by id', async () => {
    const f = await seedFixture(t.engine.ctx);
    const q = async (sortField: SortField, sortOrder?: 'asc' | 'desc') =>
      ids(await t.api.request(VISIBILITY, { ...at(f), query: { sortField, sortOrder } }));
    expect(await q('frequency_sort')).toEqual([f.p1, f.p2, f.p3]);
    expect(await q('frequency_sort', 'asc')).toEqual([f.p2, f.p1, f.p3]);
    expect(await q('visibility_sort')).toEqual([f.p1, f.p2, f.p3]);
    expect(await q('visibility_sort', 'asc')).toEqual([f.p2, f.p3, f.p1]);
    expect(await q('value_sort', 'desc')).toEqual([f.p3, f.p2, f.p1]);
    expect(await q('created_sort')).toEqual([f.p1, f.p2, f.p3]);
    expect((await t.api.error(VISIBILITY, { ...at(f), query: { sortField: 'nope' } })).status).toBe(422);
  });

  it('returns at most 15 sources per row, in citation order', async () => {
    const ctx = t.engine.ctx;
    const p = await seedProject(ctx, { neurals: ['perplexity'] });
    const urls = Array.from({ length: 20 }, (_, i) => `https://site${i + 1}.example/page`);
    await seedUpdate(ctx, p, '2026-11-01', [ans(p.prompts[0], p.neural.perplexity, { urls })]);
    const row = (await t.api.request(VISIBILITY, at(p.id))).tableData.rows[0].data[0];
    expect(row.urls).toHaveLength(15);
    expect(row.urls.map((u) => u.position)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(row.urls[0]).toEqual({
      url: urls[0],
      domain: 'site1.example',
      position: 1,
      favicon: 'http://127.0.0.1/api/app/favicons/site1.example',
    });
  });
});

describe('answers pagination', () => {
  async function sevenPrompts() {
    const ctx = t.engine.ctx;
    const p = await seedProject(ctx, {
      neurals: ['chatgpt'],
      prompts: Array.from({ length: 7 }, (_, i) => `prompt ${i + 1}`),
    });
    // the brand is named in prompts 1, 3, 5, 7
    await seedUpdate(
      ctx,
      p,
      '2026-11-01',
      p.prompts.map((id, i) => ans(id, p.neural.chatgpt, { brandAt: i % 2 === 0 ? 1 : null })),
    );
    return p;
  }

  it('walks every page once with fixed totals and chartData only on the first page', async () => {
    const p = await sevenPrompts();
    for (const route of [VISIBILITY, HISTORY] as const) {
      const seen: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const body = await t.api.request(route, { ...at(p.id), query: { per_page: 3, cursor } });
        pages++;
        expect([body.total_prompts, body.total_mentions]).toEqual([7, 4]);
        expect(body.chartData.length > 0).toBe(cursor === undefined);
        const rows = 'rows' in body.tableData ? body.tableData.rows : body.tableData.data;
        seen.push(...rows.map((r) => r.prompt.id));
        expect(body.tableData.has_more).toBe(body.has_more);
        if (!body.has_more) {
          expect(body.next_cursor).toBeNull();
          break;
        }
        cursor = body.next_cursor ?? undefined;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(p.prompts);
    }
  });

  it('rejects a tampered or foreign cursor and per_page outside 1–200', async () => {
    const p = await sevenPrompts();
    const refused = (query: AnswersQuery) => t.api.error(VISIBILITY, { ...at(p.id), query });
    const first = await t.api.request(VISIBILITY, { ...at(p.id), query: { per_page: 3 } });
    const [payload, sig] = first.next_cursor!.split('.');
    const forged = Buffer.from(JSON.stringify({ o: 0, f: 'x' })).toString('base64url');
    for (const cursor of [`${forged}.${sig}`, `${payload}.AAAA${sig.slice(4)}`, 'garbage']) {
      const res = await refused({ per_page: 3, cursor });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ cursor: [expect.any(String)] });
    }
    expect((await refused({ per_page: 3, cursor: first.next_cursor!, mention: 'has' })).status).toBe(422);
    expect((await refused({ per_page: 201 })).body.errors).toEqual({
      per_page: [expect.any(String)],
    });
    expect((await refused({ per_page: 0 })).status).toBe(422);
    const all = await t.api.request(VISIBILITY, { ...at(p.id), query: { per_page: 200 } });
    expect(all.tableData.rows).toHaveLength(7);
    expect((await t.api.request(VISIBILITY, at(p.id))).tableData.rows).toHaveLength(7);
  });
});

describe('GET /api/projects/{project}/answers/history', () => {
  it('gives cells by date and network with dynamics', async () => {
    const f = await seedFixture(t.engine.ctx);
    const body = await t.api.request(HISTORY, at(f));
    expect(body.tableData.dates).toEqual(['2026-11-01', '2026-11-08']);
    expect(body.tableData.neurals.map((n) => n.id)).toEqual([f.gpt, f.ppx]);
    const [p1, p2] = body.tableData.data;
    expect(p1.prompt).toEqual({
      id: f.p1,
      value: 'best crm tools',
      groups: ['G1'],
      visibility: 100,
      frequency: 100,
    });
    expect(p1.positions_by_date['2026-11-01'][f.gpt]).toEqual({
      mention: 1,
      mention_position: 1,
      tone: 'positive',
      occurrences: ['Acme'],
      competitors: ['Globex'],
      has_data: true,
    });
    expect(p2.positions_by_date['2026-11-01'][f.ppx]).toEqual({
      mention: 0,
      mention_position: null,
      tone: null,
      occurrences: [],
      competitors: [],
      has_data: false,
    });
    expect(body.tableData.data.map((d) => d.dynamics)).toEqual(['up', 'down', 'not_changed']);
    expect(body.total_mentions).toBe(4);
  });

  it('keeps the selected networks only, and no date where none of them answered', async () => {
    const f = await seedFixture(t.engine.ctx);
    await seedUpdate(t.engine.ctx, f.project, '2026-11-15', [
      ans(f.project.prompts[0], f.gpt, { brandAt: 3 }),
    ]);
    const all = (await t.api.request(HISTORY, at(f))).tableData.data[0].positions_by_date;
    expect(Object.keys(all)).toEqual(['2026-11-01', '2026-11-08', '2026-11-15']);
    expect(Object.keys(all['2026-11-15'])).toEqual([String(f.gpt)]);
    const body = await t.api.request(HISTORY, { ...at(f), query: { neurals: [f.ppx] } });
    const p1 = body.tableData.data.find((d) => d.prompt.id === f.p1)!;
    expect(Object.keys(p1.positions_by_date)).toEqual(['2026-11-01', '2026-11-08']);
    expect(p1.positions_by_date['2026-11-08']).toEqual({
      [f.ppx]: {
        mention: 1,
        mention_position: 1,
        tone: 'positive',
        occurrences: ['Acme'],
        competitors: ['Initech'],
        has_data: true,
      },
    });
  });

  it("cuts out a network that answered but is no longer the project's, with no filter", async () => {
    const f = await seedFixture(t.engine.ctx);
    const whole = (await t.api.request(HISTORY, at(f))).tableData.data[0].positions_by_date;
    expect(Object.keys(whole['2026-11-08'])).toEqual([String(f.gpt), String(f.ppx)]);
    // Every selected network answered: the stored texts are sent as they are. Without perplexity
    // among the project's networks, its cells must go although no filter names a network.
    await t.engine.ctx.db
      .deleteFrom('project_neurals')
      .where('project_id', '=', f.project.id)
      .where('neural_id', '=', f.ppx)
      .execute();
    const body = await t.api.request(HISTORY, at(f));
    expect(body.tableData.neurals.map((n) => n.id)).toEqual([f.gpt]);
    const p1 = body.tableData.data.find((d) => d.prompt.id === f.p1)!;
    expect(p1.positions_by_date['2026-11-08']).toEqual({ [f.gpt]: whole['2026-11-08'][f.gpt] });
  });
});

describe('GET /api/projects/{project}/answers/comparison', () => {
  it('compares the last two updates of the first network by brand position', async () => {
    const f = await seedFixture(t.engine.ctx);
    const body = await t.api.request(COMPARISON, at(f));
    expect(body.tableData).toMatchObject({
      date1: '2026-11-01',
      date2: '2026-11-08',
      total_prompts: 3,
      total_mentions: 2,
    });
    expect(body.tableData.neural?.id).toBe(f.gpt);
    // p1 #1 → #2 (dropped), p2 #2 → gone, p3 none → #1 (appeared)
    expect(body.tableData.rows.map((r) => r.prompt.dynamic)).toEqual(['down', 'down', 'up']);
    expect(body.tableData.rows[0].answer1).toEqual({
      answer: 'Answer about Acme.',
      has_data: true,
      brand_position: 1,
      mention: 1,
      tone: 'positive',
      occurrences: ['Acme'],
      competitors: ['Globex'],
      site_mentioned: true,
      site_position: 1,
      urls: [
        {
          url: 'https://acme.com/a',
          domain: 'acme.com',
          position: 1,
          favicon: 'http://127.0.0.1/api/app/favicons/acme.com',
        },
        {
          url: 'https://en.wikipedia.org/wiki/CRM',
          domain: 'en.wikipedia.org',
          position: 2,
          favicon: 'http://127.0.0.1/api/app/favicons/en.wikipedia.org',
        },
      ],
      evidence: { brand: [], competitors: [] },
    });
    expect(body.chartData).toEqual([]);
  });

  it('snaps each date to the latest update not later than it, and filters presence after', async () => {
    const f = await seedFixture(t.engine.ctx);
    const query = (extra: ComparisonQuery) => ({
      ...at(f),
      query: { neural: f.ppx, date1: '2026-11-05', date2: '30.11.2026', ...extra },
    });
    const q = (extra: ComparisonQuery) => t.api.send(COMPARISON, query(extra));
    const body = (await q({})).body;
    expect([body.tableData.date1, body.tableData.date2]).toEqual(['2026-11-01', '2026-11-08']);
    // perplexity: p1 none → #1, p2 no data → #1, p3 #1 → none
    expect(body.tableData.rows.map((r) => r.prompt.dynamic)).toEqual(['up', 'up', 'down']);
    expect(body.tableData.rows[1].answer1.has_data).toBe(false);
    const has = (await q({ presence: 'brand_has' })).body;
    expect(ids(has)).toEqual([f.p1, f.p2]);
    expect([has.total_prompts, has.total_mentions]).toEqual([2, 2]);
    expect(ids((await q({ presence: 'site_has' })).body)).toEqual([f.p1]);
    expect((await q({ presence: 'site_not' })).body.total_prompts).toBe(2);
    const early = (await q({ date1: '2026-10-01' })).body;
    expect(early.tableData.date1).toBeNull();
    expect((await t.api.error(COMPARISON, query({ neural: 999999 }))).status).toBe(422);
  });
});

describe('GET /api/projects/{project}/answers/sources-history', () => {
  it('gives the site position by date for networks with sources, unpaginated', async () => {
    const f = await seedFixture(t.engine.ctx);
    const body = await t.api.request(SOURCES_HISTORY, at(f));
    expect([body.has_more, body.next_cursor]).toEqual([false, null]);
    expect(body.tableData.data[0]).toEqual({
      prompt: { id: f.p1, value: 'best crm tools' },
      positions_by_date: {
        '2026-11-01': {
          [f.gpt]: { mentioned: true, position: 1, has_data: true },
          [f.ppx]: { mentioned: false, position: null, has_data: true },
        },
        '2026-11-08': {
          [f.gpt]: { mentioned: false, position: null, has_data: true },
          [f.ppx]: { mentioned: true, position: 1, has_data: true },
        },
      },
      dynamics: 'not_changed',
    });
  });
});

describe('GET /api/projects/{project}/answers/sources-history mention_filter', () => {
  it('keeps the prompts whose answers at the last update pass it, over the selected networks', async () => {
    const f = await seedFixture(t.engine.ctx);
    const ids = async (query: SourcesQuery) =>
      (await t.api.request(SOURCES_HISTORY, { ...at(f), query })).tableData.data.map((d) => d.prompt.id);
    expect(await ids({ mention_filter: 'has' })).toEqual([f.p1, f.p2, f.p3]);
    expect(await ids({ mention_filter: 'not' })).toEqual([]);
    expect(await ids({ mention_filter: 'not', neurals: [f.gpt] })).toEqual([f.p2]);
    expect(await ids({ mention_filter: 'has_source' })).toEqual([f.p1]);
    expect(await ids({ mention_filter: 'has_source', neurals: [f.gpt] })).toEqual([]);
  });
});

describe('GET /api/projects/{project}/answers (deprecated)', () => {
  it('returns both tabs with deprecation headers and successors', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.send('GET /api/projects/{project}/answers', at(f));
    expect(res.status).toBe(200);
    expect(res.headers['deprecation']).toBe('true');
    expect(res.headers['link']).toBe(
      `</api/projects/${f.project.id}/answers/visibility>; rel="successor-version", </api/projects/${f.project.id}/answers/history>; rel="successor-version"`,
    );
    expect(res.body.deprecation.successors).toEqual([
      `/api/projects/${f.project.id}/answers/visibility`,
      `/api/projects/${f.project.id}/answers/history`,
    ]);
    const visibility = await t.api.request(VISIBILITY, at(f));
    // The deprecated endpoint gets no new fields: the visibility tab without `evidence`.
    const withoutEvidence = {
      ...visibility.tableData,
      rows: visibility.tableData.rows.map((r) => ({
        ...r,
        data: r.data.map(({ evidence, ...cell }) => (void evidence, cell)),
      })),
    };
    expect(res.body.data.visibility.tableData).toEqual(withoutEvidence);
    expect(res.body.data.visibility.chartData).toEqual(visibility.chartData);
    expect(res.body.data.history.tableData).toEqual((await t.api.request(HISTORY, at(f))).tableData);
  });
});
