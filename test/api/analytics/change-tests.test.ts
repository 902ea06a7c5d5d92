import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import {
  ans,
  seedProject,
  seedUpdate,
  type AnswerSpec,
  type SeededProject,
} from '../../helpers/seed-analytics';
import type { AnswersQuery, BaseQuery, HistoryTable, SummaryQuery } from '../../../src-shared/api/analytics';
import { seedFixture } from './fixture';

/**
 * Issue 13: "is the change real". Expected figures are computed here from the fixture by hand,
 * and, on a larger data set, recomputed from what answers/history returns (an independent read
 * of the same answers) with the binomial tail done in exact integer arithmetic.
 */

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const SUMMARY = 'GET /api/projects/{project}/summary';
const summaryOf = (project: number, query: SummaryQuery = {}) =>
  t.api.send(SUMMARY, { params: { project }, query });

/** Wilson 95 % bounds in percent, two decimals, written out from the textbook formula. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.959963984540054;
  const p = k / n;
  const c = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const h = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const r = (v: number) => Math.round(v * 10000) / 100;
  return [k === 0 ? 0 : r(c - h), k === n ? 100 : r(c + h)];
}

/** Two-sided exact binomial p with BigInt binomial coefficients. */
function exactP(gained: number, lost: number): number {
  const n = gained + lost;
  const k = Math.min(gained, lost);
  let c = 1n;
  let tail = 0n;
  for (let i = 0; i <= k; i++) {
    tail += c;
    c = (c * BigInt(n - i)) / BigInt(i + 1);
  }
  return n === 0 ? 1 : Math.min(1, (2 * Number(tail)) / 2 ** n);
}

describe('change tests on the hand-built fixture', () => {
  it('summary: last two updates, pairs counted at both, Wilson intervals over the answers counted', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await summaryOf(f.project.id);
    expect(res.status).toBe(200);
    // p2/perplexity had no data on 01.11: no pair. Gained: p1 ppx, p3 gpt; lost: p2 gpt, p3 ppx.
    expect(res.body.data.updateStats.visibility_change).toEqual({
      date1: '2026-11-01',
      date2: '2026-11-08',
      before: 60,
      after: 66.67,
      delta: 6.67,
      ci_before: wilson(3, 5),
      ci_after: wilson(4, 6),
      pairs: 5,
      gained: 2,
      lost: 2,
      p_value: 1,
      significant: false,
    });
    // The band around the overall line: one Wilson interval per update.
    const [lo1, hi1] = wilson(3, 5);
    const [lo2, hi2] = wilson(4, 6);
    expect(res.body.data.updateStats.visibility_ci).toEqual([
      { x: '01.11.2026', lo: lo1, hi: hi1 },
      { x: '08.11.2026', lo: lo2, hi: hi2 },
    ]);
  });

  it('summary: null when the period has one update; empty answers pair up when they are counted', async () => {
    const f = await seedFixture(t.engine.ctx, { countEmptyAnswers: true });
    const one = await summaryOf(f.project.id, { dates: ['2026-11-08', '2026-11-08'] });
    expect(one.body.data.updateStats.visibility_change).toBeNull();
    const both = await summaryOf(f.project.id);
    expect(both.body.data.updateStats.visibility_change).toMatchObject({
      before: 50,
      pairs: 6,
      gained: 3,
      lost: 2,
    });
  });

  it('competitors: each row tests first → last of the period', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.send('GET /api/projects/{project}/competitors', {
      params: { project: f.project.id },
    });
    const byName = new Map(res.body.data.tableData.map((r) => [r.competitor.name, r]));
    // Globex: named in p1 gpt, p1 ppx, p2 gpt on 01.11; only in p1 gpt on 08.11 → lost 2.
    expect(byName.get('Globex')?.visibility.change_test).toEqual({
      pairs: 5,
      gained: 0,
      lost: 2,
      p_value: 0.5,
      significant: false,
    });
    expect(byName.get('Acme')?.visibility.change_test).toMatchObject({ gained: 2, lost: 2 });
    const summary = await summaryOf(f.project.id);
    const row = summary.body.data.updateStats.competitors.table.find((r) => r.competitor.name === 'Globex');
    expect(row?.visibility.change_test).toEqual(byName.get('Globex')?.visibility.change_test);
  });

  it('comparison: the brand between the two snapshots of the chosen network, whatever rows `presence` keeps', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.send('GET /api/projects/{project}/answers/comparison', {
      params: { project: f.project.id },
      query: { neural: f.gpt, presence: 'brand_has' },
    });
    expect(res.status).toBe(200);
    // chatgpt: p1 named both times, p2 lost, p3 gained.
    expect(res.body.tableData.change_test).toEqual({
      pairs: 3,
      gained: 1,
      lost: 1,
      p_value: 1,
      significant: false,
    });
  });
});

describe('summary figures recomputed from answers/history', () => {
  /** 60 prompts × 3 networks; the brand is named often on 01.11 and 08.11 and much less on 15.11. */
  async function seedDrop() {
    const project = await seedProject(t.engine.ctx, {
      neurals: ['chatgpt', 'perplexity', 'claude'],
      groups: ['G1', 'G2'],
      prompts: Array.from({ length: 60 }, (_, i) => ({
        value: `prompt ${i}`,
        frequency: 100 - i,
        groups: [i % 2 ? 'G1' : 'G2'],
      })),
    });
    const nets = Object.values(project.neural);
    // A fixed linear congruential sequence: varied but reproducible answers.
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const run = (date: string, rate: number) =>
      seedUpdate(
        t.engine.ctx,
        project,
        date,
        project.prompts.flatMap((p) =>
          nets.map((n): AnswerSpec => {
            const r = rand();
            if (r < 0.05) return ans(p, n, { hasData: false });
            return ans(p, n, rand() < rate ? { brandAt: 1 } : {});
          }),
        ),
      );
    await run('2026-11-01', 0.6);
    await run('2026-11-08', 0.62);
    await run('2026-11-15', 0.35);
    return project;
  }

  async function historyCells(projectId: number, query: AnswersQuery) {
    const rows: HistoryTable['data'] = [];
    let cursor: string | undefined;
    do {
      const res = await t.api.send('GET /api/projects/{project}/answers/history', {
        params: { project: projectId },
        query: { ...query, per_page: 200, ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      rows.push(...res.body.tableData.data);
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    return rows;
  }

  it.each([
    ['all networks and prompts', (_p: SeededProject): BaseQuery => ({})],
    [
      'group G1, two networks',
      (p: SeededProject): BaseQuery => ({
        groups: [p.group.G1],
        neurals: [p.neural.chatgpt, p.neural.claude],
      }),
    ],
    [
      'the first two updates only',
      (_p: SeededProject): BaseQuery => ({ dates: ['2026-11-01', '2026-11-08'] }),
    ],
  ])('%s', async (_name, filters) => {
    const project = await seedDrop();
    const query = filters(project);
    const summary = await summaryOf(project.id, query);
    expect(summary.status).toBe(200);
    // Two updates or more in every case here: the test is there (null only with fewer).
    const change = summary.body.data.updateStats.visibility_change!;
    const rows = await historyCells(project.id, query);
    // The last two updates inside the applied period (`updateDates` lists the project's all).
    const [from, to] = summary.body.filters.dates;
    const dates = summary.body.updateDates.filter((d) => d >= from && d <= to).slice(-2);
    const neurals: number[] = query.neurals ?? Object.values(project.neural);
    let counted1 = 0;
    let named1 = 0;
    let counted2 = 0;
    let named2 = 0;
    let pairs = 0;
    let gained = 0;
    let lost = 0;
    for (const row of rows)
      for (const n of neurals) {
        const a = row.positions_by_date[dates[0]]?.[n];
        const b = row.positions_by_date[dates[1]]?.[n];
        if (a?.has_data) {
          counted1++;
          named1 += a.mention;
        }
        if (b?.has_data) {
          counted2++;
          named2 += b.mention;
        }
        if (a?.has_data && b?.has_data) {
          pairs++;
          if (!a.mention && b.mention) gained++;
          if (a.mention && !b.mention) lost++;
        }
      }
    const pct = (k: number, n: number) => Math.round((10000 * k) / n) / 100;
    expect(change).toEqual({
      date1: dates[0],
      date2: dates[1],
      before: pct(named1, counted1),
      after: pct(named2, counted2),
      delta: Math.round((pct(named2, counted2) - pct(named1, counted1)) * 100) / 100,
      ci_before: wilson(named1, counted1),
      ci_after: wilson(named2, counted2),
      pairs,
      gained,
      lost,
      p_value: expect.closeTo(exactP(gained, lost), 12),
      significant: exactP(gained, lost) < 0.05,
    });
    // The headline figures are the visibility curve's own.
    const all = summary.body.data.updateStats.visibility_curve[0].data;
    expect(all[all.length - 1].y).toBe(change.after);
    expect(all[all.length - 2].y).toBe(change.before);
  });

  it('reports the drop of 15.11 as significant and the drift of 08.11 as within noise', async () => {
    const project = await seedDrop();
    const drop = (await summaryOf(project.id)).body.data.updateStats.visibility_change!;
    expect(drop.delta).toBeLessThan(-10);
    expect(drop.significant).toBe(true);
    expect(drop.p_value).toBeLessThan(0.001);
    const drift = (await summaryOf(project.id, { dates: ['2026-11-01', '2026-11-08'] })).body.data.updateStats
      .visibility_change!;
    expect(drift.significant).toBe(false);
  });
});

describe("competitors' change tests recomputed from the answers", () => {
  const NAMES = ['Globex', 'Initech', 'Hooli', 'Umbrella', 'Stark', 'Wayne'];

  /** 40 prompts × 3 networks over two updates, competitors named at random; group G1 holds 4 prompts. */
  async function seedNamed() {
    const project = await seedProject(t.engine.ctx, {
      neurals: ['chatgpt', 'perplexity', 'claude'],
      groups: ['G1', 'G2'],
      prompts: Array.from({ length: 40 }, (_, i) => ({
        value: `prompt ${i}`,
        groups: [i % 10 === 0 || i === 7 ? 'G1' : 'G2'],
      })),
    });
    const nets = Object.values(project.neural);
    let seed = 777;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const date of ['2026-11-01', '2026-11-08'])
      await seedUpdate(
        t.engine.ctx,
        project,
        date,
        project.prompts.flatMap((p) =>
          nets.map((n): AnswerSpec => {
            if (rand() < 0.05) return ans(p, n, { hasData: false });
            return ans(p, n, { competitors: NAMES.filter(() => rand() < 0.3) });
          }),
        ),
      );
    return project;
  }

  /** Each competitor's gained/lost over the pairs of the project's two updates, read from the tables. */
  async function expected(projectId: number, promptIds: Set<number> | null) {
    const db = t.engine.ctx.db;
    const answers = await db
      .selectFrom('answers')
      .select(['id', 'run_id', 'prompt_id', 'neural_id', 'has_data'])
      .where('project_id', '=', projectId)
      .orderBy('run_id')
      .execute();
    const named = await db
      .selectFrom('answer_competitors')
      .innerJoin('competitors', 'competitors.id', 'answer_competitors.competitor_id')
      .select(['answer_id', 'competitors.name'])
      .where('competitors.project_id', '=', projectId)
      .execute();
    const namesOf = new Map<number, Set<string>>();
    for (const r of named)
      (namesOf.get(r.answer_id) ?? namesOf.set(r.answer_id, new Set()).get(r.answer_id)!).add(r.name);
    const [first, last] = [...new Set(answers.map((a) => a.run_id))];
    const at = (run: number) =>
      new Map(answers.filter((a) => a.run_id === run).map((a) => [`${a.prompt_id}|${a.neural_id}`, a]));
    const before = at(first);
    const after = at(last);
    const out = new Map<string, { pairs: number; gained: number; lost: number }>();
    for (const name of NAMES) {
      const tally = { pairs: 0, gained: 0, lost: 0 };
      for (const [key, a] of before) {
        const b = after.get(key);
        if (!b || !a.has_data || !b.has_data || (promptIds && !promptIds.has(a.prompt_id))) continue;
        tally.pairs++;
        const wa = namesOf.get(a.id)?.has(name) ?? false;
        const wb = namesOf.get(b.id)?.has(name) ?? false;
        if (!wa && wb) tally.gained++;
        if (wa && !wb) tally.lost++;
      }
      out.set(name, tally);
    }
    return out;
  }

  // On PostgreSQL, all prompts read each update's competitor rows as one range of answer ids (the
  // pairs are dense in it) and group G1 probes pair by pair (4 prompts of 40: sparse).
  it.each([
    ['all prompts', false],
    ['group G1', true],
  ])('%s', async (_name, inGroup) => {
    const project = await seedNamed();
    const query = inGroup ? { groups: [project.group.G1] } : {};
    const promptIds = inGroup ? new Set([0, 7, 10, 20, 30].map((i) => project.prompts[i])) : null;
    const want = await expected(project.id, promptIds);
    const res = await t.api.send('GET /api/projects/{project}/competitors', {
      params: { project: project.id },
      query,
    });
    expect(res.status).toBe(200);
    const rows = [...res.body.data.tableData, ...res.body.data.excludedTableData].filter(
      (r) => r.id !== 'own',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect(r.visibility.change_test, r.competitor.name).toMatchObject(want.get(r.competitor.name)!);
    // The summary's top rows (their own statement, only those competitors) agree.
    const summary = await summaryOf(project.id, query);
    const top = summary.body.data.updateStats.competitors.table;
    expect(top.length).toBeGreaterThan(0);
    for (const r of top)
      expect(r.visibility.change_test, r.competitor.name).toMatchObject(want.get(r.competitor.name)!);
  });
});
