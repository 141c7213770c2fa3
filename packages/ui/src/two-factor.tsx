import { Code, Image, SimpleGrid, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { TwoFactorEnrolment } from '@flagship/api-client';

// Two-factor sign-in (issue 16): what the console's 账号安全 and the portal's 个人信息 show alike.

/** Step 1 of enrolment: the QR code for the authenticator app, and the secret to type in instead. */
export function TotpEnrolmentCode({ enrolment, size = 200 }: { enrolment: TwoFactorEnrolment; size?: number }) {
  return (
    <Stack gap="xs">
      <Text size="sm">1. 用验证器应用扫描二维码：</Text>
      <Image src={enrolment.qrCode} alt="两步验证二维码（内容同下方密钥）" w={size} h={size} />
      <Text size="sm">无法扫描时，手动输入密钥：</Text>
      {/* Wrapped, not scrolled: a narrow column must not hide part of the secret. */}
      <Code block data-testid="totp-secret" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
      </Code>
    </Stack>
  );
}

/** Recovery codes as shown once, right after they are made (only their hashes are kept). */
export function RecoveryCodeGrid({ codes }: { codes: string[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs" data-testid="recovery-codes">
      {codes.map((code) => (
        // A code on one line: broken at its dash it reads as two.
        <Code key={code} fz="md" ta="center" style={{ whiteSpace: 'nowrap' }}>
          {code}
        </Code>
      ))}
    </SimpleGrid>
  );
}

/** The 6-digit code from the authenticator app (spaces allowed, as apps show them). */
export function TotpCodeInput(props: TextInputProps) {
  return <TextInput label="一次性验证码" required inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...props} />;
}
