import '@mantine/core/styles/PasswordInput.css';
import { useState } from 'react';
import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { registerBody } from '@flagship/api-client';
import { Link, useNavigate } from 'react-router-dom';
import { PowCaptcha, PasswordStrengthMeter, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { Page } from '../../../components/page';
import { api } from '../../../lib/api';
import { scrollToFirstError } from '../../../lib/form-errors';

export default function RegisterPage() {
  const navigate = useNavigate();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { account: '', password: '', confirm: '', captcha: '' },
    validateInputOnBlur: true,
    validate: zodValidate(registerBody, (values: { password: string; confirm: string }) =>
      (values.confirm !== values.password ? { confirm: '两次输入的密码不一致' } : {}) as Record<string, string>,
    ),
  });

  const submit = form.onSubmit(async ({ account, password, captcha }) => {
    setBusy(true);
    try {
      await api.auth.register({ account, password, captcha });
      notifications.show({ color: 'green', title: '注册成功', message: '请使用新账号登录' });
      void navigate('/login');
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
      form.setFieldValue('captcha', '');
      setCaptchaVersion((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }, () => scrollToFirstError());

  return (
    <Page narrow>
      <Paper withBorder p={32} maw={480} mx="auto">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="账号" required placeholder="手机号码或电子邮箱" autoComplete="username" {...form.getInputProps('account')} />
            <PasswordInput label="密码" required description="8–64 位，避免使用常见密码" autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordStrengthMeter password={form.values.password} userInputs={[form.values.account]} />
            <PasswordInput label="确认密码" required autoComplete="new-password" {...form.getInputProps('confirm')} />
            <PowCaptcha api={api} version={captchaVersion} {...form.getInputProps('captcha')} />
            <Button type="submit" loading={busy} size="md">
              注册
            </Button>
            <Text size="sm" ta="center">
              已有账号？
              <Anchor component={Link} to="/login" style={{ textDecoration: 'underline' }}>
                立即登录
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
