import { addDays, isoDay } from '../../../src-shared/time';
import type { ComparisonPeriod, MainPeriod, PeriodRange } from '../../../src-shared/api/reports';

/**
 * Report periods resolved against the engine's clock, in whole UTC days (an update's date is
 * its UTC finish day, decisions.md §4). Both ends are inclusive.
 *
 * - `last_7_days` / `last_30_days`: the 7 (30) days ending today.
 * - `last_calendar_month`: the previous calendar month, first to last day.
 * - `custom`: the two given days.
 * - `prev_period` (comparison only): as many days as the main period, ending the day before it.
 */
export function resolveMainPeriod(kind: MainPeriod, dates: [string, string] | null, now: Date): PeriodRange {
  const today = isoDay(now);
  switch (kind) {
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_calendar_month': {
      const firstOfThisMonth = `${today.slice(0, 7)}-01`;
      const to = addDays(firstOfThisMonth, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'custom':
      if (!dates) throw new Error('custom period without dates');
      return { from: dates[0], to: dates[1] };
  }
}

export function resolveComparisonPeriod(
  kind: ComparisonPeriod,
  dates: [string, string] | null,
  main: PeriodRange,
  now: Date,
): PeriodRange {
  if (kind !== 'prev_period') return resolveMainPeriod(kind, dates, now);
  const length = periodDays(main);
  const to = addDays(main.from, -1);
  return { from: addDays(to, -(length - 1)), to };
}

/** Number of days in a period, both ends counted. */
export function periodDays(period: PeriodRange): number {
  return Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1;
}
