import type { EngineContext } from '../context';
import { getAppSettings } from '../app-settings/app-settings.service';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  /** Plain password (opened from its sealed form by getAppSettings). */
  password: string | null;
  from: string;
}

/**
 * The SMTP server of the app settings, or null when no host is set (then a notice is recorded
 * as an event only, decisions.md §9).
 */
export async function smtpSettings(ctx: EngineContext): Promise<SmtpSettings | null> {
  const { smtp } = await getAppSettings(ctx);
  if (!smtp.host) return null;
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    user: smtp.user || null,
    password: smtp.password,
    from: smtp.from || 'AnswerScope <answerscope@localhost>',
  };
}
