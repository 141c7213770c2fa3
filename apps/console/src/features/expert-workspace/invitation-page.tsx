import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { acceptInvitationBody, ApiError, buildQuery } from '@flagship/api-client';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage, PasswordStrengthMeter, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { CONSOLE_TITLE } from '../../components/page';
import { api, showSuccess } from '../../lib/api';
import { TONE } from '../../lib/tones';
import { useSiteTitle } from '../../lib/site-title';

interface Values {
  token: string;
  password: string;
  confirm: string;
}

/** An invited expert sets their password (twice), then signs in with the account filled in. */
export default function InvitationPage() {
  const siteTitle = useSiteTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  // A link that is not (or no longer) valid: said once, instead of the form.
  const [refused, setRefused] = useState<string | undefined>(token ? undefined : '链接中缺少邀请码。请打开邀请邮件或短信中的完整链接。');
  const form = useForm<Values>({
    initialValues: { token, password: '', confirm: '' },
    validate: zodValidate<Values>(acceptInvitationBody, (values): Record<string, string> => (values.confirm !== values.password ? { confirm: '两次输入的密码不一致' } : {})),
  });

  useEffect(() => {
    document.title = `接受评审邀请 · ${CONSOLE_TITLE}`;
  }, []);

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    try {
      const { account } = await api.console.invitationAccept({ token, password }, { silent: true });
      showSuccess('密码已设置，请登录');
      void navigate(`/login${buildQuery({ account })}`, { replace: true });
    } catch (error) {
      if (showServerFieldErrors(form, error, { focus: true }) && !(error instanceof ApiError && error.fields.token)) return;
      setRefused(errorMessage(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <main className="fc-auth-screen">
      <Stack w={440} maw="100%" gap="lg">
        <div style={{ textAlign: 'center' }}>
          <Text ff="heading" fw={700} fz={24} c="cinnabar.8" mih={36}>
            {siteTitle}
          </Text>
          <Text c="dimmed" size="sm" mt={4}>
            专家评审
          </Text>
        </div>
        <Paper withBorder shadow="md" p={32} radius="md">
          <Title order={1} size="h3" mb="sm" ta="center">
            接受评审邀请
          </Title>
          {refused ? (
            <Stack>
              <Alert color={TONE.danger} variant="light" icon={<IconAlertTriangle size={18} />} title="邀请链接不可用">
                <Text size="sm">{refused}</Text>
                <Text size="sm" mt="xs">
                  邀请链接只能使用一次，并有有效期。如已设置过密码，请直接登录；否则请联系项目办公室重新发送邀请。
                </Text>
              </Alert>
              <Button component={Link} to="/login" variant="default" fullWidth>
                前往登录
              </Button>
            </Stack>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm" c="dimmed">
                  项目办公室邀请您参加项目评审。请设置登录密码（至少 8 位），之后使用收到邀请的邮箱或手机号登录。
                </Text>
                <PasswordInput label="设置密码" required autoComplete="new-password" {...form.getInputProps('password')} />
                <PasswordStrengthMeter password={form.values.password} />
                <PasswordInput label="确认密码" required autoComplete="new-password" {...form.getInputProps('confirm')} />
                <Button type="submit" loading={busy} fullWidth size="md">
                  设置密码
                </Button>
                <Text size="xs" c="dimmed" ta="center">
                  已设置过密码？
                  <Anchor component={Link} to="/login" size="xs" underline="always">
                    直接登录
                  </Anchor>
                </Text>
              </Stack>
            </form>
          )}
        </Paper>
      </Stack>
    </main>
  );
}
