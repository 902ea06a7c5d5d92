/** Number and date formatting of the print view, in the report's locale. */
export function fmt(value: number | null | undefined, locale: string, unit = ''): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  return unit === '%' ? `${text}%` : unit ? `${text} ${unit}` : text;
}

/** `YYYY-MM-DD` → a long date in the locale ("3 March 2026"). */
export function fmtDay(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function fmtRange(range: { from: string; to: string } | null, locale: string): string {
  if (!range) return '—';
  return range.from === range.to
    ? fmtDay(range.from, locale)
    : `${fmtDay(range.from, locale)} — ${fmtDay(range.to, locale)}`;
}

/** The change between two values, signed, for "side by side" comparisons. */
export function delta(main: number | null | undefined, comparison: number | null | undefined): number | null {
  if (main === null || main === undefined || comparison === null || comparison === undefined) return null;
  return Math.round((main - comparison) * 100) / 100;
}
