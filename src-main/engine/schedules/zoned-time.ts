/**
 * Wall-clock time in an IANA time zone with nothing but Intl: what local day an instant falls
 * on, and which instant a local day and hour name. Formatters are cached per zone.
 */
export interface LocalDay {
  year: number;
  month: number; // 1–12
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function localParts(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

export function localDayOf(instant: Date, timeZone: string): LocalDay {
  const p = localParts(instant.getTime(), timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

/**
 * The instant a local day and hour name. A time that does not exist (the hour skipped when
 * clocks go forward) moves forward by the gap, as clocks do: 02:00 becomes 03:00. A time that
 * occurs twice (clocks going back) is its first occurrence.
 */
export function zonedInstant(day: LocalDay, hour: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour);
  const before = offsetMinutes(wall - 86_400_000, timeZone);
  const after = offsetMinutes(wall + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((t) => {
      const p = localParts(t, timeZone);
      return p.year === day.year && p.month === day.month && p.day === day.day && p.hour === hour;
    })
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * 60_000);
}

/** Day arithmetic on calendar days (no time zone involved). */
export function addLocalDays(day: LocalDay, days: number): LocalDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export const weekdayOf = (day: LocalDay) => new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
export const daysInMonth = (day: LocalDay) => new Date(Date.UTC(day.year, day.month, 0)).getUTCDate();
