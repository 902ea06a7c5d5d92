import nodemailer from 'nodemailer';
import type { EngineContext } from '../context';
import { smtpSettings } from './smtp-settings';

export interface MailMessage {
  project_id: number | null;
  user_id: number | null;
  to: string[];
  subject: string;
  text: string;
}

export type MailOutcome = 'sent' | 'recorded';

/**
 * Sends a message over the SMTP server of the app settings (nodemailer). Without SMTP the
 * notice is recorded as a `notice` event instead, so it is still seen in the app. An SMTP error
 * throws: the mail job retries it.
 */
export async function sendMail(ctx: EngineContext, message: MailMessage): Promise<MailOutcome> {
  if (!message.to.length) return 'recorded';
  const smtp = await smtpSettings(ctx);
  if (!smtp) {
    await ctx.events.record({
      project_id: message.project_id,
      user_id: message.user_id,
      type: 'notice',
      message: `E-mail not sent (no SMTP server set) to ${message.to.join(', ')}: ${message.subject}`,
    });
    return 'recorded';
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    // Local relays and test sinks often have self-signed certificates.
    tls: { rejectUnauthorized: false },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({
      from: smtp.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  } finally {
    transport.close();
  }
  return 'sent';
}
