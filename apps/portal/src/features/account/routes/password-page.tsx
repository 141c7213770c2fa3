import '@mantine/core/styles/PasswordInput.css';
import { useState } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { accessPasswordBody } from '@flagship/api-client';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { showServerFieldErrors, zodValidate } from '@flagship/ui';
import { api } from '../../../lib/api';
import { safeRedirect } from '../../../lib/redirect';
import { AuthScreen } from '../components/auth-card';
import { scrollToFirstError } from '../../../lib/form-errors';

/** The access gate: the site is closed behind a password (errno 1004 leads here). */
export default function PasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: zodValidate(accessPasswordBody) });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api.auth.checkAccessPassword(values);
      void navigate(safeRedirect(params.get('redirect'), '/index'), { replace: true });
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
    } finally {
      setBusy(false);
    }
  }, () => scrollToFirstError());

  return (
    <AuthScreen title="访问密码">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            本站点目前仅对受邀用户开放，请输入访问密码。
          </Text>
          <PasswordInput label="访问密码" required autoComplete="off" {...form.getInputProps('password')} />
          <Button type="submit" loading={busy} size="md">
            进入站点
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
