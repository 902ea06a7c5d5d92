/**
 * Numbers the screens derive from API shapes (latest value and its change, the overall series).
 * Pure, unit-tested in Node; stores expose them through `computed`.
 */
import { dayKey } from '../charts/series';

export interface ValueWithChange {
  value: number | null;
  /** Change from the previous point with data; null when there is no earlier point. */
  delta: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The last point of a series with a value, and its change from the point before it. */
export function latestWithChange(
  points: Array<{ x: string; y: number | null }>,
  field: 'y' | 'z' = 'y',
): ValueWithChange {
  const valued = points
    .filter((p) => typeof (p as Record<string, unknown>)[field] === 'number')
    .sort((a, b) => dayKey(a.x) - dayKey(b.x));
  if (valued.length === 0) return { value: null, delta: null };
  const last = (valued[valued.length - 1] as Record<string, unknown>)[field] as number;
  if (valued.length === 1) return { value: last, delta: null };
  const before = (valued[valued.length - 2] as Record<string, unknown>)[field] as number;
  return { value: last, delta: round2(last - before) };
}

/**
 * The series standing for "all networks": the `all` series when the API sends it (more than
 * one network), else the only network's series.
 */
export function overallSeries<S extends { id?: string | number; label: { system_name: string } }>(
  series: S[],
): S | null {
  return (
    series.find((s) => s.id === 'all' || s.label.system_name === 'all') ??
    (series.length === 1 ? series[0] : null)
  );
}

/** `up` / `down` / `not_changed` as an arrow character (tables use it next to the text). */
export function dynamicArrow(dynamic: string | null | undefined): string {
  return dynamic === 'up' ? '▲' : dynamic === 'down' ? '▼' : '•';
}

/** The most recent `limit` dates of a history table, oldest first (tables stay readable). */
export function recentDates(dates: string[], limit: number): string[] {
  const sorted = [...dates].sort((a, b) => dayKey(a) - dayKey(b));
  return sorted.slice(Math.max(0, sorted.length - limit));
}
