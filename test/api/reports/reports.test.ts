import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import type { BodyOf } from '../../../src-renderer/src/api/client';
import { ans, seedProject, seedUpdate, type SeededProject } from '../../helpers/seed-analytics';
import { BLOCK_SLUGS, type ReportOptionsInput, type ReportStatus } from '../../../src-shared/api/reports';

let t: TestEngine;
let p: SeededProject;
const LIST = 'GET /api/projects/{project}/reports';
const CREATE = 'POST /api/projects/{project}/reports';
const REPORT = 'GET /api/projects/{project}/reports/{report}';
const at = () => ({ params: { project: p.id } });
const reportAt = (report: number) => ({ params: { project: p.id, report } });

const validOptions = (over: Partial<ReportOptionsInput> = {}): ReportOptionsInput => ({
  comparison_enabled: false,
  period_main: 'last_30_days',
  blocks: [{ slug: 'summary' }, { slug: 'competitors' }],
  ...over,
});
/** Creates a report (a 2xx answer; a refusal throws). */
const create = (body: BodyOf<typeof CREATE>) => t.api.send(CREATE, { ...at(), body });
/** A creation that must be refused: its status and error body, whatever the body sent. */
const refused = (body: unknown) => t.api.error(CREATE, { ...at(), body });
const report = async (id: number) => (await t.api.request(REPORT, reportAt(id))).data;
const list = (query: { per_page?: number; page?: number; status?: ReportStatus }) =>
  t.api.send(LIST, { ...at(), query });

beforeEach(async () => {
  t = await createTestEngine({ now: '2026-11-20T10:00:00.000Z' });
  p = await seedProject(t.engine.ctx, {
    brand: 'Acme',
    prompts: ['best tools', 'cheap tools'],
    neurals: ['chatgpt', 'perplexity'],
  });
});
afterEach(() => t.close());

async function seedTwoUpdates() {
  const [a, b] = p.prompts;
  const { chatgpt, perplexity } = p.neural;
  await seedUpdate(t.engine.ctx, p, '2026-11-10', [
    ans(a, chatgpt, { brandAt: 2, competitors: ['Globex'], urls: ['https://acme.com/x'] }),
    ans(a, perplexity, { competitors: ['Globex'] }),
    ans(b, chatgpt, { brandAt: 1 }),
    ans(b, perplexity),
  ]);
  await seedUpdate(t.engine.ctx, p, '2026-11-18', [
    ans(a, chatgpt, { brandAt: 1, urls: ['https://wiki.org/acme'] }),
    ans(a, perplexity, { brandAt: 1 }),
    ans(b, chatgpt),
    ans(b, perplexity),
  ]);
}

const BLOCKS = 'GET /api/projects/{project}/reports/blocks';
describe('GET /api/projects/{project}/reports/blocks', () => {
  it('lists the nine blocks with Russian names for a Russian project', async () => {
    const res = await t.api.send(BLOCKS, at());
    expect(res.status).toBe(200);
    expect(res.body.data.map((b) => b.slug)).toEqual([...BLOCK_SLUGS]);
    for (const b of res.body.data) {
      expect(Object.keys(b).sort()).toEqual(['block_order', 'description', 'id', 'name', 'slug', 'visible']);
      expect(b.visible).toBe('all');
    }
    expect(res.body.data.find((b) => b.slug === 'summary')?.name).toBe('Сводка');
  });

  it('names the blocks in English for an English project', async () => {
    await t.engine.ctx.db.updateTable('projects').set({ language: 'en' }).where('id', '=', p.id).execute();
    const res = await t.api.send(BLOCKS, at());
    expect(res.body.data.find((b) => b.slug === 'summary')?.name).toBe('Summary');
  });
});

describe('POST /api/projects/{project}/reports', () => {
  it('creates a queued report with a URL-safe shared key of at least 128 bits', async () => {
    const res = await create({ options: validOptions() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      shared_key: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      status: 'queued',
      message: expect.any(String),
    });
    expect(Buffer.from(res.body.shared_key, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('stores the options with defaults filled in and e-mails split into arrays', async () => {
    const created = await create({
      options: validOptions({
        report_email: 'a@example.com, b@example.com',
        blocks: [{ slug: 'kpi', checked: false }, { slug: 'summary' }],
      }),
    });
    const res = await t.api.send(REPORT, reportAt(created.body.id));
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('result');
    expect(res.body.data).toMatchObject({
      status: 'queued',
      source_type: 'manual',
      user_id: 1,
      project_id: p.id,
    });
    expect(res.body.data.options).toEqual({
      comparison_enabled: false,
      period_main: 'last_30_days',
      period_comparison: null,
      period_main_dates: null,
      period_compare_dates: null,
      blocks: [
        { id: 5, slug: 'kpi', title: 'KPI', checked: false, visible: 'all', block_order: 5 },
        { id: 2, slug: 'summary', title: 'Сводка', checked: true, visible: 'all', block_order: 2 },
      ],
      report_email: ['a@example.com', 'b@example.com'],
      report_email_notifications: [],
      file_type: 'none',
    });
  });

  // Bodies the route refuses (some off its type): built loosely, sent through refused().
  const loose = (over: Record<string, unknown>) => ({ ...validOptions(), ...over });
  const cases: Array<[string, unknown, string[]]> = [
    ['options missing', {}, ['options']],
    [
      'comparison_enabled missing',
      { options: { period_main: 'last_7_days', blocks: [{ slug: 'summary' }] } },
      ['options.comparison_enabled'],
    ],
    [
      'period_main missing',
      { options: { comparison_enabled: false, blocks: [{ slug: 'summary' }] } },
      ['options.period_main'],
    ],
    [
      'blocks missing',
      { options: { comparison_enabled: false, period_main: 'last_7_days' } },
      ['options.blocks'],
    ],
    ['blocks empty', { options: loose({ blocks: [] }) }, ['options.blocks']],
    [
      'unknown block slug',
      { options: loose({ blocks: [{ slug: 'summary' }, { slug: 'weather' }] }) },
      ['options.blocks.1.slug'],
    ],
    ['wrong period_main', { options: loose({ period_main: 'last_year' }) }, ['options.period_main']],
    [
      'prev_period as main period',
      { options: loose({ period_main: 'prev_period' }) },
      ['options.period_main'],
    ],
    ['custom without dates', { options: loose({ period_main: 'custom' }) }, ['options.period_main_dates']],
    [
      'custom dates reversed',
      { options: loose({ period_main: 'custom', period_main_dates: ['2026-11-10', '2026-11-01'] }) },
      ['options.period_main_dates'],
    ],
    [
      'custom date not a date',
      { options: loose({ period_main: 'custom', period_main_dates: ['2026-02-30', '2026-03-01'] }) },
      ['options.period_main_dates.0'],
    ],
    [
      'comparison without period',
      { options: loose({ comparison_enabled: true }) },
      ['options.period_comparison'],
    ],
    [
      'wrong comparison period',
      { options: loose({ comparison_enabled: true, period_comparison: 'yesterday' }) },
      ['options.period_comparison'],
    ],
    [
      'custom comparison reversed',
      {
        options: loose({
          comparison_enabled: true,
          period_comparison: 'custom',
          period_compare_dates: ['2026-10-31', '2026-10-01'],
        }),
      },
      ['options.period_compare_dates'],
    ],
    [
      'bad e-mail in a string',
      { options: loose({ report_email: 'a@example.com, nope' }) },
      ['options.report_email'],
    ],
    [
      'bad e-mail in an array',
      { options: loose({ report_email_notifications: ['ok@example.com', 'bad'] }) },
      ['options.report_email_notifications.1'],
    ],
    ['wrong file_type', { options: loose({ file_type: 'docx' }) }, ['options.file_type']],
    ['wrong source_type', { options: validOptions(), source_type: 'cron' }, ['source_type']],
    ['status other than queued', { options: validOptions(), status: 'done' }, ['status']],
    [
      'restart without restart_of',
      { options: validOptions(), source_type: 'restart' },
      ['options.restart_of'],
    ],
  ];
  it.each(cases)('answers 422 with field paths: %s', async (_name, body, paths) => {
    const res = await refused(body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(paths.sort());
    for (const messages of Object.values(res.body.errors ?? {}))
      expect(messages).toEqual([expect.any(String)]);
  });

  it('reports every missing required field at once', async () => {
    const res = await refused({ options: {} });
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual([
      'options.blocks',
      'options.comparison_enabled',
      'options.period_main',
    ]);
  });

  it('ignores the comparison period when comparison is disabled', async () => {
    // Off the type on purpose (the value is ignored): the loose client, and a 2xx expected.
    const res = await refused({ options: loose({ period_comparison: 'nonsense' }) });
    expect(res.status).toBe(201);
  });

  it('restarts an earlier report with its options (source_type restart, options.restart_of)', async () => {
    const first = await create({
      options: validOptions({ period_main: 'custom', period_main_dates: ['2026-11-01', '2026-11-15'] }),
    });
    // A restart sends only restart_of: the other options are the earlier report's.
    const restart = (restart_of: number) => ({ source_type: 'restart' as const, options: { restart_of } });
    const again = await create(restart(first.body.id));
    expect(again.status).toBe(201);
    const restarted = await report(again.body.id);
    expect(restarted.source_type).toBe('restart');
    expect(restarted.options).toMatchObject({
      period_main: 'custom',
      period_main_dates: ['2026-11-01', '2026-11-15'],
      restart_of: first.body.id,
    });
    const missing = await refused(restart(999));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['options.restart_of']);
  });
});

describe('GET /api/projects/{project}/reports', () => {
  it('pages newest first with Laravel links and meta, and filters by status', async () => {
    for (let i = 0; i < 3; i++) await create({ options: validOptions() });
    const res = await list({ per_page: 2 });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(res.body.links).toEqual({
      first: expect.stringContaining('page=1'),
      last: expect.stringContaining('page=2'),
      prev: null,
      next: expect.stringContaining('page=2'),
    });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0].id).toBeGreaterThan(res.body.data[1].id);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'created_at',
      'id',
      'project_id',
      'shared_key',
      'source_type',
      'status',
      'updated_at',
      'user_id',
    ]);
    const page2 = await list({ per_page: 2, page: 2 });
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.links.prev).toContain('page=1');

    const done = await list({ status: 'done' });
    expect(done.body.meta.total).toBe(0);
    expect((await list({ status: 'queued' })).body.meta.total).toBe(3);
  });

  it('answers 422 for per_page above 100 and an unknown status', async () => {
    const big = await t.api.error(LIST, { ...at(), query: { per_page: 101 } });
    expect(big.status).toBe(422);
    expect(Object.keys(big.body.errors ?? {})).toEqual(['per_page']);
    expect((await list({ per_page: 100 })).status).toBe(200);
    expect((await t.api.error(LIST, { ...at(), query: { status: 'lost' } })).status).toBe(422);
  });
});

describe('reports of another project', () => {
  it('answers 404 for a report through another project and for a foreign project', async () => {
    const q = await seedProject(t.engine.ctx, { brand: 'Other' });
    const created = await create({ options: validOptions() });
    // Raw paths: the PDF (/file) is not in the route table, and the loop reads best as paths.
    for (const suffix of ['', '/status', '/download', '/file']) {
      const res = await t.rawApi.get(`/api/projects/${q.id}/reports/${created.body.id}${suffix}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    const stranger = await t.otherUser();
    expect((await stranger.api.error(REPORT, reportAt(created.body.id))).status).toBe(404);
    expect((await stranger.api.error(CREATE, { ...at(), body: { options: validOptions() } })).status).toBe(
      404,
    );
  });
});

describe('report building', () => {
  it('goes queued → running → done, with every chosen block in the result and a report_done event', async () => {
    await seedTwoUpdates();
    const created = await create({
      options: validOptions({
        blocks: BLOCK_SLUGS.filter((s) => s !== 'ai_conclusions').map((slug) => ({ slug })),
        comparison_enabled: true,
        period_comparison: 'prev_period',
      }),
    });
    const id = created.body.id;
    const STATUS = 'GET /api/projects/{project}/reports/{report}/status';
    expect(await t.api.request(STATUS, reportAt(id))).toEqual({
      id,
      status: 'queued',
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
    const before = await t.api.error('GET /api/projects/{project}/reports/{report}/download', reportAt(id));
    expect(before.status).toBe(400);
    expect(before.body).toEqual({ message: expect.any(String), status: 'queued' });

    await t.engine.jobs.drain({ ignoreDelays: true });
    expect((await t.api.request(STATUS, reportAt(id))).status).toBe('done');
    const result = (await report(id)).result ?? [];
    expect(result.map((r) => r.block_slug)).toEqual(BLOCK_SLUGS.filter((s) => s !== 'ai_conclusions'));
    for (const r of result) {
      expect(Object.keys(r).sort()).toEqual([
        'block_data',
        'block_slug',
        'created_at',
        'id',
        'project_report_id',
        'updated_at',
      ]);
      expect(r.project_report_id).toBe(id);
      expect(r.block_data.period).toEqual({ from: '2026-10-22', to: '2026-11-20' });
      expect(r.block_data.comparison_period).toEqual({ from: '2026-09-22', to: '2026-10-21' });
    }
    const summary = result.find((r) => r.block_slug === 'summary')!.block_data;
    // Two updates in the period; at the last one the brand is named in 2 of 4 answers.
    expect(summary.main).toMatchObject({
      updates: 2,
      last_update: '18.11.2026',
      brand: { visibility: 50, mentions: 2 },
    });
    expect(summary.main!.chart.map((p) => [p.x, p.visibility])).toEqual([
      ['10.11.2026', 50],
      ['18.11.2026', 50],
    ]);
    expect(summary.comparison).toMatchObject({ updates: 0, last_update: null, chart: [] });

    const kpi = result.find((r) => r.block_slug === 'kpi')!.block_data.main!;
    expect(kpi.brand_demand.available).toBe(false);
    expect(kpi.web_analytics.connected).toBe(false);

    const events = await t.engine.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'report_done')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('builds each block with the numbers of its analytics endpoint for the same dates', async () => {
    // Web search on, so the sources endpoints (networks returning sources) have rows to compare.
    await t.engine.ctx.db.updateTable('project_neurals').set({ web_search_enabled: 1 }).execute();
    await seedTwoUpdates();
    const { chatgpt, perplexity } = p.neural;
    const [a, b] = p.prompts;
    await seedUpdate(t.engine.ctx, p, '2026-11-19', [
      ans(a, chatgpt, { brandAt: 1, competitors: ['Initech'], urls: ['https://acme.com/y'] }),
      ans(a, perplexity, { competitors: ['Globex'] }),
      ans(b, chatgpt, { brandAt: 2, competitors: ['Globex'], urls: ['https://wiki.org/acme'] }),
      ans(b, perplexity, { hasData: false }),
    ]);
    const main: [string, string] = ['2026-11-05', '2026-11-19'];
    const comparison: [string, string] = ['2026-11-01', '2026-11-12'];
    const created = await create({
      options: validOptions({
        period_main: 'custom',
        period_main_dates: main,
        comparison_enabled: true,
        period_comparison: 'custom',
        period_compare_dates: comparison,
        blocks: (['summary', 'competitors', 'answers', 'sources', 'prompts_visibility_history'] as const).map(
          (slug) => ({ slug }),
        ),
      }),
    });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const built = await report(created.body.id);
    // Each slug's data, typed by its slug (the result is a union discriminated by block_slug).
    const blocks = built.result!;
    const summaryBlock = blocks.find((r) => r.block_slug === 'summary')!.block_data;
    const competitorsBlock = blocks.find((r) => r.block_slug === 'competitors')!.block_data;
    const answersBlock = blocks.find((r) => r.block_slug === 'answers')!.block_data;
    const sourcesBlock = blocks.find((r) => r.block_slug === 'sources')!.block_data;
    const changesBlock = blocks.find((r) => r.block_slug === 'prompts_visibility_history')!.block_data;
    const query = (dates: string[]) => ({ ...at(), query: { dates } });

    for (const [side, dates] of [
      ['main', main],
      ['comparison', comparison],
    ] as const) {
      // summary: visibility curve, tone and share of voice of GET /summary
      const summary = summaryBlock[side]!;
      const stats = (await t.api.request('GET /api/projects/{project}/summary', query(dates))).data
        .updateStats;
      const all = stats.visibility_curve.find((s) => s.label.system_name === 'all')!;
      expect(summary.chart.map((p) => [p.x, p.visibility])).toEqual(all.data.map((p) => [p.x, p.y]));
      expect(summary.brand).toEqual({ visibility: all.data.at(-1)?.y, mentions: all.data.at(-1)?.z });
      expect(summary.tone).toEqual(stats.tone_chart);
      expect(summary.share_of_voice).toEqual(
        stats.share_of_voice.map((v) => ({ name: v.label, type: v.type, share: v.data.at(-1)?.y })),
      );
      expect(changesBlock[side]!.growth).toEqual(
        stats.topPrompts.up.map((i) => ({
          prompt: i.prompt,
          visibility: i.visibility,
          change: i.dynamic,
        })),
      );

      // competitors: the table of GET /competitors
      const competitors = await t.api.request('GET /api/projects/{project}/competitors', {
        ...at(),
        query: { dates, competitors_count: 20 },
      });
      expect(
        competitorsBlock[side]!.rows.map((r) => [r.name, r.visibility, r.mentions, r.share_of_voice]),
      ).toEqual(
        competitors.data.tableData.map((r) => [
          r.competitor.name,
          r.visibility.last,
          r.mentions,
          r.share_of_voice.last,
        ]),
      );

      // answers: prompts, visibility and dynamic of GET /answers/visibility sorted by visibility
      const answers = await t.api.request('GET /api/projects/{project}/answers/visibility', {
        ...at(),
        query: { dates, sortField: 'visibility_sort', sortOrder: 'desc', per_page: 100 },
      });
      expect(answersBlock[side]!.total_prompts).toBe(answers.total_prompts);
      expect(answersBlock[side]!.rows.map((r) => [r.prompt_id, r.visibility, r.dynamic])).toEqual(
        answers.tableData.rows.map((r) => [r.prompt.id, r.prompt.visibility, r.prompt.dynamic]),
      );

      // sources: domains and citations of GET /sources/list
      const sources = await t.api.request('GET /api/projects/{project}/sources/list', {
        ...at(),
        query: { dates, per_page: 20 },
      });
      expect(sourcesBlock[side]!.domains.map((d) => [d.domain, d.citations, d.pages])).toEqual(
        sources.tableData.map((d) => [d.domain, d.frequency.last, d.sources_count]),
      );
    }

    // The hand-checked figures behind the comparison: main = updates of 10, 18 and 19 Nov;
    // at the 19th the brand is named in 2 of the 3 answers with data (count_empty_answers off).
    expect(summaryBlock.main).toMatchObject({ updates: 3, brand: { visibility: 66.67, mentions: 2 } });
    expect(summaryBlock.comparison).toMatchObject({ updates: 1, brand: { visibility: 50, mentions: 2 } });
    expect(sourcesBlock.main!.domains.map((d) => [d.domain, d.citations, d.own])).toEqual([
      ['acme.com', 1, true],
      ['wiki.org', 1, false],
    ]);
    expect(competitorsBlock.main!.rows.map((r) => [r.name, r.visibility])).toEqual([
      ['Acme', 66.67],
      ['Globex', 66.67],
      ['Initech', 33.33],
    ]);
  });

  it('resolves last_7_days, last_calendar_month, custom and prev_period against the clock', async () => {
    const periodsOf = async (options: Partial<ReportOptionsInput>) => {
      const created = await create({ options: validOptions({ blocks: [{ slug: 'kpi' }], ...options }) });
      await t.engine.jobs.drain({ ignoreDelays: true });
      const data = (await report(created.body.id)).result![0].block_data;
      return [data.period, data.comparison_period];
    };
    expect(await periodsOf({ period_main: 'last_7_days' })).toEqual([
      { from: '2026-11-14', to: '2026-11-20' },
      null,
    ]);
    expect(
      await periodsOf({
        period_main: 'last_calendar_month',
        comparison_enabled: true,
        period_comparison: 'prev_period',
      }),
    ).toEqual([
      { from: '2026-10-01', to: '2026-10-31' },
      { from: '2026-08-31', to: '2026-09-30' },
    ]);
    expect(
      await periodsOf({
        period_main: 'custom',
        period_main_dates: ['2026-11-01', '2026-11-01'],
        comparison_enabled: true,
        period_comparison: 'custom',
        period_compare_dates: ['2026-10-01', '2026-10-05'],
      }),
    ).toEqual([
      { from: '2026-11-01', to: '2026-11-01' },
      { from: '2026-10-01', to: '2026-10-05' },
    ]);
  });

  it('switches ai_conclusions off without an analysis model and builds the rest', async () => {
    const created = await create({
      options: validOptions({ blocks: [{ slug: 'ai_conclusions' }, { slug: 'summary' }] }),
    });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const built = await report(created.body.id);
    expect(built.status).toBe('done');
    const [ai, summary] = built.result!;
    expect(ai.block_slug).toBe('ai_conclusions');
    expect(ai.block_data).toMatchObject({ disabled_reason: 'no_analysis_model', main: null });
    expect(summary.block_slug).toBe('summary');
    expect(summary.block_data.main).not.toBeNull();
  });

  it('shows brand demand from imported prompt frequencies in kpi', async () => {
    await t.engine.ctx.db
      .updateTable('prompts')
      .set({ frequency: 1200 })
      .where('id', '=', p.prompts[0])
      .execute();
    const created = await create({ options: validOptions({ blocks: [{ slug: 'kpi' }] }) });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const kpi = (await report(created.body.id)).result!.find((r) => r.block_slug === 'kpi')!.block_data.main!;
    expect(kpi.brand_demand).toMatchObject({
      available: true,
      total_frequency: 1200,
      prompts_with_frequency: 1,
    });
  });
});
