import { OTHER_COLOR } from './palette';
import type { TimeSeries } from './series';

/** How many lines a time chart of many items draws before folding the rest into "other". */
export const TOP_LINES = 5;

/**
 * Keeps the first `top` series (the caller's order: largest first) and sums the rest, date by
 * date, into one grey "other" line, so ten domains do not tangle into ten crossing lines. Only for
 * counts (citations), which add up; a date where no folded series has a value stays empty.
 */
export function foldSeries(
  series: TimeSeries[],
  otherLabel: (count: number) => string,
  top = TOP_LINES,
): TimeSeries[] {
  if (series.length <= top + 1) return series;
  const rest = series.slice(top);
  const sums = new Map<string, number>();
  for (const s of rest)
    for (const p of s.points) if (typeof p.y === 'number') sums.set(p.x, (sums.get(p.x) ?? 0) + p.y);
  return [
    ...series.slice(0, top),
    {
      key: '__other',
      label: otherLabel(rest.length),
      color: OTHER_COLOR,
      dashed: true,
      points: [...sums].map(([x, y]) => ({ x, y })),
    },
  ];
}
