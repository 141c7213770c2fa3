import { isValidMobile } from '@flagship/api-client';
import type { Mailer } from '../../../lib/mailer';

/** An expert's login is an e-mail address or a mobile number: the message goes there (a text message to the outbox). */
export async function sendToAccount(mailer: Mailer, account: string, subject: string, text: string): Promise<void> {
  if (isValidMobile(account)) return mailer.sendSms({ to: account, text: `【${subject}】${text}` });
  return mailer.sendMail({ to: account, subject, text });
}

export function invitationLink(consoleUrl: string, token: string): string {
  return `${consoleUrl}/invite?token=${encodeURIComponent(token)}`;
}
