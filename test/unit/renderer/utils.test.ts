import { describe, it, expect } from 'vitest';
import { toCsv, csvFileName } from '../../../src-renderer/src/utils/csv';
import { parseApiDate, formatDay } from '../../../src-renderer/src/utils/dates';
import { describeSchedule } from '../../../src-renderer/src/utils/schedule';

describe('CSV export', () => {
  it('quotes separators and quotes, keeps UTF-8 with a BOM and neutralises formulas', () => {
    const csv = toCsv(
      [{ name: 'Ёлка, "Moscow"', value: 12.5, formula: '=HYPERLINK("x")', list: ['a', 'b'] }],
      [
        { header: 'Name', value: (r) => r.name },
        { header: 'Value', value: (r) => r.value },
        { header: 'Formula', value: (r) => r.formula },
        { header: 'List', value: (r) => r.list },
      ],
    );
    expect(csv).toBe(
      '\uFEFFName,Value,Formula,List\r\n"Ёлка, ""Moscow""",12.5,"\'=HYPERLINK(""x"")","a, b"\r\n',
    );
  });

  it('keeps negative numbers as numbers', () => {
    expect(toCsv([{ d: -3.5 }], [{ header: 'Delta', value: (r) => r.d }])).toContain('\r\n-3.5\r\n');
  });

  it('makes safe file names', () => {
    expect(csvFileName('Acme Tools', 'competitors', 3)).toBe('acme-tools-competitors-3.csv');
  });
});

describe('API dates', () => {
  it('reads every form the API uses', () => {
    expect(parseApiDate('2026-01-31T10:00:00.000000Z')?.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(parseApiDate('2026-01-31 10:00:00')?.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(parseApiDate('2026-01-31')?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(parseApiDate('31.01.2026')?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(parseApiDate('nonsense')).toBeNull();
  });

  it('formats a day in the user locale without shifting it across time zones', () => {
    expect(formatDay('2026-01-31', 'en-GB')).toBe('31 Jan 2026');
    expect(formatDay('2026-01-31', 'ru-RU')).toMatch(/^31 янв/);
  });
});

describe('schedule labels', () => {
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  it('names the days of a schedule', () => {
    expect(describeSchedule({ source: 'update', type: 'once_per_week', detail: 1 }, 'en', days)).toBe(
      'Once a week: Monday',
    );
    expect(describeSchedule({ source: 'update', type: 'weekdays', detail: '1,3' }, 'en', days)).toBe(
      'On chosen weekdays: Monday, Wednesday',
    );
    expect(describeSchedule({ source: 'update', type: 'paused', detail: null }, 'en', days)).toBe(
      'Manual only',
    );
  });
});
