// Date formats of the API (api-spec.md "Conventions").

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 UTC with microseconds and a trailing Z: 2026-11-21T23:36:42.000000Z */
export function isoMicro(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** `YYYY-MM-DD HH:MM:SS` (UTC), the form of parse.started_at / last_completed_at. */
export function sqlDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` (UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`, the chart point form. */
export function dottedDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** Accepts `YYYY-MM-DD` or `DD.MM.YYYY`; returns `YYYY-MM-DD`, or null when it is not a real date. */
export function parseDay(input: string): string | null {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(input);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dotted) [y, m, d] = [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** Adds whole days to a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}
