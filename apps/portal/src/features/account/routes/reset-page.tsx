import '@mantine/core/styles/PasswordInput.css';
import { useState } from 'react';
import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { editPasswordBody } from '@flagship/api-client';
import { useNavigate } from 'react-router-dom';
import { PasswordStrengthMeter, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { LoginPrompt } from '../../../components/login-prompt';
import { Page } from '../../../components/page';
import { api } from '../../../lib/api';
import { logOut } from '../../../lib/logout';
import { useSession } from '../../../lib/session';
import { scrollToFirstError } from '../../../lib/form-errors';
import { UserCentreLayout } from '../../../components/user-centre-layout';

export default function ResetPage() {
  const user = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { oldPassword: '', password: '', confirm: '' },
    validateInputOnBlur: true,
    validate: zodValidate(editPasswordBody, (values: { oldPassword: string; password: string; confirm: string }) => ({
      ...(values.confirm !== values.password ? { confirm: '两次输入的密码不一致' } : {}),
      ...(values.password && values.password === values.oldPassword ? { password: '新密码不能与原密码相同' } : {}),
    })),
  });

  const submit = form.onSubmit(async ({ oldPassword, password }) => {
    setBusy(true);
    try {
      await api.auth.editPassword({ oldPassword, password });
      notifications.show({ color: 'green', title: '密码已修改', message: '请使用新密码重新登录' });
      await logOut();
      void navigate('/login', { replace: true });
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
    } finally {
      setBusy(false);
    }
  }, () => scrollToFirstError());

  return (
    <Page narrow={!user}>
      {!user ? (
        <LoginPrompt text="登录后才能修改密码" />
      ) : (
        // Changing the password is one of the personal centre's pages (its sidebar links here).
        <UserCentreLayout>
        <Paper withBorder p={32} maw={480}>
          <form onSubmit={submit} noValidate>
            <Stack>
              <PasswordInput label="原密码" required autoComplete="current-password" {...form.getInputProps('oldPassword')} />
              <PasswordInput label="新密码" required description="8–64 位" autoComplete="new-password" {...form.getInputProps('password')} />
              <PasswordStrengthMeter password={form.values.password} />
              <PasswordInput label="确认新密码" required autoComplete="new-password" {...form.getInputProps('confirm')} />
              <Button type="submit" loading={busy} size="md">
                修改密码
              </Button>
            </Stack>
          </form>
        </Paper>
        </UserCentreLayout>
      )}
    </Page>
  );
}
