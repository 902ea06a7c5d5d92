/**
 * Dates in the user's locale. The API gives ISO 8601 UTC (`2026-01-31T10:00:00.000000Z`), the
 * `YYYY-MM-DD HH:MM:SS` form (UTC) in `parse.*_at`, days as `YYYY-MM-DD` and chart points as
 * `DD.MM.YYYY`; all of them are read here.
 */
export function parseApiDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  let text = value.trim();
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (dotted) text = `${dotted[3]}-${dotted[2]}-${dotted[1]}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text)) text = `${text.replace(' ', 'T')}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day (no time), e.g. "31 Jan 2026" / "31 янв. 2026 г.". Days are UTC dates. */
export function formatDay(value: string | null | undefined, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A moment in the user's time zone, e.g. "31 Jan 2026, 13:05". */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number | null | undefined, locale: string, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}
