import {
  SCHEDULE_SOURCES,
  SCHEDULE_TYPES,
  type ScheduleSource,
  type ScheduleType,
} from '../../../src-shared/enums';
import { invalidField } from '../errors';

/**
 * A schedule as stored and as the API shows it (api-spec.md "Schedules"). `detail` keeps the
 * spec's forms: once_per_week one number, twice_per_week two numbers, weekdays and monthdays a
 * comma-separated string, every_n_days the string "N", with_update and paused null.
 */
export type ScheduleDetail = number | [number, number] | string | null;
export interface Schedule {
  type: ScheduleType;
  detail: ScheduleDetail;
}

/** A validated schedule whose once_per_week day is still to be balanced (no day was given). */
export type ScheduleInput = Schedule | { type: 'once_per_week'; detail: null };

export const PAUSED: Schedule = { type: 'paused', detail: null };
export const EVERY_N_DAYS_MAX = 90;

/**
 * Validates a schedule object of the PATCH settings body, accepting the spec's forms and the
 * obvious near-misses (a day as "3", days as an array). Errors name `<field>.type`,
 * `<field>.detail` or `<field>.source`.
 */
export function parseSchedule(raw: unknown, field: string, source: ScheduleSource): ScheduleInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalidField(field, `The ${field} field must be an object.`);
  const body = raw as { source?: unknown; type?: unknown; detail?: unknown };
  if (body.source !== undefined && body.source !== null && body.source !== source)
    throw invalidField(`${field}.source`, `The ${field}.source must be "${source}".`);
  if (typeof body.type !== 'string' || !(SCHEDULE_TYPES as readonly string[]).includes(body.type))
    throw invalidField(`${field}.type`, `The ${field}.type must be one of: ${SCHEDULE_TYPES.join(', ')}.`);
  const type = body.type as ScheduleType;
  const path = `${field}.detail`;
  const detail = body.detail;
  switch (type) {
    case 'with_update':
      if (source === 'update')
        throw invalidField(`${field}.type`, 'The parse schedule cannot run together with the update.');
      return { type, detail: null };
    case 'paused':
      return { type, detail: null };
    case 'once_per_week': {
      if (detail === undefined || detail === null || detail === '') return { type, detail: null };
      const days = numberList(detail, path, 0, 6);
      if (days.length !== 1) throw invalidField(path, 'Give one weekday, 0 (Sunday) to 6.');
      return { type, detail: days[0] };
    }
    case 'twice_per_week': {
      const days = numberList(detail, path, 0, 6);
      if (days.length !== 2 || days[0] === days[1])
        throw invalidField(path, 'Give two different weekdays, 0 (Sunday) to 6.');
      return { type, detail: [Math.min(...days), Math.max(...days)] as [number, number] };
    }
    case 'weekdays': {
      const days = distinctSorted(numberList(detail, path, 0, 6));
      if (!days.length) throw invalidField(path, 'Give at least one weekday, 0 (Sunday) to 6.');
      return { type, detail: days.join(',') };
    }
    case 'monthdays': {
      const days = distinctSorted(numberList(detail, path, 1, 31));
      if (!days.length) throw invalidField(path, 'Give at least one day of the month, 1 to 31.');
      return { type, detail: days.join(',') };
    }
    case 'every_n_days': {
      const n = numberList(detail, path, 1, EVERY_N_DAYS_MAX);
      if (n.length !== 1) throw invalidField(path, `Give N from 1 to ${EVERY_N_DAYS_MAX}.`);
      return { type, detail: String(n[0]) };
    }
  }
}

/** Numbers from `3`, `"3"`, `"1,4"`, `[1, 4]` or `["1", "4"]`, each an integer within bounds. */
function numberList(value: unknown, path: string, min: number, max: number): number[] {
  let items: unknown[];
  if (typeof value === 'number') items = [value];
  else if (typeof value === 'string') items = value.split(',').map((s) => s.trim());
  else if (Array.isArray(value)) items = value;
  else throw invalidField(path, `The ${path} field is required for this schedule type.`);
  return items.map((item) => {
    const n = typeof item === 'string' && /^\d{1,3}$/.test(item) ? Number(item) : item;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
      throw invalidField(path, `Each value of ${path} must be a whole number from ${min} to ${max}.`);
    return n;
  });
}

const distinctSorted = (ns: number[]) => [...new Set(ns)].sort((a, b) => a - b);

/** Reads a stored row back; anything unreadable counts as paused (manual only). */
export function scheduleFromRow(row: { type: string; detail: string | null } | undefined): Schedule {
  if (!row || !(SCHEDULE_TYPES as readonly string[]).includes(row.type)) return PAUSED;
  return { type: row.type as ScheduleType, detail: row.detail === null ? null : JSON.parse(row.detail) };
}

/** The weekdays (0–6) a schedule runs on, for balancing; monthly and N-day ones run on none in particular. */
export function weekdaysOf(schedule: Schedule): number[] {
  switch (schedule.type) {
    case 'once_per_week':
      return typeof schedule.detail === 'number' ? [schedule.detail] : [];
    case 'twice_per_week':
      return Array.isArray(schedule.detail) ? schedule.detail : [];
    case 'weekdays':
      return String(schedule.detail ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number);
    default:
      return [];
  }
}

/**
 * The weekday with the fewest scheduled projects (decisions.md §8). Ties go to the working days
 * first, Monday onward, so a fresh user's first projects land on Monday, Tuesday, …
 */
export function leastBusyWeekday(busyDays: number[][]): number {
  const counts = new Array(7).fill(0);
  for (const days of busyDays) for (const d of days) counts[d]++;
  const order = [1, 2, 3, 4, 5, 6, 0];
  return order.reduce((best, d) => (counts[d] < counts[best] ? d : best), order[0]);
}

export { SCHEDULE_SOURCES };
