import { isValidMobile } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../lib/mailer';
import { noticeEmail } from './notices';

/**
 * Tell an applicant something by e-mail. Without an address it becomes a text message, and no
 * SMS gateway runs here: it only reaches the outbox, so the server warns (staff see it in the console).
 * The handlers' `ctx.mailer` queues the message (a `mail-notice` job, sent by whichever instance
 * takes it, once it is not busy answering requests or 30 s on, and retried with back-off), so this
 * returns once it is queued, not sent.
 */
export async function notifyUser(db: Executor, mailer: Mailer, log: FastifyBaseLogger, userId: number, subject: string, text: string): Promise<void> {
  const recipient = await noticeRecipient(db, userId);
  if (recipient) await sendNotice(mailer, log, recipient, subject, text);
}

export interface NoticeRecipient {
  userId: number;
  account: string;
  email: string;
  mobile: string;
}

/** Who a notice to the applicant goes to; read it first when the account is about to change (anonymisation). */
export async function noticeRecipient(db: Executor, userId: number): Promise<NoticeRecipient | undefined> {
  const [user] = await db.select({ account: users.account, email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? { userId, ...user } : undefined;
}

export async function sendNotice(mailer: Mailer, log: FastifyBaseLogger, user: NoticeRecipient, subject: string, text: string): Promise<void> {
  const to = noticeEmail(user);
  if (to) return mailer.sendMail({ to, subject, text, canWait: true });
  log.warn({ userId: user.userId, subject }, 'applicant has no e-mail address: the notice is not e-mailed (text message in the outbox only)');
  const mobile = isValidMobile(user.account) ? user.account : user.mobile;
  if (isValidMobile(mobile)) return mailer.sendSms({ to: mobile, text: `【${subject}】${text}`, canWait: true });
}
