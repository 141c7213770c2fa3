import { useEffect, useState } from 'react';
import { Anchor, Button, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { staffLoginBody, type SecondStep, type StaffSessionResult } from '@flagship/api-client';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PowCaptcha, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { CONSOLE_TITLE } from '../../components/page';
import { api } from '../../lib/api';
import { homePath, safeRedirect } from '../../lib/navigation';
import { passkeyProblem, passkeysSupported, signWithPasskey } from '../../lib/passkeys';
import { signIn, useStaffState } from '../../lib/session';
import { useSiteTitle } from '../../lib/site-title';

export default function LoginPage() {
  const navigate = useNavigate();
  const siteTitle = useSiteTitle();
  const [params] = useSearchParams();
  const state = useStaffState();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  /** Where this sign-in goes (enrolment first when two-factor sign-in is required and off). */
  const [entered, setEntered] = useState<string | null>(null);
  const form = useForm({
    // The invitation page sends the expert here with their account filled in.
    initialValues: { account: params.get('account') ?? '', password: '', captcha: '' },
    validate: zodValidate(staffLoginBody),
  });

  useEffect(() => {
    document.title = `登录 · ${CONSOLE_TITLE}`;
  }, []);

  const enter = (result: StaffSessionResult) => {
    signIn(result);
    // Two-factor sign-in is required and not set up: enrolment first (the server refuses the rest).
    const home = result.enrolmentOnly ? '/security' : safeRedirect(params.get('redirect'), homePath(result.role));
    setEntered(home);
    void navigate(home, { replace: true });
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const result = await api.console.login(values);
      if ('secondStep' in result) setSecondStep(result);
      else enter(result);
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
      form.setFieldValue('captcha', '');
      setCaptchaVersion((n) => n + 1);
    } finally {
      setBusy(false);
    }
  });

  // Already signed in (e.g. the login page reopened from history): straight in.
  if (state.status === 'ready' && !busy) return <Navigate to={entered ?? safeRedirect(params.get('redirect'), homePath(state.staff.role))} replace />;

  return (
    <main className="fc-auth-screen">
      <Stack w={420} gap="lg">
        <div style={{ textAlign: 'center' }}>
          <Text ff="heading" fw={700} fz={24} c="cinnabar.8" mih={36}>
            {siteTitle}
          </Text>
          <Text c="dimmed" size="sm" mt={4}>
            管理后台 · 专家评审
          </Text>
        </div>
        <Paper withBorder shadow="md" p={32} radius="md">
          <Title order={1} size="h3" mb="lg" ta="center">
            账号登录
          </Title>
          {secondStep ? (
            <SecondStep
              step={secondStep}
              onSession={enter}
              onRestart={() => {
                setSecondStep(null);
                form.setFieldValue('password', '');
                form.setFieldValue('captcha', '');
                setCaptchaVersion((n) => n + 1);
              }}
            />
          ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label="账号" required autoComplete="username" placeholder="工作人员账号，或评审专家的邮箱、手机号" {...form.getInputProps('account')} />
              <PasswordInput label="密码" required autoComplete="current-password" {...form.getInputProps('password')} />
              <PowCaptcha api={api} version={captchaVersion} {...form.getInputProps('captcha')} />
              <Button type="submit" loading={busy} fullWidth size="md">
                登录
              </Button>
            </Stack>
          </form>
          )}
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          仅限项目办公室工作人员与受邀评审专家使用；账号由管理员分配或邀请开通。
        </Text>
      </Stack>
    </main>
  );
}

/** The second step of a two-factor sign-in: a passkey, a code from the authenticator app, or a recovery code. */
function SecondStep({ step, onSession, onRestart }: { step: SecondStep; onSession: (result: StaffSessionResult) => void; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  const field = useRecovery ? 'recoveryCode' : 'code';
  const withPasskey = step.passkey !== null && supported;

  const send = async (proof: { code?: string; recoveryCode?: string } | { passkey: Awaited<ReturnType<typeof signWithPasskey>> }, shown: string) => {
    try {
      onSession(await api.console.loginSecondStep({ challenge: step.challenge, ...proof }, { silent: true }));
    } catch (e) {
      const answer = e as { fields?: Record<string, string>; errmsg?: string };
      if (answer.fields?.challenge) onRestart();
      const message = answer.fields?.[shown] ?? answer.errmsg ?? '验证失败';
      if (shown === 'passkey') setPasskeyError(message);
      else setError(message);
    }
  };

  const submit = async () => {
    setBusy('code');
    setError(null);
    await send({ [field]: value }, field);
    setBusy(null);
  };

  const passkey = async () => {
    if (!step.passkey) return;
    setBusy('passkey');
    setPasskeyError(null);
    try {
      await send({ passkey: await signWithPasskey(step.passkey) }, 'passkey');
    } catch (e) {
      setPasskeyError(passkeyProblem(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <Text size="sm">账号 {step.account} 已启用两步验证。</Text>
      {withPasskey && (
        <Stack gap={4}>
          <Button onClick={() => void passkey()} loading={busy === 'passkey'} fullWidth size="md">
            使用通行密钥登录
          </Button>
          {passkeyError && (
            <Text size="sm" c="red.8" role="alert">
              {passkeyError}
            </Text>
          )}
        </Stack>
      )}
      {step.passkey !== null && !supported && !step.totp && (
        <Text size="sm" c="red.8">
          此账号使用通行密钥登录，但当前浏览器不支持通行密钥。请换用支持的浏览器，或联系管理员。
        </Text>
      )}
      {withPasskey && step.totp && <Divider label="或" labelPosition="center" />}
      {step.totp && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">{useRecovery ? '请输入一个未使用过的恢复码。' : '请输入验证器应用中显示的 6 位验证码。'}</Text>
            <TextInput
              key={field}
              label={useRecovery ? '恢复码' : '一次性验证码'}
              required
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={busy === 'code'} fullWidth size="md" variant={withPasskey ? 'default' : 'filled'}>
              验证并登录
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setUseRecovery((v) => !v);
                setValue('');
                setError(null);
              }}
            >
              {useRecovery ? '使用一次性验证码' : '使用恢复码'}
            </Anchor>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
        返回重新登录
      </Anchor>
    </Stack>
  );
}
