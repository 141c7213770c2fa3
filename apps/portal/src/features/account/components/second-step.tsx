import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SecondStep, UserInfo } from '@flagship/api-client';
import { showServerFieldErrors, TotpCodeInput } from '@flagship/ui';
import { api } from '../../../lib/api';

/** The second step of a two-factor sign-in (issue 16): a code from the authenticator app, or a recovery code. */
export function SecondStepForm({ step, onSession, onRestart }: { step: SecondStep; onSession: (info: UserInfo) => void; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: '', recoveryCode: '' } });
  const field = useRecovery ? 'recoveryCode' : 'code';

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      onSession(await api.auth.loginSecondStep({ challenge: step.challenge, [field]: values[field] }));
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
      // Timed out or used: back to the password.
      if (form.errors.challenge !== undefined || (error as { fields?: Record<string, string> }).fields?.challenge) onRestart();
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          账号 {step.account} 已启用两步验证。{useRecovery ? '请输入一个未使用过的恢复码。' : '请输入验证器应用中显示的 6 位验证码。'}
        </Text>
        {useRecovery ? (
          <TextInput key="recoveryCode" label="恢复码" required autoComplete="one-time-code" placeholder="xxxxx-xxxxx" data-autofocus {...form.getInputProps('recoveryCode')} />
        ) : (
          <TotpCodeInput key="code" data-autofocus {...form.getInputProps('code')} />
        )}
        <Button type="submit" loading={busy} fullWidth size="md">
          验证并登录
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setUseRecovery((value) => !value);
            form.clearErrors();
          }}
        >
          {useRecovery ? '改用验证器中的验证码' : '无法使用验证器？使用恢复码'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
          返回重新输入账号和密码
        </Anchor>
      </Stack>
    </form>
  );
}
