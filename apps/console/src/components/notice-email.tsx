import { Alert, Text } from '@mantine/core';
import { TONE } from '../lib/tones';

// Applicants without an e-mail address are told nothing by e-mail (no SMS gateway runs either):
// staff must know before and after deciding.

const NOT_EMAILED = '申请人没有电子邮箱，审核结果不会通过邮件通知，只在门户网站显示';

/** The notice address as a row value: the address, or why there is none. */
export function noticeEmailText(email: string | null): string {
  return email ?? `无（${NOT_EMAILED}）`;
}

/** A success message that also says when the applicant was not e-mailed. */
export function withNoticeNote(message: string, email: string | null): string {
  return email ? message : `${message}。${NOT_EMAILED}，如需及时告知请电话联系。`;
}

/** Shown where a decision is made: where it will be e-mailed, or a warning that it will not be. */
export function NoticeEmailNote({ email }: { email: string | null }) {
  if (email) return <Text size="sm">审核结果将以邮件发送至 {email}。</Text>;
  return (
    <Alert color={TONE.warning} variant="light" title="申请人没有电子邮箱">
      <Text size="sm">审核结果不会通过邮件通知申请人，只在门户网站显示；如需及时告知，请电话联系。</Text>
    </Alert>
  );
}
