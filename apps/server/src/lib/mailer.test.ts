import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../test/silent-log';
import { createMailer, type Mailer } from './mailer';

describe('createMailer without SMTP', () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes every message into the outbox, which it makes again when it was removed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flagship-mailer-'));
    made.push(dataDir);
    const mailer = createMailer({ smtpUrl: undefined, from: 'flagship@example.org', dataDir, log: silentLog });
    const outbox = join(dataDir, 'outbox');
    await mailer.sendMail({ to: 'a@example.org', subject: '申报已提交', text: '第一封' });
    rmSync(outbox, { recursive: true });
    await mailer.sendMail({ to: 'b@example.org', subject: '申报已提交', text: '第二封' });
    await mailer.sendSms({ to: '13900000000', text: '验证码：123456' });
    const files = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
    expect(files.map((text) => text.split('\n')[0]).sort()).toEqual(['To: 13900000000', 'To: b@example.org']);
    expect(files.find((text) => text.includes('b@example.org'))).toContain('第二封');
  });
});

describe('createMailer with SMTP', () => {
  let server: SMTPServer | undefined;
  let mailer: Mailer | undefined;
  const made: string[] = [];
  afterEach(async () => {
    mailer?.close?.();
    mailer = undefined;
    made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /**
   * A mailer sending to a real SMTP server on this machine, which records each connection and
   * each message's recipients, after `delayMs` (a slow server).
   */
  const mailerToServer = async (delayMs = 0) => {
    const connections: string[] = [];
    const received: string[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (session, callback) => {
        connections.push(session.id);
        callback();
      },
      onData: (stream, session, callback) => {
        stream.resume();
        stream.on('end', () =>
          setTimeout(() => {
            received.push(session.envelope.rcptTo.map((r) => r.address).join());
            callback();
          }, delayMs),
        );
      },
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const dataDir = mkdtempSync(join(tmpdir(), 'flagship-mailer-'));
    made.push(dataDir);
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'flagship@example.org', dataDir, log: silentLog });
    return { mailer, connections, received };
  };

  it('takes an aborted message out of the pool before it is sent', async () => {
    // Slow, so that the sixth message waits for one of the five connections.
    const { mailer, received } = await mailerToServer(500);
    const given = new AbortController();
    const sends = Array.from({ length: 6 }, (_, n) =>
      mailer.sendMail({ to: `applicant${n}@example.org`, subject: '申报已提交', text: '您的申报已提交。' }, n === 5 ? { signal: given.signal } : {}),
    );
    setTimeout(() => given.abort(), 100);
    const outcomes = await Promise.allSettled(sends);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(received).not.toContain('applicant5@example.org');
  });

  it('sends many messages at once over a few reused connections', async () => {
    const { mailer, connections, received } = await mailerToServer();
    // A mail worker's two batches of ten.
    const to = Array.from({ length: 20 }, (_, n) => `applicant${n}@example.org`);
    await Promise.all(to.map((address) => mailer.sendMail({ to: address, subject: '申报已提交', text: '您的申报已提交。' })));
    expect(received.sort()).toEqual(to.sort());
    expect(connections.length).toBeLessThanOrEqual(5);
  });
});
