import { describe, expect, it } from 'vitest';
import { nextRunAfter } from '../../src-main/engine/schedules/next-run';
import { zonedInstant } from '../../src-main/engine/schedules/zoned-time';
import { leastBusyWeekday, parseSchedule, type Schedule } from '../../src-main/engine/schedules/schedule';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

/** Local "YYYY-MM-DD HH:MM Www" of an instant in a zone. */
function local(date: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.weekday}`;
}

/** The next `count` runs, each computed from the one before (as the scheduler would). */
function calendar(schedule: Schedule, from: string, count: number, timeZone = BERLIN, hour = 6): string[] {
  const runs: string[] = [];
  let after = new Date(from);
  for (let i = 0; i < count; i++) {
    const next = nextRunAfter(schedule, after, hour, timeZone);
    if (!next) break;
    runs.push(local(next, timeZone));
    after = next;
  }
  return runs;
}

describe('nextRunAfter', () => {
  it('once_per_week runs on its weekday at the hour, across the spring DST change', () => {
    // Berlin moves to summer time on Sunday 2026-03-29.
    const runs = calendar({ type: 'once_per_week', detail: 1 }, '2026-03-20T12:00:00Z', 3);
    expect(runs).toEqual(['2026-03-23 06:00 Mon', '2026-03-30 06:00 Mon', '2026-04-06 06:00 Mon']);
    const first = nextRunAfter(
      { type: 'once_per_week', detail: 1 },
      new Date('2026-03-20T12:00:00Z'),
      6,
      BERLIN,
    );
    const second = nextRunAfter({ type: 'once_per_week', detail: 1 }, first!, 6, BERLIN);
    expect([first!.toISOString(), second!.toISOString()]).toEqual([
      '2026-03-23T05:00:00.000Z',
      '2026-03-30T04:00:00.000Z',
    ]);
  });

  it('runs later the same day when the hour has not passed yet, else the next matching day', () => {
    const monday = { type: 'once_per_week', detail: 1 } as Schedule;
    expect(local(nextRunAfter(monday, new Date('2026-03-23T04:59:00Z'), 6, BERLIN)!, BERLIN)).toBe(
      '2026-03-23 06:00 Mon',
    );
    expect(local(nextRunAfter(monday, new Date('2026-03-23T05:00:00Z'), 6, BERLIN)!, BERLIN)).toBe(
      '2026-03-30 06:00 Mon',
    );
  });

  it('twice_per_week and weekdays run on each listed day, across the new year', () => {
    expect(calendar({ type: 'twice_per_week', detail: [2, 5] }, '2026-12-27T00:00:00Z', 4)).toEqual([
      '2026-12-29 06:00 Tue',
      '2027-01-01 06:00 Fri',
      '2027-01-05 06:00 Tue',
      '2027-01-08 06:00 Fri',
    ]);
    expect(calendar({ type: 'weekdays', detail: '0,3,5' }, '2026-12-30T12:00:00Z', 5, BERLIN, 9)).toEqual([
      '2027-01-01 09:00 Fri',
      '2027-01-03 09:00 Sun',
      '2027-01-06 09:00 Wed',
      '2027-01-08 09:00 Fri',
      '2027-01-10 09:00 Sun',
    ]);
  });

  it('monthdays run a missing day 31 (or 29, 30) on the last day of the month, once', () => {
    expect(calendar({ type: 'monthdays', detail: '1,15,31' }, '2027-01-20T00:00:00Z', 10)).toEqual([
      '2027-01-31 06:00 Sun',
      '2027-02-01 06:00 Mon',
      '2027-02-15 06:00 Mon',
      '2027-02-28 06:00 Sun',
      '2027-03-01 06:00 Mon',
      '2027-03-15 06:00 Mon',
      '2027-03-31 06:00 Wed',
      '2027-04-01 06:00 Thu',
      '2027-04-15 06:00 Thu',
      '2027-04-30 06:00 Fri',
    ]);
    expect(calendar({ type: 'monthdays', detail: '30,31' }, '2027-02-01T00:00:00Z', 3)).toEqual([
      '2027-02-28 06:00 Sun',
      '2027-03-30 06:00 Tue',
      '2027-03-31 06:00 Wed',
    ]);
  });

  it('monthdays 29 runs on the leap day 2028-02-29 and on 28 February otherwise', () => {
    expect(calendar({ type: 'monthdays', detail: '29' }, '2028-01-01T00:00:00Z', 3)).toEqual([
      '2028-01-29 06:00 Sat',
      '2028-02-29 06:00 Tue',
      '2028-03-29 06:00 Wed',
    ]);
    expect(calendar({ type: 'monthdays', detail: '29' }, '2027-02-01T00:00:00Z', 1)).toEqual([
      '2027-02-28 06:00 Sun',
    ]);
    expect(calendar({ type: 'weekdays', detail: '2' }, '2028-02-23T12:00:00Z', 1)).toEqual([
      '2028-02-29 06:00 Tue',
    ]);
  });

  it('every_n_days counts calendar days from the last run, keeping the hour across DST', () => {
    // Berlin returns to winter time on Sunday 2026-10-25: 3 days after a 06:00 run is still 06:00.
    const lastRun = new Date('2026-10-23T04:00:00Z'); // 06:00 CEST
    const next = nextRunAfter({ type: 'every_n_days', detail: '3' }, lastRun, 6, BERLIN)!;
    expect(next.toISOString()).toBe('2026-10-26T05:00:00.000Z'); // 06:00 CET
    expect(calendar({ type: 'every_n_days', detail: '1' }, '2028-02-27T05:00:00Z', 3)).toEqual([
      '2028-02-28 06:00 Mon',
      '2028-02-29 06:00 Tue',
      '2028-03-01 06:00 Wed',
    ]);
    expect(calendar({ type: 'every_n_days', detail: '90' }, '2027-12-01T05:00:00Z', 1)).toEqual([
      '2028-02-29 06:00 Tue',
    ]);
  });

  it('handles New York DST: a skipped hour moves forward, a repeated hour runs once at its first occurrence', () => {
    // 2026-03-08 02:00 does not exist in New York (clocks jump to 03:00).
    const spring = nextRunAfter(
      { type: 'weekdays', detail: '0' },
      new Date('2026-03-07T12:00:00Z'),
      2,
      NEW_YORK,
    )!;
    expect(spring.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(local(spring, NEW_YORK)).toBe('2026-03-08 03:00 Sun');
    // 2026-11-01 01:00 happens twice (EDT, then EST): the first one.
    const fall = nextRunAfter(
      { type: 'weekdays', detail: '0' },
      new Date('2026-10-31T12:00:00Z'),
      1,
      NEW_YORK,
    )!;
    expect(fall.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    const after = nextRunAfter({ type: 'weekdays', detail: '0' }, fall, 1, NEW_YORK)!;
    expect(local(after, NEW_YORK)).toBe('2026-11-08 01:00 Sun');
    expect(calendar({ type: 'once_per_week', detail: 0 }, '2026-03-01T12:00:00Z', 2, NEW_YORK)).toEqual([
      '2026-03-08 06:00 Sun',
      '2026-03-15 06:00 Sun',
    ]);
  });

  it('with_update and paused have no time of their own', () => {
    const after = new Date('2026-01-01T00:00:00Z');
    expect(nextRunAfter({ type: 'with_update', detail: null }, after, 6, BERLIN)).toBeNull();
    expect(nextRunAfter({ type: 'paused', detail: null }, after, 6, BERLIN)).toBeNull();
  });

  it('works in UTC and in zones east of it', () => {
    expect(local(zonedInstant({ year: 2028, month: 2, day: 29 }, 0, 'Asia/Tokyo'), 'Asia/Tokyo')).toBe(
      '2028-02-29 00:00 Tue',
    );
    expect(calendar({ type: 'once_per_week', detail: 3 }, '2026-06-01T00:00:00Z', 1, 'UTC', 23)).toEqual([
      '2026-06-03 23:00 Wed',
    ]);
  });
});

describe('schedule validation and balancing', () => {
  it('parses the spec forms', () => {
    expect(parseSchedule({ type: 'weekdays', detail: [5, 0, 3] }, 'schedule', 'update')).toEqual({
      type: 'weekdays',
      detail: '0,3,5',
    });
    expect(() => parseSchedule({ type: 'with_update' }, 'schedule', 'update')).toThrow();
    expect(parseSchedule({ type: 'with_update' }, 'frequencySchedule', 'frequency')).toEqual({
      type: 'with_update',
      detail: null,
    });
  });

  it('picks the least busy weekday, working days first', () => {
    expect(leastBusyWeekday([])).toBe(1);
    expect(leastBusyWeekday([[1], [2], [3, 4]])).toBe(5);
    expect(
      leastBusyWeekday([
        [1, 2, 3, 4, 5],
        [1, 2, 3, 4, 5, 6],
      ]),
    ).toBe(0);
  });
});
