import '@mantine/core/styles/PasswordInput.css';
import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginBody, type SecondStep, type UserInfo } from '@flagship/api-client';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PowCaptcha, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { api } from '../../../lib/api';
import { returnPath } from '../../../lib/navigation-history';
import { safeRedirect } from '../../../lib/redirect';
import { AuthScreen } from '../components/auth-card';
import { SecondStepForm } from '../components/second-step';
import { scrollToFirstError } from '../../../lib/form-errors';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  // Read once: the page the visitor came from (a guarded page they were turned away from, too).
  const [back] = useState(returnPath);
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const form = useForm({
    initialValues: { account: '', password: '', captcha: '' },
    validate: zodValidate(loginBody),
  });

  const signedIn = (info: UserInfo) => {
    api.session.set(info);
    void navigate(safeRedirect(params.get('redirect'), back ?? '/user'), { replace: true });
  };

  const restart = () => {
    setSecondStep(null);
    form.setFieldValue('captcha', '');
    setCaptchaVersion((n) => n + 1);
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await api.auth.login(values);
      if ('token' in answer) signedIn(answer);
      else setSecondStep(answer);
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
      form.setFieldValue('captcha', '');
      setCaptchaVersion((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }, () => scrollToFirstError());

  if (secondStep) {
    return (
      <AuthScreen title="两步验证">
        <SecondStepForm step={secondStep} onSession={signedIn} onRestart={restart} />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="用户登录">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="账号" required placeholder="手机号码或电子邮箱" autoComplete="username" {...form.getInputProps('account')} />
          <PasswordInput label="密码" required autoComplete="current-password" {...form.getInputProps('password')} />
          <PowCaptcha api={api} version={captchaVersion} {...form.getInputProps('captcha')} />
          <Button type="submit" loading={busy} fullWidth size="md">
            登录
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/forget" size="sm">
              忘记密码？
            </Anchor>
            <Anchor component={Link} to="/reg" size="sm">
              没有账号？立即注册
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthScreen>
  );
}
