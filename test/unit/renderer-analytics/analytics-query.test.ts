import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../../src-shared/query';
import {
  DEFAULT_ANSWERS_OPTIONS,
  DEFAULT_COMPARISON,
  answersQuery,
  compactQuery,
  filterToQuery,
  nonUpdateDays,
  parseSavedFilter,
  reconcileFilter,
} from '../../../src-renderer/src/stores/analytics-query';
import {
  latestWithChange,
  overallSeries,
  recentDates,
} from '../../../src-renderer/src/stores/analytics-derive';

const choices = {
  neurals: [{ id: 1 }, { id: 2 }],
  groups: [{ id: 10 }, { id: 11 }],
  update_dates: ['2026-01-05', '2026-01-12', '2026-01-19'],
};

describe('filterToQuery', () => {
  it('sends nothing for the whole period, all networks and all groups', () => {
    expect(filterToQuery({ dates: [], neurals: [], groups: [] })).toEqual({});
  });

  it('sends dates[] with both ends in order and sorted id arrays, in bracket form', () => {
    const query = filterToQuery({ dates: ['2026-01-19', '2026-01-05'], neurals: [2, 1], groups: [11] });
    expect(query).toEqual({ dates: ['2026-01-05', '2026-01-19'], neurals: [1, 2], groups: [11] });
    expect(buildQuery(query)).toBe(
      'dates[]=2026-01-05&dates[]=2026-01-19&neurals[]=1&neurals[]=2&groups[]=11',
    );
  });

  it('leaves out a half-chosen date range', () => {
    expect(filterToQuery({ dates: ['2026-01-05'], neurals: [], groups: [] })).toEqual({});
  });
});

describe('reconcileFilter', () => {
  it('drops networks and groups the project no longer has', () => {
    expect(reconcileFilter({ dates: [], neurals: [1, 3], groups: [11, 12] }, choices)).toEqual({
      dates: [],
      neurals: [1],
      groups: [11],
    });
  });

  it('snaps a saved range into the update dates and forgets one that covers none', () => {
    expect(reconcileFilter({ dates: ['2025-12-01', '2026-01-13'] }, choices).dates).toEqual([
      '2026-01-05',
      '2026-01-13',
    ]);
    expect(reconcileFilter({ dates: ['2025-01-01', '2025-02-01'] }, choices).dates).toEqual([]);
  });

  it('treats unreadable storage as no saved filter', () => {
    expect(parseSavedFilter('{oops')).toBeNull();
    expect(parseSavedFilter(JSON.stringify({ dates: ['x', 'y'], neurals: [1, 'a'], groups: null }))).toEqual({
      dates: [],
      neurals: [1],
      groups: [],
    });
  });
});

describe('nonUpdateDays', () => {
  it('lists the days between updates that the date picker disables', () => {
    expect(nonUpdateDays(['2026-01-01', '2026-01-04'])).toEqual(['2026-01-02', '2026-01-03']);
    expect(nonUpdateDays([])).toEqual([]);
  });
});

describe('answersQuery', () => {
  const shared = { dates: ['2026-01-05', '2026-01-19'], neurals: [1], groups: [10] };
  const page = { perPage: 50, cursor: null };

  it('sends the shared filter, the tab filters and the sort to the visibility tab', () => {
    const query = compactQuery(
      answersQuery(
        'visibility',
        shared,
        {
          ...DEFAULT_ANSWERS_OPTIONS,
          prompt: ' best ',
          mention: 'has',
          sortField: 'visibility_sort',
          sortOrder: 'asc',
        },
        DEFAULT_COMPARISON,
        { perPage: 50, cursor: 'abc' },
      ),
    );
    expect(query).toEqual({
      dates: ['2026-01-05', '2026-01-19'],
      neurals: [1],
      groups: [10],
      prompt: 'best',
      mention: 'has',
      sortField: 'visibility_sort',
      sortOrder: 'asc',
      per_page: 50,
      cursor: 'abc',
    });
  });

  it('sends no sort order without a sort field', () => {
    const query = compactQuery(
      answersQuery('history', shared, DEFAULT_ANSWERS_OPTIONS, DEFAULT_COMPARISON, page),
    );
    expect(query).not.toHaveProperty('sortOrder');
  });

  it('gives the comparison tab one network and two dates, never dates[] or neurals[]', () => {
    const query = compactQuery(
      answersQuery(
        'comparison',
        shared,
        { ...DEFAULT_ANSWERS_OPTIONS, mention: 'has' },
        { neural: 2, date1: '2026-01-05', date2: '2026-01-19', presence: 'brand_has' },
        page,
      ),
    );
    expect(query).toEqual({
      groups: [10],
      neural: 2,
      date1: '2026-01-05',
      date2: '2026-01-19',
      presence: 'brand_has',
      per_page: 50,
    });
  });

  it('gives sources-history the Sources filter set without a cursor', () => {
    const query = compactQuery(
      answersQuery(
        'sources-history',
        shared,
        { ...DEFAULT_ANSWERS_OPTIONS, prompt: 'x' },
        DEFAULT_COMPARISON,
        page,
      ),
    );
    expect(query).toEqual({ dates: shared.dates, neurals: [1], groups: [10], prompt_search: 'x' });
  });
});

describe('derived numbers', () => {
  it('takes the last value and its change from the previous point, in date order', () => {
    expect(
      latestWithChange([
        { x: '12.01.2026', y: 40 },
        { x: '05.01.2026', y: 30.5 },
        { x: '19.01.2026', y: null },
      ]),
    ).toEqual({ value: 40, delta: 9.5 });
    expect(latestWithChange([{ x: '05.01.2026', y: 30 }])).toEqual({ value: 30, delta: null });
    expect(latestWithChange([])).toEqual({ value: null, delta: null });
  });

  it('finds the overall series, or the only one', () => {
    const one = { id: 1, label: { system_name: 'demo' } };
    const all = { id: 'all', label: { system_name: 'all' } };
    expect(overallSeries([one, all])).toBe(all);
    expect(overallSeries([one])).toBe(one);
    expect(overallSeries([one, { id: 2, label: { system_name: 'x' } }])).toBeNull();
  });

  it('keeps the most recent dates, oldest first', () => {
    expect(recentDates(['19.01.2026', '05.01.2026', '12.01.2026'], 2)).toEqual(['12.01.2026', '19.01.2026']);
  });
});
