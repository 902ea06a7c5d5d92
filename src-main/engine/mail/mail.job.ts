import type { EngineContext } from '../context';
import type { Db } from '../db/connection';
import type { JobHandler } from '../jobs/queue';
import { JOB } from '../job-catalogue';
import { sendMail, type MailMessage } from './mailer';

/**
 * `mail.send`: one message. Delivery is at least once: a crash after the SMTP server accepted
 * the message but before the job was marked done sends it again on restart (a duplicate notice
 * is better than a lost one). SMTP errors are retried by the queue (3 attempts, backing off).
 */
export const mailSendJob =
  (ctx: EngineContext): JobHandler<MailMessage> =>
  async (message) => {
    await sendMail(ctx, message);
  };

/** Queues one message; inside the caller's transaction when `db` is given. */
export async function queueMail(ctx: EngineContext, message: MailMessage, db?: Db): Promise<void> {
  if (!message.to.length) return;
  await ctx.jobs.enqueue(JOB.mailSend, message, { maxAttempts: 3, db });
}
