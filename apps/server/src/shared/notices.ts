const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The subject of the confirmation a submission sends the applicant. */
export const SUBMITTED_SUBJECT = '申报已提交';

/** Where notices to an applicant are e-mailed: the account when it is an address, else the address on file, else nowhere. */
export function noticeEmail(user: { account: string; email: string }): string | null {
  if (EMAIL.test(user.account)) return user.account;
  return EMAIL.test(user.email) ? user.email : null;
}

/** Staff's words inside a notice, as one sentence: a full stop is added only when they did not end with one. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[。！？；!?.…]$/.test(trimmed) ? trimmed : `${trimmed}。`;
}
