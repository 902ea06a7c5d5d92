import { parseDay } from '../../../src-shared/time';
import {
  BLOCK_SLUGS,
  COMPARISON_PERIODS,
  MAIN_PERIODS,
  REPORT_SOURCE_TYPES,
  type BlockSlug,
  type ComparisonPeriod,
  type MainPeriod,
  type ReportOptions,
  type ReportSourceType,
} from '../../../src-shared/api/reports';
import { validationError, type FieldErrors } from '../errors';
import { blockDefinitions, type ReportLanguage } from './blocks/catalogue';

/** A POST body, checked: either full options, or a restart naming the report to repeat. */
export type CreateReportInput =
  | { source_type: 'manual' | 'automatic'; options: ReportOptions }
  | { source_type: 'restart'; restart_of: number };

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]+$/;
/** Caps (docs/api/reports.md): a report mails a team, not a list; there are nine block kinds. */
export const MAX_REPORT_EMAILS = 20;
export const MAX_REPORT_BLOCKS = 50;
const MAX_EMAIL_LENGTH = 254;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates a POST /reports body (api-spec.md "POST /api/projects/{project}/reports") and fills
 * the defaults. Every rule answers with the field's dotted path, all errors at once (422).
 * Written by hand rather than as a zod schema because most rules are conditional
 * (dates only for `custom`, comparison only when enabled).
 */
export function parseCreateReport(body: unknown, language: ReportLanguage): CreateReportInput {
  const errors: FieldErrors = {};
  const fail = (path: string, message: string) => (errors[path] ??= []).push(message);
  const input = isObject(body) ? body : {};

  if (input.status !== undefined && input.status !== 'queued') {
    fail('status', 'The selected status is invalid: a new report starts as queued.');
  }
  const sourceType = (input.source_type ?? 'manual') as ReportSourceType;
  if (!REPORT_SOURCE_TYPES.includes(sourceType)) {
    fail('source_type', `The selected source type is invalid (${REPORT_SOURCE_TYPES.join(', ')}).`);
  }

  const options = input.options;
  if (options === undefined || options === null) {
    fail('options', 'The options field is required.');
    throw validationError(errors);
  }
  if (!isObject(options)) {
    fail('options', 'The options field must be an object.');
    throw validationError(errors);
  }

  if (sourceType === 'restart') return readRestart(options, errors, fail);
  if (options.restart_of !== undefined && options.restart_of !== null) {
    fail('options.restart_of', 'The options.restart_of field is only accepted with source_type restart.');
  }

  const comparison = options.comparison_enabled;
  if (comparison === undefined || comparison === null) {
    fail('options.comparison_enabled', 'The options.comparison_enabled field is required.');
  } else if (typeof comparison !== 'boolean') {
    fail('options.comparison_enabled', 'The options.comparison_enabled field must be true or false.');
  }

  const { periodMain, mainDates } = readMainPeriod(options, fail);
  const { periodComparison, compareDates } = readComparisonPeriod(options, comparison === true, fail);

  const blocks = readBlocks(options.blocks, fail);
  const reportEmail = readEmails(options.report_email, 'options.report_email', fail);
  const failureEmail = readEmails(
    options.report_email_notifications,
    'options.report_email_notifications',
    fail,
  );

  const fileType = options.file_type ?? 'none';
  if (fileType !== 'none' && fileType !== 'pdf') {
    fail('options.file_type', 'The selected options.file_type is invalid (none, pdf).');
  }

  if (Object.keys(errors).length) throw validationError(errors);

  return {
    source_type: sourceType,
    options: {
      comparison_enabled: comparison as boolean,
      period_main: periodMain,
      period_comparison: periodComparison,
      period_main_dates: mainDates,
      period_compare_dates: compareDates,
      blocks: withDefinitions(blocks, language),
      report_email: reportEmail,
      report_email_notifications: failureEmail,
      file_type: fileType as 'none' | 'pdf',
    },
  };
}

type Fail = (path: string, message: string) => void;

/** A restart (docs/api/reports.md "Restart"): only the id of the report to build again. */
function readRestart(options: Record<string, unknown>, errors: FieldErrors, fail: Fail): CreateReportInput {
  const restartOf = options.restart_of;
  if (restartOf === undefined || restartOf === null) {
    fail('options.restart_of', 'The options.restart_of field is required when source_type is restart.');
  } else if (!Number.isSafeInteger(restartOf) || (restartOf as number) <= 0) {
    fail('options.restart_of', 'The options.restart_of field must be the id of a report.');
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return { source_type: 'restart', restart_of: restartOf as number };
}

/** The chosen blocks with their id, title, visibility and order from the block catalogue. */
function withDefinitions(blocks: ReturnType<typeof readBlocks>, language: ReportLanguage) {
  const definitions = blockDefinitions(language);
  return blocks.map(({ slug, checked }) => {
    const def = definitions.find((d) => d.slug === slug)!;
    return {
      id: def.id,
      slug,
      title: def.name,
      checked,
      visible: def.visible,
      block_order: def.block_order,
    };
  });
}

/** `period_main` and, for `custom`, its dates. */
function readMainPeriod(options: Record<string, unknown>, fail: Fail) {
  const periodMain = options.period_main as MainPeriod;
  let mainDates: [string, string] | null = null;
  if (periodMain === undefined || periodMain === null) {
    fail('options.period_main', 'The options.period_main field is required.');
  } else if (!MAIN_PERIODS.includes(periodMain)) {
    fail('options.period_main', `The selected options.period_main is invalid (${MAIN_PERIODS.join(', ')}).`);
  } else if (periodMain === 'custom') {
    mainDates = readDates(
      options.period_main_dates,
      'options.period_main_dates',
      'options.period_main',
      fail,
    );
  }
  return { periodMain, mainDates };
}

/** `period_comparison` and, for `custom`, its dates; read only when comparison is enabled. */
function readComparisonPeriod(options: Record<string, unknown>, enabled: boolean, fail: Fail) {
  let periodComparison: ComparisonPeriod | null = null;
  let compareDates: [string, string] | null = null;
  if (enabled) {
    periodComparison = options.period_comparison as ComparisonPeriod;
    if (periodComparison === undefined || periodComparison === null) {
      fail(
        'options.period_comparison',
        'The options.period_comparison field is required when comparison is enabled.',
      );
      periodComparison = null;
    } else if (!COMPARISON_PERIODS.includes(periodComparison)) {
      fail(
        'options.period_comparison',
        `The selected options.period_comparison is invalid (${COMPARISON_PERIODS.join(', ')}).`,
      );
    } else if (periodComparison === 'custom') {
      compareDates = readDates(
        options.period_compare_dates,
        'options.period_compare_dates',
        'options.period_comparison',
        fail,
      );
    }
  }
  return { periodComparison, compareDates };
}

function readDates(value: unknown, path: string, periodPath: string, fail: Fail): [string, string] | null {
  if (value === undefined || value === null) {
    fail(path, `The ${path} field is required when ${periodPath} is custom.`);
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) {
    fail(path, `The ${path} field must be an array of two dates (YYYY-MM-DD).`);
    return null;
  }
  const days = value.map((v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseDay(v) : null,
  );
  let ok = true;
  days.forEach((day, i) => {
    if (!day) {
      fail(`${path}.${i}`, `The ${path}.${i} field must be a date in the form YYYY-MM-DD.`);
      ok = false;
    }
  });
  if (!ok) return null;
  if (days[0]! > days[1]!) {
    fail(path, `The first date of ${path} must not be after the second.`);
    return null;
  }
  return [days[0]!, days[1]!];
}

function readBlocks(value: unknown, fail: Fail): Array<{ slug: BlockSlug; checked: boolean }> {
  if (value === undefined || value === null) {
    fail('options.blocks', 'The options.blocks field is required.');
    return [];
  }
  if (!Array.isArray(value)) {
    fail('options.blocks', 'The options.blocks field must be an array.');
    return [];
  }
  if (!value.length) {
    fail('options.blocks', 'The options.blocks field must have at least 1 item.');
    return [];
  }
  if (value.length > MAX_REPORT_BLOCKS) {
    fail('options.blocks', `The options.blocks field must not have more than ${MAX_REPORT_BLOCKS} items.`);
    return [];
  }
  const out: Array<{ slug: BlockSlug; checked: boolean }> = [];
  value.forEach((item, i) => {
    const slug = isObject(item) ? item.slug : undefined;
    const checked = isObject(item) ? (item.checked ?? true) : true;
    if (slug === undefined || slug === null)
      fail(`options.blocks.${i}.slug`, `The options.blocks.${i}.slug field is required.`);
    else if (!BLOCK_SLUGS.includes(slug as BlockSlug)) {
      fail(
        `options.blocks.${i}.slug`,
        `The selected options.blocks.${i}.slug is invalid (see GET /reports/blocks).`,
      );
    } else if (typeof checked !== 'boolean') {
      fail(`options.blocks.${i}.checked`, `The options.blocks.${i}.checked field must be true or false.`);
    } else if (!out.some((b) => b.slug === slug)) out.push({ slug: slug as BlockSlug, checked });
  });
  if (out.length && !out.some((b) => b.checked)) {
    fail('options.blocks', 'At least one block must be checked.');
  }
  return out;
}

/** A comma-separated string or an array of addresses; each must be a valid e-mail. */
function readEmails(value: unknown, path: string, fail: Fail): string[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown[];
  if (typeof value === 'string')
    list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  else if (Array.isArray(value)) list = value.map((v) => (typeof v === 'string' ? v.trim() : v));
  else {
    fail(path, `The ${path} field must be a comma-separated string or an array of e-mail addresses.`);
    return [];
  }
  if (list.length > MAX_REPORT_EMAILS) {
    fail(path, `The ${path} field must not have more than ${MAX_REPORT_EMAILS} addresses.`);
    return [];
  }
  const out: string[] = [];
  list.forEach((email, i) => {
    if (typeof email !== 'string' || email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) {
      fail(
        Array.isArray(value) ? `${path}.${i}` : path,
        `${JSON.stringify(email)} is not a valid e-mail address.`,
      );
    } else if (!out.includes(email)) out.push(email);
  });
  return out;
}
