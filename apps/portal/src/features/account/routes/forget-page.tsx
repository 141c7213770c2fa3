import '@mantine/core/styles/PasswordInput.css';
import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { accountSchema, findPasswordBody } from '@flagship/api-client';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordStrengthMeter, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { Page } from '../../../components/page';
import { api } from '../../../lib/api';
import { scrollToFirstError } from '../../../lib/form-errors';

const DEFAULT_COOLDOWN = 60;

export default function ForgetPage() {
  const navigate = useNavigate();
  const [cooldown, setCooldown] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { account: '', code: '', password: '', confirm: '' },
    validate: zodValidate(findPasswordBody, (values: { password: string; confirm: string }) =>
      (values.confirm !== values.password ? { confirm: '两次输入的密码不一致' } : {}) as Record<string, string>,
    ),
  });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const sendCode = async () => {
    const account = accountSchema.safeParse(form.values.account);
    if (!account.success) {
      form.setFieldError('account', account.error.issues[0]?.message ?? '请输入账号');
      return;
    }
    setSending(true);
    try {
      const result = await api.auth.sendCode({ account: account.data });
      setSent(true);
      setCooldown(result.cooldown || DEFAULT_COOLDOWN);
      notifications.show({ color: 'green', message: `验证码已发送，${result.expiresIn} 分钟内有效` });
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
    } finally {
      setSending(false);
    }
  };

  const submit = form.onSubmit(async ({ account, code, password }) => {
    setBusy(true);
    try {
      await api.auth.findPassword({ account, code, password });
      notifications.show({ color: 'green', title: '密码已重置', message: '请使用新密码登录' });
      void navigate('/login');
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
    } finally {
      setBusy(false);
    }
  }, () => scrollToFirstError());

  return (
    <Page narrow>
      <Paper withBorder p={32} maw={480} mx="auto">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              输入注册时使用的手机号码或电子邮箱，我们会向其发送 6 位验证码。
            </Text>
            <TextInput label="账号" required placeholder="手机号码或电子邮箱" autoComplete="username" {...form.getInputProps('account')} />
            <Group align="flex-start" wrap="nowrap">
              <TextInput label="验证码" required placeholder="6 位数字" maxLength={6} inputMode="numeric" autoComplete="one-time-code" style={{ flex: 1 }} {...form.getInputProps('code')} />
              <Button variant="light" mt={25} w={140} loading={sending} disabled={cooldown > 0} onClick={() => void sendCode()}>
                {cooldown > 0 ? `${cooldown} 秒后重发` : sent ? '重新发送' : '获取验证码'}
              </Button>
            </Group>
            <PasswordInput label="新密码" required description="8–64 位" autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordStrengthMeter password={form.values.password} userInputs={[form.values.account]} />
            <PasswordInput label="确认新密码" required autoComplete="new-password" {...form.getInputProps('confirm')} />
            <Button type="submit" loading={busy} size="md">
              重置密码
            </Button>
            <Text size="sm" ta="center">
              想起密码了？
              <Anchor component={Link} to="/login" style={{ textDecoration: 'underline' }}>
                返回登录
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
