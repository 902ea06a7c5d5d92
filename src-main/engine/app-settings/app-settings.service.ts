import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { invalidField } from '../errors';
import { requireAdmin } from '../account/users';
import { isTimeZone } from '../schedules/zoned-time';
import type { AppSettings, AppSettingsPatch } from '../../../src-shared/api/core';
import type { Theme, UiLanguage } from '../../../src-shared/enums';

/**
 * Machine-wide settings, one row per key in `app_settings` (JSON values). Others read them with
 * `getAppSettings(ctx)`: collection uses the analysis model and the schedule hour and zone,
 * reports use SMTP. The SMTP password is sealed at rest and only `getAppSettings` opens it.
 */
export interface EngineAppSettings {
  analysis_neural_id: number | null;
  schedule_hour: number;
  time_zone: string;
  language: UiLanguage;
  theme: Theme;
  /** Fetch site icons once from the sites themselves (favicons.service.ts); off: letter badges only. */
  fetch_favicons: boolean;
  smtp: {
    host: string | null;
    port: number;
    secure: boolean;
    user: string | null;
    from: string | null;
    /** Plain password, for the mailer only; never in a response. */
    password: string | null;
  };
}

export const systemTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const defaults = (): Omit<EngineAppSettings, 'smtp'> & { smtp: StoredSmtp } => ({
  analysis_neural_id: null,
  schedule_hour: 6,
  time_zone: systemTimeZone(),
  language: 'en',
  theme: 'system',
  fetch_favicons: true,
  smtp: { host: null, port: 587, secure: false, user: null, from: null, password: null },
});

/** Settings stored as they are sent (SMTP, with its sealed password, is apart). */
const PLAIN_KEYS = [
  'analysis_neural_id',
  'schedule_hour',
  'time_zone',
  'language',
  'theme',
  'fetch_favicons',
] as const;

type StoredSmtp = Omit<EngineAppSettings['smtp'], 'password'> & { password: string | null /* sealed */ };
type Stored = ReturnType<typeof defaults>;

async function readStored(ctx: EngineContext): Promise<Stored> {
  const rows = await ctx.db.selectFrom('app_settings').selectAll().execute();
  const stored = defaults();
  const values = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
  for (const key of PLAIN_KEYS)
    if (values[key] !== undefined && values[key] !== null)
      (stored as Record<string, unknown>)[key] = values[key];
  if (values.smtp) stored.smtp = { ...stored.smtp, ...values.smtp };
  // A zone this machine no longer knows falls back to its own rather than breaking schedules.
  if (!isTimeZone(stored.time_zone)) stored.time_zone = systemTimeZone();
  return stored;
}

/** The settings with the SMTP password opened: for the engine's own use, never for a response. */
export async function getAppSettings(ctx: EngineContext): Promise<EngineAppSettings> {
  const stored = await readStored(ctx);
  return {
    ...stored,
    smtp: { ...stored.smtp, password: stored.smtp.password ? ctx.secrets.open(stored.smtp.password) : null },
  };
}

export async function readAppSettings(ctx: EngineContext): Promise<AppSettings> {
  return toAppSettings(await readStored(ctx));
}

/**
 * Partial save: sent fields change, null resets one to its default (for `smtp`, the whole block;
 * for `smtp.password`, clears it). Only an administrator may change machine settings (403).
 */
export async function updateAppSettings(
  ctx: EngineContext,
  user: UserRow,
  input: AppSettingsPatch,
): Promise<AppSettings> {
  requireAdmin(user);
  if (input.analysis_neural_id !== undefined && input.analysis_neural_id !== null) {
    const neural = await ctx.db
      .selectFrom('neurals')
      .select(['provider', 'system_name'])
      .where('id', '=', input.analysis_neural_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!neural)
      throw invalidField('analysis_neural_id', 'The selected analysis model is not in the catalogue.');
    if (neural.provider === 'demo')
      throw invalidField(
        'analysis_neural_id',
        'The demo network writes synthetic answers and cannot analyse.',
      );
  }
  if (input.time_zone && !isTimeZone(input.time_zone))
    throw invalidField('time_zone', 'The time zone must be an IANA name such as Europe/Berlin.');

  const current = await readStored(ctx);
  const writes: Array<[string, unknown]> = [];
  for (const key of PLAIN_KEYS) if (input[key] !== undefined) writes.push([key, input[key]]);
  if (input.smtp !== undefined) {
    const smtp: StoredSmtp =
      input.smtp === null
        ? defaults().smtp
        : { ...current.smtp, ...withoutPassword(input.smtp, defaults().smtp) };
    if (input.smtp && input.smtp.password !== undefined)
      smtp.password = input.smtp.password ? ctx.secrets.seal(input.smtp.password) : null;
    writes.push(['smtp', smtp]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const [key, value] of writes) {
      if (value === null) await trx.deleteFrom('app_settings').where('key', '=', key).execute();
      else
        await trx
          .insertInto('app_settings')
          .values({ key, value: JSON.stringify(value) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
          .execute();
    }
  });
  return readAppSettings(ctx);
}

/** The sent SMTP fields other than the password, nulls of non-nullable ones reset to defaults. */
function withoutPassword(smtp: NonNullable<AppSettingsPatch['smtp']>, base: StoredSmtp) {
  const out: Partial<StoredSmtp> = {};
  if (smtp.host !== undefined) out.host = smtp.host || null;
  if (smtp.user !== undefined) out.user = smtp.user || null;
  if (smtp.from !== undefined) out.from = smtp.from || null;
  if (smtp.port !== undefined) out.port = smtp.port ?? base.port;
  if (smtp.secure !== undefined) out.secure = smtp.secure ?? base.secure;
  return out;
}

const toAppSettings = (s: Stored): AppSettings => ({
  analysis_neural_id: s.analysis_neural_id,
  schedule_hour: s.schedule_hour,
  time_zone: s.time_zone,
  language: s.language,
  theme: s.theme,
  fetch_favicons: s.fetch_favicons,
  smtp: {
    host: s.smtp.host,
    port: s.smtp.port,
    secure: s.smtp.secure,
    user: s.smtp.user,
    from: s.smtp.from,
    password_set: s.smtp.password !== null,
  },
});
