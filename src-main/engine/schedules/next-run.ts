import type { Schedule } from './schedule';
import { addLocalDays, daysInMonth, localDayOf, weekdayOf, zonedInstant, type LocalDay } from './zoned-time';

const SEARCH_DAYS = 400;

/**
 * When a schedule next runs, strictly after `after`, at `hour` o'clock local time in
 * `timeZone` (the app settings' schedule hour and zone). Pure, for the scheduler ticker.
 *
 * - once_per_week / twice_per_week / weekdays: the next listed weekday (0 = Sunday).
 * - monthdays: the next listed day of the month; a day the month lacks (31 in April, 29–31 in
 *   February) runs on the month's last day instead, once, so "31" means "the last day".
 * - every_n_days: `after` is the last run; the next is N local days later at the hour, counted
 *   on the calendar (not N × 24 h, so a DST change does not shift the hour).
 * - with_update: never on its own clock; it runs with the parse run. paused: manual only.
 *   Both give null.
 *
 * A run time that falls in a DST gap moves forward by the gap (see `zonedInstant`).
 */
export function nextRunAfter(schedule: Schedule, after: Date, hour: number, timeZone: string): Date | null {
  const start = localDayOf(after, timeZone);
  if (schedule.type === 'every_n_days') {
    const n = Number(schedule.detail);
    if (!Number.isInteger(n) || n < 1) return null;
    return zonedInstant(addLocalDays(start, n), hour, timeZone);
  }
  const runsOn = dayMatcher(schedule);
  if (!runsOn) return null;
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = addLocalDays(start, i);
    if (!runsOn(day)) continue;
    const at = zonedInstant(day, hour, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

function dayMatcher(schedule: Schedule): ((day: LocalDay) => boolean) | null {
  const list = (detail: Schedule['detail']) =>
    (Array.isArray(detail) ? detail : String(detail ?? '').split(','))
      .map(Number)
      .filter((n) => Number.isInteger(n));
  switch (schedule.type) {
    case 'once_per_week':
    case 'twice_per_week':
    case 'weekdays': {
      const days = new Set(
        schedule.type === 'once_per_week' ? [Number(schedule.detail)] : list(schedule.detail),
      );
      return (day) => days.has(weekdayOf(day));
    }
    case 'monthdays': {
      const days = list(schedule.detail);
      return (day) => {
        const last = daysInMonth(day);
        return days.some((d) => d === day.day || (d > last && day.day === last));
      };
    }
    default:
      return null;
  }
}
