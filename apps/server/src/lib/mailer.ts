import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Message {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** E-mail through SMTP, or the outbox without SMTP. */
  sendMail(message: Message): Promise<void>;
  /** Text message to a mobile number: no SMS gateway runs here, so it always goes to the outbox. */
  sendSms(message: Omit<Message, 'subject'>): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const outbox = join(options.dataDir, 'outbox');
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  const toOutbox = async (channel: 'mail' | 'sms', message: Message) => {
    await mkdir(outbox, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(outbox, `${stamp}-${channel}-${Math.random().toString(36).slice(2, 8)}.txt`);
    await writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\nChannel: ${channel}\n\n${message.text}\n`, 'utf8');
    options.log.info({ to: message.to, subject: message.subject, file }, `${channel} written to the outbox`);
  };

  return {
    async sendMail(message) {
      if (!transport) return toOutbox('mail', message);
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
      options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    sendSms: (message) => toOutbox('sms', { ...message, subject: '短信' }),
  };
}
