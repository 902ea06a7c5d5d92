import { describe, expect, it } from 'vitest';
import { foldSeries } from '../../../src-renderer/src/charts/fold';
import {
  chartSummary,
  chartTable,
  type SummaryText,
} from '../../../src-renderer/src/charts/text-alternative';

const text: SummaryText = {
  trend: (p) => `${p.series}: ${p.first} on ${p.from}, ${p.last} on ${p.to}`,
  part: (p) => `${p.label}: ${p.value}`,
  more: (count) => `and ${count} more`,
  noData: 'no data',
};
const format = { label: (l: string) => l, value: (v: number | null) => (v === null ? '—' : `${v}%`) };

describe('a chart as text', () => {
  it('tables a time series by date, with {x, y} points, gaps as null and the interval band left out', () => {
    const table = chartTable({
      labels: ['01.11.2026', '02.11.2026', '03.11.2026'],
      datasets: [
        { label: 'All', data: [{ x: '01.11.2026', y: 40 }, null, { x: '03.11.2026', y: 55 }] },
        { label: 'Demo', data: [10, 20, 30] },
        { label: '__band', data: [1, 2, 3] },
      ],
    });
    expect(table.columns).toEqual(['All', 'Demo']);
    expect(table.rows).toEqual([
      { label: '01.11.2026', values: [40, 10] },
      { label: '02.11.2026', values: [null, 20] },
      { label: '03.11.2026', values: [55, 30] },
    ]);
    expect(chartSummary(table, 'trend', text, format)).toBe(
      'All: 40% on 01.11.2026, 55% on 03.11.2026; Demo: 10% on 01.11.2026, 30% on 03.11.2026',
    );
  });

  it('summarises parts largest first and counts the rest', () => {
    const table = chartTable({
      labels: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      datasets: [{ data: [5, 70, 1, 9, 3, 8, 4] }],
    });
    expect(table.columns).toEqual(['']);
    expect(chartSummary(table, 'parts', text, format)).toBe('b: 70%; d: 9%; f: 8%; a: 5%; g: 4%; and 2 more');
  });

  it('says so when there is nothing to read', () => {
    expect(chartSummary(chartTable({ labels: [], datasets: [] }), 'trend', text, format)).toBe('no data');
  });
});

describe('folding many lines into "other"', () => {
  const line = (key: string, ys: Array<number | null>) => ({
    key,
    label: key,
    color: '#000000',
    points: ys.map((y, i) => ({ x: `0${i + 1}.11.2026`, y })),
  });

  it('keeps the top five and sums the rest date by date', () => {
    const series = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k, i) => line(k, [i, null, 1]));
    const folded = foldSeries(series, (count) => `Other (${count})`);
    expect(folded.map((s) => s.label)).toEqual(['a', 'b', 'c', 'd', 'e', 'Other (3)']);
    expect(folded[5].points).toEqual([
      { x: '01.11.2026', y: 5 + 6 + 7 },
      { x: '03.11.2026', y: 3 },
    ]);
  });

  it('leaves six lines or fewer alone (an "other" of one line hides a name for nothing)', () => {
    const series = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => line(k, [1]));
    expect(foldSeries(series, () => 'Other')).toBe(series);
  });
});
