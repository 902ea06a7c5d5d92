import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';
import { seedFixture, type Fixture } from './fixture';
import type { SourcesQuery } from '../../../src-shared/api/analytics';
import type { Mention } from '../../../src-shared/enums';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const LIST = 'GET /api/projects/{project}/sources/list';
/** The sources list of a project (a fixture's or a seeded one's id). */
const list = async (project: number | Fixture, query: SourcesQuery = {}) => {
  const id = typeof project === 'number' ? project : project.project.id;
  return (await t.api.send(LIST, { params: { project: id }, query })).body;
};

async function twelveDomains() {
  const ctx = t.engine.ctx;
  const p = await seedProject(ctx, { neurals: ['perplexity', { name: 'deepseek', sources: false }] });
  const urls = Array.from(
    { length: 12 },
    (_, i) => `https://site${String(i + 1).padStart(2, '0')}.example/a`,
  );
  await seedUpdate(ctx, p, '2026-11-01', [
    ans(p.prompts[0], p.neural.perplexity, { urls: [...urls, 'https://site01.example/b'] }),
    ans(p.prompts[0], p.neural.deepseek, { urls: ['https://ignored.example/x'] }),
  ]);
  return p;
}

describe('GET /api/projects/{project}/sources/list', () => {
  it('gives domain rows of the last update with types, URLs, prompts and frequency', async () => {
    const f = await seedFixture(t.engine.ctx);
    const body = await list(f);
    expect(body.tableData).toEqual([
      {
        domain: 'acme.com',
        favicon: 'http://127.0.0.1/api/app/favicons/acme.com',
        sources_count: 1,
        dominant_type: {
          value: 'own',
          label: 'Собственный сайт',
          description: expect.any(String),
          icon: expect.any(String),
        },
        is_admin_forced: false,
        prompts_count: 1,
        prompts: [{ id: f.p1, value: 'best crm tools' }],
        frequency: { first: 1, last: 1, delta: 0 },
        urls: [
          {
            source: {
              id: 'https://www.acme.com/b',
              url: 'https://www.acme.com/b',
              name: 'www.acme.com/b',
              domain: 'acme.com',
              type: { value: 'own', label: 'Собственный сайт' },
              is_admin_forced: false,
              favicon: 'http://127.0.0.1/api/app/favicons/acme.com',
            },
            frequency: { first: 0, last: 1, delta: 1 },
            prompts: [{ id: f.p1, value: 'best crm tools' }],
          },
        ],
      },
    ]);
    // both Wikipedia hosts were cited at the first update only
    expect(
      body.excludedTableData.map((r) => [r.domain, r.dominant_type.value, r.is_admin_forced, r.frequency]),
    ).toEqual([
      ['en.wikipedia.org', 'reference', true, { first: 1, last: 0, delta: -1 }],
      ['ru.wikipedia.org', 'reference', true, { first: 1, last: 0, delta: -1 }],
    ]);
    expect(body.totalExcluded).toBe(2);
    // update 1: 3 citations (1 own, 2 reference); update 2: 1 own
    expect(body.chartData.map((s) => [s.id, s.data.map((p) => p.y)])).toEqual([
      ['own', [33.33, 100]],
      ['reference', [66.67, 0]],
    ]);
    expect(body.domainChartData).toEqual([
      {
        id: 'acme.com',
        label: 'acme.com',
        data: [
          { x: '01.11.2026', y: 1 },
          { x: '08.11.2026', y: 1 },
        ],
      },
    ]);
    expect([body.page, body.per_page, body.has_more]).toEqual([1, 20, false]);
    const own = await list(f, { urls_mode: 'external' });
    expect(own.tableData).toEqual([]);
  });

  it('counts only the citations of answers that pass mention_filter', async () => {
    const f = await seedFixture(t.engine.ctx);
    const domains = async (mention_filter: Mention) => {
      const body = await list(f, { mention_filter });
      return {
        current: body.tableData.map((r) => r.domain),
        excluded: body.excludedTableData.map((r) => r.domain),
      };
    };
    // every citing answer names the brand
    expect(await domains('has')).toEqual({
      current: ['acme.com'],
      excluded: ['en.wikipedia.org', 'ru.wikipedia.org'],
    });
    expect(await domains('not')).toEqual({ current: [], excluded: [] });
    // ru.wikipedia.org was cited by an answer without the project's site among its sources
    expect(await domains('has_source')).toEqual({ current: ['acme.com'], excluded: ['en.wikipedia.org'] });
    const maybe = { params: { project: f.project.id }, query: { mention_filter: 'maybe' } };
    expect((await t.api.error(LIST, maybe)).status).toBe(422);
  });

  it('pages domains with Laravel links and rejects per_page outside 5–100', async () => {
    const p = await twelveDomains();
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await list(p.id, { per_page: 5, page });
      expect(body.has_more).toBe(page < 3);
      expect(body.pagination.map((l) => [l.label, l.active])).toEqual([
        ['&laquo; Previous', false],
        ['1', page === 1],
        ['2', page === 2],
        ['3', page === 3],
        ['Next &raquo;', false],
      ]);
      seen.push(...body.tableData.map((r) => r.domain));
    }
    // site01 is cited twice, the rest once; the network without sources is left out
    expect(seen).toEqual([
      'site01.example',
      ...Array.from({ length: 11 }, (_, i) => `site${String(i + 2).padStart(2, '0')}.example`),
    ]);
    const first = await list(p.id, { per_page: 5 });
    expect(first.pagination[2].url).toContain('page=2');
    expect(first.pagination[0].url).toBeNull();
    for (const per_page of [4, 101]) {
      const res = await t.api.error(LIST, { params: { project: p.id }, query: { per_page } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ per_page: [expect.any(String)] });
    }
    const capped = await list(p.id, { urls_count: 3 });
    expect(capped.tableData.reduce((n, r) => n + r.urls.length, 0)).toBe(3);
    expect(capped.tableData[0].urls.map((u) => u.source.url)).toEqual([
      'https://site01.example/a',
      'https://site01.example/b',
    ]);
  });

  it('lets the user set the type of a domain, but not of a dictionary domain', async () => {
    const p = await twelveDomains();
    const PUT = 'PUT /api/projects/{project}/sources/domain-type';
    const put = (body: { domain: string; type: string }) =>
      t.api.error(PUT, { params: { project: p.id }, body });
    const res = await t.api.send(PUT, {
      params: { project: p.id },
      body: { domain: 'https://www.site02.example/', type: 'media' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      domain: 'site02.example',
      type: { value: 'media', label: 'СМИ' },
      is_admin_forced: false,
    });
    const rows = (await list(p.id)).tableData;
    expect(rows.find((r) => r.domain === 'site02.example')?.dominant_type.value).toBe('media');
    expect((await put({ domain: 'ru.wikipedia.org', type: 'media' })).body.errors).toEqual({
      domain: [expect.any(String)],
    });
    expect((await put({ domain: 'x.example', type: 'weird' })).status).toBe(422);
  });
});

describe('GET /api/projects/{project}/sources (deprecated)', () => {
  it('returns three tabs with deprecation headers and successors', async () => {
    const f = await seedFixture(t.engine.ctx);
    const res = await t.api.send('GET /api/projects/{project}/sources', {
      params: { project: f.project.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers['deprecation']).toBe('true');
    expect(res.headers['link']).toContain(
      `</api/projects/${f.project.id}/sources/list>; rel="successor-version"`,
    );
    expect(res.body.deprecation.successors).toContain(`/api/projects/${f.project.id}/sources/list`);
    const current = await list(f);
    expect(res.body.data.sources.tableData).toEqual(current.tableData);
    expect(res.body.data.sources.chartData).toEqual(current.chartData);
    const history = await t.api.request('GET /api/projects/{project}/answers/sources-history', {
      params: { project: f.project.id },
    });
    expect(res.body.data.history.tableData).toEqual(history.tableData);
    expect(res.body.data.visibility.tableData[0].data[1]).toMatchObject({
      site_mentioned: true,
      site_position: 1,
    });
  });
});
