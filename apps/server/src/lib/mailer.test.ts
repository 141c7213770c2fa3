import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../test/silent-log';
import { createMailer } from './mailer';

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
