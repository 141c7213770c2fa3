import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { JobAttempt, JobOptions, Jobs, WorkOptions } from './jobs';

export interface Message {
  to: string;
  subject: string;
  text: string;
  /**
   * A notice (a confirmation, a decision, a reminder): it may wait up to MAIL_WAIT_SECONDS while
   * the instance is busy answering requests. Unset, the message goes at once (a code, a warning).
   */
  canWait?: boolean;
}

export interface Mailer {
  /** E-mail through SMTP, or the outbox without SMTP. An aborted `signal` takes a message still waiting for a connection out of the pool. */
  sendMail(message: Message, options?: { signal?: AbortSignal }): Promise<void>;
  /** Text message to a mobile number: no SMS gateway runs here, so it always goes to the outbox. */
  sendSms(message: Omit<Message, 'subject'>): Promise<void>;
  /** Lets go of open connections (SMTP's pool), once nothing sends any more. */
  close?(): void;
}

/**
 * SMTP connections a process keeps open and reuses. The mail workers have up to forty messages on
 * their way at once by default (`MAIL_BATCH` per slot, JOB_CONCURRENCY slots, 2 by default, for
 * each of the two kinds); one connection each would be a TLS handshake a message, and more
 * connections than mail providers tend to allow a sender.
 */
const SMTP_CONNECTIONS = 5;

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const outbox = join(options.dataDir, 'outbox');
  // Timeouts well inside a mail job's two minutes (nodemailer's own socket timeout is ten minutes):
  // the worker gives up an attempt still running near its batch's expiry, aborting it, and the
  // retry sends it again. A message still waiting in the pool's queue then goes no further.
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      })
    : undefined;

  const toOutbox = async (channel: 'mail' | 'sms', message: Message) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(outbox, `${stamp}-${channel}-${Math.random().toString(36).slice(2, 8)}.txt`);
    const write = () => writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\nChannel: ${channel}\n\n${message.text}\n`, 'utf8');
    // The folder is made when a write finds it missing (the first, or after it was removed), not
    // for every message: a deadline's confirmations come hundreds a second.
    await write().catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(outbox, { recursive: true });
      await write();
    });
    options.log.info({ to: message.to, subject: message.subject, file }, `${channel} written to the outbox`);
  };

  return {
    async sendMail(message, { signal } = {}) {
      if (!transport) return toOutbox('mail', message);
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, ...(signal ? { signal } : {}) });
      options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    sendSms: (message) => toOutbox('sms', { ...message, subject: '短信' }),
    close: () => transport?.close(),
  };
}

/** The queue's kind for one e-mail or text message that goes at once: a code, a warning, an account's password. */
export const MAIL_JOB = 'mail';
/** The queue's kind for a notice (`canWait`): it may wait while the instance is busy answering requests. */
export const NOTICE_MAIL_JOB = 'mail-notice';
/** Both kinds of messages, for whoever waits until every message is sent. */
export const MAIL_JOBS: readonly string[] = [MAIL_JOB, NOTICE_MAIL_JOB];

interface MailJob {
  channel: 'mail' | 'sms';
  message: Message;
}

/**
 * A failing mail server is tried again 5 times over 5–10 minutes (10 s, doubling); a message
 * still unsent is logged as an error. Its row (a verification code among them) goes an hour later.
 */
const MAIL_JOB_OPTIONS = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 3600 } satisfies JobOptions;

/**
 * A Mailer that only queues: every message becomes a job (`mail`, or `mail-notice` for a notice
 * that can wait), sent through `transport` by whichever instance works it (`workMail`), with
 * retries and back-off. Resolves once queued.
 */
export function queuedMailer(jobs: Jobs): Mailer {
  const queue = (job: MailJob) => jobs.send<MailJob>(job.message.canWait ? NOTICE_MAIL_JOB : MAIL_JOB, job, MAIL_JOB_OPTIONS);
  return {
    sendMail: async (message) => void (await queue({ channel: 'mail', message })),
    sendSms: async (message) => void (await queue({ channel: 'sms', message: { ...message, subject: '短信' } })),
  };
}

/**
 * Messages a mail worker takes from the queue at once and sends together (on pg-boss). At a deadline
 * every submission queues its confirmation: one by one, taking and settling the jobs cost the
 * server and the database more than sending them, beside the submissions themselves. With the
 * default two slots, up to twenty messages of a kind are on their way at once.
 */
const MAIL_BATCH = 10;

/**
 * How long a batch of notices waits, at most, while the instance is busy answering requests
 * (`waitWhileBusySeconds`, docs/decisions.md): at a deadline the confirmations go out between
 * submissions or just after them, not ahead of the next one. Codes have a kind of their own, so
 * that they never wait behind notices.
 */
export const MAIL_WAIT_SECONDS = 30;

/** Work both kinds of messages through the real transport (`batchSize`: for the bench's comparison). */
export async function workMail(jobs: Jobs, transport: Mailer, log: FastifyBaseLogger, batchSize = MAIL_BATCH): Promise<void> {
  const options: WorkOptions<MailJob> = {
    batchSize,
    // Two messages to one person arrive in the order they were written (a confirmation, then a
    // decision: both notices, so both of one kind).
    sequence: ({ message }) => message.to,
    onFailed: async ({ channel, message }) => log.error({ channel, to: message.to, subject: message.subject }, 'message not sent: no retry left'),
  };
  const send = async ({ channel, message }: MailJob, { signal }: JobAttempt) =>
    channel === 'sms' ? transport.sendSms({ to: message.to, text: message.text }) : transport.sendMail(message, { signal });
  await jobs.work<MailJob>(MAIL_JOB, options, send);
  // Waiting needs batches: the bench's comparison of one job a fetch (batchSize 1) sends notices at once.
  await jobs.work<MailJob>(NOTICE_MAIL_JOB, { ...options, ...(batchSize > 1 ? { waitWhileBusySeconds: MAIL_WAIT_SECONDS } : {}) }, send);
}
