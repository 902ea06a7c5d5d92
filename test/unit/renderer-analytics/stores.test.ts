import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setTransport } from '../../../src-renderer/src/api/client';
import type { Transport } from '../../../src-renderer/src/api/transport';
import type { WireRequest } from '../../../src-shared/ipc';
import { useAnalyticsFiltersStore } from '../../../src-renderer/src/stores/analytics-filters';
import { useAnalyticsAnswersStore } from '../../../src-renderer/src/stores/analytics-answers';
import { useAnalyticsCompetitorsStore } from '../../../src-renderer/src/stores/analytics-competitors';
import { useAnalyticsSummaryStore } from '../../../src-renderer/src/stores/analytics-summary';
import { filterStorageKey } from '../../../src-renderer/src/stores/analytics-query';
import { REANALYSIS_POLL_MS, useReanalysisStore } from '../../../src-renderer/src/stores/reanalysis';

/** A fake engine at the transport edge: answers by `METHOD path` (query stripped), records requests. */
function fakeTransport(routes: Record<string, (req: WireRequest) => { status?: number; body: unknown }>) {
  const requests: WireRequest[] = [];
  const transport: Transport = {
    kind: 'http',
    async request(req) {
      requests.push(req);
      const key = `${req.method} ${req.path.split('?')[0]}`;
      const handler = routes[key];
      if (!handler)
        return { status: 404, headers: {}, body: JSON.stringify({ message: `no fake for ${key}` }) };
      const { status = 200, body } = handler(req);
      return { status, headers: {}, body: JSON.stringify(body) };
    },
  };
  setTransport(transport);
  return requests;
}

const filtersBody = {
  neurals: [
    { id: 1, system_name: 'demo', display_name: 'Demo' },
    { id: 2, system_name: 'chatgpt', display_name: 'ChatGPT' },
  ],
  groups: [{ id: 10, name: 'Brand', is_favourite: false, prompts_count: 3 }],
  update_dates: ['2026-01-05', '2026-01-12'],
  first_update_date: '2026-01-05T00:00:00.000000Z',
  last_update_date: '2026-01-12T00:00:00.000000Z',
  prompts_count: 3,
  enums: {},
};

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

beforeEach(() => setActivePinia(createPinia()));

describe('analytics filters store', () => {
  it('keeps the filter per project and restores it, dropping what the project lost', async () => {
    fakeTransport({
      'GET /api/projects/7/filters': () => ({ body: filtersBody }),
      'GET /api/projects/8/filters': () => ({ body: filtersBody }),
    });
    const storage = memoryStorage();
    storage.setItem(filterStorageKey(7), JSON.stringify({ dates: [], neurals: [2, 99], groups: [10] }));
    const store = useAnalyticsFiltersStore();
    store.useStorage(storage);

    await store.load(7);
    expect(store.query).toEqual({ neurals: [2], groups: [10] });

    store.setDates(['2026-01-12', '2026-01-05']);
    expect(JSON.parse(storage.map.get(filterStorageKey(7))!)).toEqual({
      dates: ['2026-01-05', '2026-01-12'],
      neurals: [2],
      groups: [10],
    });

    await store.load(8);
    expect(store.query).toEqual({});
    await store.load(7);
    expect(store.query).toEqual({ dates: ['2026-01-05', '2026-01-12'], neurals: [2], groups: [10] });
  });

  it('reports a failed load as the error state', async () => {
    fakeTransport({ 'GET /api/projects/7/filters': () => ({ status: 500, body: { message: 'boom' } }) });
    const store = useAnalyticsFiltersStore();
    store.useStorage(memoryStorage());
    await store.load(7);
    expect(store.error).toMatchObject({ status: 500, message: 'boom' });
    expect(store.ready).toBe(false);
  });
});

describe('analytics summary store', () => {
  it('sends the shared filter and derives the latest overall visibility with its change', async () => {
    const requests = fakeTransport({
      'GET /api/projects/7/summary': () => ({
        body: {
          project: { id: 7, name: 'P', brand: 'B', domain: null },
          filters: { dates: [], neurals: [], groups: [] },
          events: [],
          updateDates: ['2026-01-05', '2026-01-12'],
          firstUpdateDate: null,
          lastUpdateDate: null,
          data: {
            widgets: [],
            updateStats: {
              visibility_curve: [
                {
                  id: 'all',
                  label: { system_name: 'all', display_name: 'All', logo: null, order: -1 },
                  data: [
                    { x: '05.01.2026', y: 25 },
                    { x: '12.01.2026', y: 40 },
                  ],
                },
              ],
              visibility: [],
              site_visibility_curve: [],
              share_of_voice: [{ id: 'own', label: 'B', type: 'own', data: [{ x: '12.01.2026', y: 33.33 }] }],
            },
          },
        },
      }),
    });
    const store = useAnalyticsSummaryStore();
    await store.load(7, { neurals: [1, 2] });
    expect(requests[0].path).toBe('/api/projects/7/summary?neurals[]=1&neurals[]=2');
    expect(store.overallVisibility).toEqual({ value: 40, delta: 15 });
    expect(store.ownShareOfVoice).toEqual({ value: 33.33, delta: null });
  });
});

describe('analytics answers store', () => {
  const page = (ids: number[], cursor: string | null) => ({
    project: { id: 7, name: 'P', brand: 'B', domain: null },
    filters: {},
    next_cursor: cursor,
    has_more: cursor !== null,
    total_prompts: 3,
    total_mentions: 2,
    tableData: { has_answer: true, rows: ids.map((id) => ({ prompt: { id, value: `p${id}` }, data: [] })) },
    chartData: [],
  });

  it('appends pages over next_cursor until has_more is false, then stops asking', async () => {
    const requests = fakeTransport({
      'GET /api/projects/7/answers/visibility': (req) =>
        req.path.includes('cursor=c1') ? { body: page([3], null) } : { body: page([1, 2], 'c1') },
    });
    const store = useAnalyticsAnswersStore();
    await store.load(7, { dates: [], neurals: [], groups: [] });
    expect(store.visibilityRows.map((r) => r.prompt.id)).toEqual([1, 2]);
    expect(store.hasMore).toBe(true);

    await store.loadMore();
    expect(store.visibilityRows.map((r) => r.prompt.id)).toEqual([1, 2, 3]);
    expect(store.hasMore).toBe(false);
    expect(store.totals).toEqual({ prompts: 3, mentions: 2 });

    await store.loadMore();
    expect(requests).toHaveLength(2);
  });

  it('starts again from page one when a filter changes, and drops the stale answer', async () => {
    let resolveFirst: (() => void) | null = null;
    const transport: Transport = {
      kind: 'http',
      request: (req) =>
        new Promise((resolve) => {
          const body = req.path.includes('mention=has') ? page([9], null) : page([1, 2], 'c1');
          const answer = () => resolve({ status: 200, headers: {}, body: JSON.stringify(body) });
          if (req.path.includes('mention=has')) answer();
          else resolveFirst = answer;
        }),
    };
    setTransport(transport);
    const store = useAnalyticsAnswersStore();
    const slow = store.load(7, { dates: [], neurals: [], groups: [] });
    store.setOptions({ mention: 'has' });
    await new Promise((r) => setImmediate(r));
    (resolveFirst as unknown as () => void)();
    await slow;
    expect(store.visibilityRows.map((r) => r.prompt.id)).toEqual([9]);
  });
});

describe('analytics competitors store', () => {
  it('merges through the extension endpoint and reloads with the same filter', async () => {
    const requests = fakeTransport({
      'GET /api/projects/7/competitors': () => ({
        body: {
          project: {},
          filters: {},
          types: { key: 'Key' },
          data: {
            updateDates: [],
            firstUpdateDate: null,
            lastUpdateDate: null,
            tableData: [],
            excludedTableData: [],
            chartData: { visibility: [], mentions: [], share_of_voice: [] },
            radarChartData: {
              visibility: {
                labels: ['A', 'B'],
                datasets: [{ label: 'X', competitor_id: 1, type: 'competitor', data: [1, 2] }],
              },
              mentions: { labels: [], datasets: [] },
              share_of_voice: { labels: [], datasets: [] },
            },
          },
        },
      }),
      'POST /api/projects/7/competitors/5/merge': () => ({ body: { data: {} } }),
    });
    const store = useAnalyticsCompetitorsStore();
    await store.load(7, { groups: [10] });
    await store.merge(5, [6, 8]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/projects/7/competitors?groups[]=10',
      'POST /api/projects/7/competitors/5/merge',
      'GET /api/projects/7/competitors?groups[]=10',
    ]);
    expect(JSON.parse(requests[1].body!)).toEqual({ competitor_ids: [6, 8] });
    // Fewer than three networks: no radar.
    expect(store.radar).toBeNull();
  });
});

describe('re-analysis store', () => {
  const row = (status: string, progress: number) => ({
    id: 3,
    job_id: 9,
    status,
    reason: 'competitor_hidden',
    progress,
    answers_total: 10,
    answers_done: progress / 10,
    created_at: '2026-01-12T00:00:00.000Z',
    started_at: null,
    finished_at: null,
  });

  it('follows a queued re-analysis until it is done, then counts it finished', async () => {
    vi.useFakeTimers();
    try {
      const replies = [row('running', 40), row('running', 90), row('done', 100)];
      const requests = fakeTransport({
        'GET /api/projects/7/reanalyze': () => ({ body: { data: replies.shift() ?? row('done', 100) } }),
      });
      const store = useReanalysisStore();
      store.track(7, row('queued', 0) as any);
      expect(store.status[7]?.status).toBe('queued');
      await vi.advanceTimersByTimeAsync(REANALYSIS_POLL_MS);
      expect(store.status[7]).toMatchObject({ status: 'running', progress: 40 });
      expect(store.finished[7]).toBeUndefined();
      await vi.advanceTimersByTimeAsync(REANALYSIS_POLL_MS * 2);
      expect(store.status[7]?.status).toBe('done');
      expect(store.finished[7]).toBe(1);
      await vi.advanceTimersByTimeAsync(REANALYSIS_POLL_MS * 3);
      expect(requests).toHaveLength(3); // stopped polling once done
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the latest on follow and does not poll when nothing is going', async () => {
    const requests = fakeTransport({
      'GET /api/projects/7/reanalyze': () => ({ body: { data: null } }),
    });
    const store = useReanalysisStore();
    await store.follow(7);
    expect(store.status[7]).toBeNull();
    expect(requests).toHaveLength(1);
  });
});
