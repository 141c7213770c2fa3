import { useEffect, useState } from 'react';
import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { staffLoginBody } from '@flagship/api-client';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { CaptchaInput, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { CONSOLE_TITLE } from '../../components/page';
import { api } from '../../lib/api';
import { homePath, safeRedirect } from '../../lib/navigation';
import { signIn, useStaffState } from '../../lib/session';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useStaffState();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    // The invitation page sends the expert here with their account filled in.
    initialValues: { account: params.get('account') ?? '', password: '', captcha: '' },
    validate: zodValidate(staffLoginBody),
  });

  useEffect(() => {
    document.title = `登录 · ${CONSOLE_TITLE}`;
  }, []);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const result = await api.console.login(values);
      signIn(result);
      void navigate(safeRedirect(params.get('redirect'), homePath(result.role)), { replace: true });
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
      form.setFieldValue('captcha', '');
      setCaptchaVersion((n) => n + 1);
    } finally {
      setBusy(false);
    }
  });

  // Already signed in (e.g. the login page reopened from history): straight in.
  if (state.status === 'ready' && !busy) return <Navigate to={safeRedirect(params.get('redirect'), homePath(state.staff.role))} replace />;

  return (
    <main className="fc-auth-screen">
      <Stack w={420} gap="lg">
        <div style={{ textAlign: 'center' }}>
          <Text ff="heading" fw={700} fz={24} c="cinnabar.8">
            艺术旗舰项目在线申报平台
          </Text>
          <Text c="dimmed" size="sm" mt={4}>
            管理后台 · 专家评审
          </Text>
        </div>
        <Paper withBorder shadow="md" p={32} radius="md">
          <Title order={1} size="h3" mb="lg" ta="center">
            账号登录
          </Title>
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label="账号" required autoComplete="username" placeholder="工作人员账号，或评审专家的邮箱、手机号" {...form.getInputProps('account')} />
              <PasswordInput label="密码" required autoComplete="current-password" {...form.getInputProps('password')} />
              <CaptchaInput api={api} version={captchaVersion} {...form.getInputProps('captcha')} />
              <Button type="submit" loading={busy} fullWidth size="md">
                登录
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          仅限项目办公室工作人员与受邀评审专家使用；账号由管理员分配或邀请开通。
        </Text>
      </Stack>
    </main>
  );
}
