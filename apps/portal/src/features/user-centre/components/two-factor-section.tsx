import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Code.css';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TwoFactorEnrolment, UserTwoFactorStatus } from '@flagship/api-client';
import { formatDateTime, RecoveryCodeGrid, showServerFieldErrors, TotpCodeInput, TotpEnrolmentCode, useAsync } from '@flagship/ui';
import { AsyncView } from '../../../components/states';
import { api } from '../../../lib/api';

/** 账号安全: the applicant's optional two-factor sign-in (issue 16), TOTP with single-use recovery codes. */
export function TwoFactorSection({ userId, account }: { userId: number; account: string }) {
  const state = useAsync((signal) => api.user.twoFactorStatus({ id: userId }, { signal }), [userId]);
  const [codes, setCodes] = useState<string[] | null>(null);
  const showCodes = (next: string[]) => {
    setCodes(next);
    state.reload();
  };

  return (
    <Paper component="section" withBorder p="xl" aria-labelledby="two-factor-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" className="fs-section-title" id="two-factor-title">
          账号安全 · 两步验证
        </Title>
        {state.data && (
          // Dark shades keep white text above 4.5:1, as the authentication badge does.
          <Badge color={state.data.enabled ? '#23703a' : 'ink.6'} variant="filled" size="lg">
            {state.data.enabled ? '已启用' : '未启用'}
          </Badge>
        )}
      </Group>
      <AsyncView state={state}>
        {(status) =>
          codes ? (
            <RecoveryCodes codes={codes} account={account} onDone={() => setCodes(null)} />
          ) : status.enabled ? (
            <Enabled userId={userId} status={status} onCodes={showCodes} onOff={() => state.setData(() => ({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }))} />
          ) : (
            <Enrol userId={userId} onCodes={showCodes} />
          )
        }
      </AsyncView>
    </Paper>
  );
}

function Enrol({ userId, onCodes }: { userId: number; onCodes: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: '', password: '' } });

  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await api.user.twoFactorStart({ id: userId }));
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(false);
    }
  };
  const confirm = form.onSubmit(async ({ code, password }) => {
    setBusy(true);
    try {
      const { recoveryCodes } = await api.user.twoFactorConfirm({ id: userId, code, password });
      notifications.show({ color: 'green', message: '两步验证已启用' });
      onCodes(recoveryCodes);
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });

  if (!enrolment) {
    return (
      <Stack>
        <Text size="sm">
          启用后，登录时除密码外，还需输入手机验证器应用（如 Microsoft Authenticator、Google Authenticator、FreeOTP，或支持 TOTP 的密码管理器）中的 6 位一次性验证码。即使密码泄露，他人也无法登录您的账号。
        </Text>
        <Group>
          <Button onClick={() => void start()} loading={busy}>
            启用两步验证
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <TotpEnrolmentCode enrolment={enrolment} size={180} />
      <form onSubmit={confirm} noValidate>
        <Stack gap="sm">
          <Text size="sm">2. 输入应用中显示的 6 位验证码，完成启用：</Text>
          <TotpCodeInput w={200} {...form.getInputProps('code')} />
          <PasswordInput label="登录密码" description="为确认是您本人操作，请再次输入登录密码" required autoComplete="current-password" maw={320} {...form.getInputProps('password')} />
          <Group>
            <Button type="submit" loading={busy}>
              确认启用
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

/** Shown once, right after they are made: only their hashes are kept. */
function RecoveryCodes({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const text = `两步验证恢复码（账号 ${account}）\n每个恢复码只能使用一次。\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: '两步验证恢复码.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notifications.show({ color: 'green', message: '恢复码已复制' });
    } catch {
      notifications.show({ color: 'red', message: '浏览器不允许复制，请下载或手动抄写' });
    }
  };
  return (
    <Stack>
      <Alert color="#8a4500" variant="light" title="请保存恢复码">
        手机丢失或无法使用验证器时，可用恢复码登录，每个只能使用一次。恢复码只显示这一次，请下载或抄写后妥善保管。
      </Alert>
      <RecoveryCodeGrid codes={codes} />
      <Group>
        <Button variant="default" onClick={download}>
          下载恢复码
        </Button>
        <Button variant="default" onClick={() => void copy()}>
          复制全部
        </Button>
        <Button onClick={onDone}>我已保存</Button>
      </Group>
    </Stack>
  );
}

function Enabled({ userId, status, onCodes, onOff }: { userId: number; status: UserTwoFactorStatus; onCodes: (codes: string[]) => void; onOff: () => void }) {
  return (
    <Stack gap="lg">
      <Text size="sm">
        登录时需要验证器中的一次性验证码，或一个恢复码。{status.enabledAt && `启用于北京时间 ${formatDateTime(status.enabledAt)}，`}剩余恢复码 {status.recoveryCodesLeft} 个。
      </Text>
      <Regenerate userId={userId} onCodes={onCodes} />
      <Disable userId={userId} onOff={onOff} />
    </Stack>
  );
}

function Regenerate({ userId, onCodes }: { userId: number; onCodes: (codes: string[]) => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: '' } });
  const submit = form.onSubmit(async ({ code }) => {
    setBusy(true);
    try {
      onCodes((await api.user.twoFactorRecoveryCodes({ id: userId, code })).recoveryCodes);
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="regenerate-title">
      <Title order={3} size="h5" mb={4} id="regenerate-title">
        重新生成恢复码
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        旧的恢复码将全部作废。
      </Text>
      <Group align="flex-start">
        <TotpCodeInput w={200} {...form.getInputProps('code')} />
        <Button type="submit" variant="default" loading={busy} mt={25}>
          重新生成
        </Button>
      </Group>
    </form>
  );
}

type Proof = 'password' | 'code' | 'recoveryCode';
const PROOF_LABELS: Record<Proof, string> = { password: '登录密码', code: '一次性验证码', recoveryCode: '恢复码' };

function Disable({ userId, onOff }: { userId: number; onOff: () => void }) {
  const [kind, setKind] = useState<Proof>('password');
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '', code: '', recoveryCode: '' } });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api.user.twoFactorDisable({ id: userId, [kind]: values[kind] });
      notifications.show({ color: 'green', message: '两步验证已停用，登录只需密码' });
      onOff();
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="disable-title">
      <Title order={3} size="h5" mb={4} id="disable-title">
        停用两步验证
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        停用后登录只需密码。请用以下任一方式确认是您本人：
      </Text>
      <Stack gap="sm" maw={360}>
        <SegmentedControl
          aria-label="确认方式"
          value={kind}
          onChange={(value) => {
            setKind(value as Proof);
            form.clearErrors();
          }}
          data={(Object.keys(PROOF_LABELS) as Proof[]).map((value) => ({ value, label: PROOF_LABELS[value] }))}
        />
        {kind === 'password' ? (
          <PasswordInput key="password" label="登录密码" required autoComplete="current-password" {...form.getInputProps('password')} />
        ) : (
          <TextInput key={kind} label={PROOF_LABELS[kind]} required autoComplete="one-time-code" {...form.getInputProps(kind)} />
        )}
        <Group>
          <Button type="submit" color="red.9" variant="outline" loading={busy}>
            停用两步验证
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
