/**
 * Shapes the chart components take, and the pure helpers that turn API chart points into them.
 * API chart points carry `x` as `DD.MM.YYYY` (api-spec.md "Conventions"). No DOM here.
 */

/** One point of a time series: `x` is `DD.MM.YYYY` as the API sends it. */
export interface TimePoint {
  x: string;
  y: number | null;
}

/** A line of a LineChart. `key` identifies it (Vue key, legend); `color` defaults from the palette. */
export interface TimeSeries {
  key: string;
  label: string;
  color: string;
  points: TimePoint[];
  /** Dashed line (e.g. the overall `all` series, or a comparison period). */
  dashed?: boolean;
}

/** A bar group or radar dataset: one value per label, in label order. */
export interface ValueSeries {
  key: string;
  label: string;
  color: string;
  values: Array<number | null>;
}

/** A slice of a doughnut. */
export interface Slice {
  key: string;
  label: string;
  value: number;
  color: string;
}

/** `DD.MM.YYYY` → a sortable `YYYYMMDD` number; other forms (`YYYY-MM-DD`) are accepted too. */
export function dayKey(x: string): number {
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(x);
  if (dotted) return Number(`${dotted[3]}${dotted[2]}${dotted[1]}`);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(x);
  if (iso) return Number(`${iso[1]}${iso[2]}${iso[3]}`);
  return Number.NaN;
}

/** All x values of all series, each once, in date order: the shared category axis. */
export function unionDates(series: Array<{ points: TimePoint[] }>): string[] {
  const seen = new Set<string>();
  for (const s of series) for (const p of s.points) seen.add(p.x);
  return [...seen].sort((a, b) => dayKey(a) - dayKey(b));
}

/** Each series' y values aligned to `labels` (null where the series has no point: a gap). */
export function alignToDates(points: TimePoint[], labels: string[]): Array<number | null> {
  const byX = new Map(points.map((p) => [p.x, p.y]));
  return labels.map((x) => (byX.has(x) ? (byX.get(x) ?? null) : null));
}

/** `DD.MM.YYYY` or `YYYY-MM-DD` → a short date in the user's locale ("3 Mar" / "3 мар."). */
export function formatDay(x: string, locale: string, withYear = false): string {
  const key = dayKey(x);
  if (Number.isNaN(key)) return x;
  const y = Math.floor(key / 10000);
  const m = Math.floor((key % 10000) / 100);
  const d = key % 100;
  const date = new Date(Date.UTC(y, m - 1, d));
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

/** A number as the charts and tables show it: up to two decimals, locale separators. */
export function formatNumber(value: number | null | undefined, locale: string, unit = ''): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  return unit ? `${text}${unit === '%' ? '%' : ` ${unit}`}` : text;
}
