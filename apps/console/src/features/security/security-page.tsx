import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@flagship/api-client';
import { formatDateTime, RecoveryCodeGrid, TotpCodeInput, TotpEnrolmentCode, useAsync } from '@flagship/ui';
import { IconKey, IconShieldCheck } from '@tabler/icons-react';
import { FormSection } from '../../components/form-section';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { createPasskey, passkeyProblem, passkeysSupported } from '../../lib/passkeys';
import { TONE } from '../../lib/tones';

/** 账号安全: the signed-in member's own two-factor sign-in (issue 16). */
export default function SecurityPage() {
  const state = useAsync((signal) => api.console.twoFactorStatus(undefined, { signal }), []);
  return (
    <Page title="账号安全" description="两步验证：登录时除密码外，还需输入手机验证器应用中的一次性验证码，或使用通行密钥。">
      <AsyncView state={state}>{(status) => <Security status={status} onChange={(next) => state.setData(() => next)} />}</AsyncView>
    </Page>
  );
}

function Security({ status, onChange }: { status: TwoFactorStatus; onChange: (status: TwoFactorStatus) => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const reload = async () => onChange(await api.console.twoFactorStatus());

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  return (
    <Stack gap="lg">
      {status.enrolmentOnly && (
        <Alert color={TONE.warning} variant="light" title="请先启用两步验证">
          管理员要求所有工作人员启用两步验证。完成设置后，即可正常使用管理后台。
        </Alert>
      )}
      <Passkeys status={status} onChange={onChange} />
      {status.enabled ? (
        <>
          <FormSection title="两步验证" description="已启用：登录时需要一次性验证码，或一个恢复码。">
            <Group>
              <Badge color={TONE.success} size="lg" leftSection={<IconShieldCheck size={14} />}>
                已启用
              </Badge>
              {status.enabledAt && <Text size="sm">启用于 {formatDateTime(status.enabledAt)}</Text>}
              <Text size="sm">剩余恢复码 {status.recoveryCodesLeft} 个</Text>
            </Group>
          </FormSection>
          <Regenerate onCodes={(next) => { setCodes(next); void reload(); }} />
          <Disable required={status.required} withPasskeys={status.passkeys.length > 0} onDone={(next) => onChange(next)} />
        </>
      ) : (
        <Enrol onCodes={(next) => { setCodes(next); void reload(); }} />
      )}
    </Stack>
  );
}

/** Passkeys: each one a second factor of its own, beside (or instead of) the authenticator app. */
function Passkeys({ status, onChange }: { status: TwoFactorStatus; onChange: (status: TwoFactorStatus) => void }) {
  // Known only in the browser (the page may be rendered before it runs).
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(passkeysSupported()), []);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | 'add' | null>(null);

  const add = async () => {
    setBusy('add');
    setError(null);
    try {
      const options = await api.console.passkeyRegisterOptions();
      let credential;
      try {
        credential = await createPasskey(options);
      } catch (e) {
        setError(passkeyProblem(e));
        return;
      }
      onChange(await api.console.passkeyRegister({ name, credential }, { silent: true }));
      setName('');
      showSuccess('通行密钥已添加');
    } catch (e) {
      setError(fieldError(e, 'name'));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (id: number) => {
    setBusy(id);
    try {
      onChange(await api.console.passkeyDelete({ id }));
      showSuccess('通行密钥已移除');
    } catch {
      // The client has shown the error (or asked to re-authenticate first).
    } finally {
      setBusy(null);
    }
  };

  return (
    <FormSection title="通行密钥" description="用本机的指纹、面容、PIN 或安全密钥代替一次性验证码，作为登录第二步；可添加多个（如电脑和手机各一个）。">
      <Stack gap="sm">
        {status.passkeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            尚未添加通行密钥。
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="已添加的通行密钥">
            {status.passkeys.map((passkey) => (
              <Group component="li" key={passkey.id} justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <IconKey size={18} aria-hidden />
                  <div>
                    <Text size="sm" fw={600}>
                      {passkey.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      添加于 {formatDateTime(passkey.createdAt)} · {passkey.lastUsedAt ? `上次使用 ${formatDateTime(passkey.lastUsedAt)}` : '尚未使用'}
                    </Text>
                  </div>
                </Group>
                <Button variant="subtle" color={TONE.danger} size="compact-sm" loading={busy === passkey.id} onClick={() => void remove(passkey.id)} aria-label={`移除通行密钥 ${passkey.name}`}>
                  移除
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {supported === false ? (
          <Text size="sm" c="dimmed">
            此浏览器不支持通行密钥，请使用验证器应用。
          </Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
            noValidate
          >
            <Group align="flex-start">
              <TextInput label="通行密钥名称" description="便于日后辨认，如“办公室电脑”" required maxLength={40} w={240} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
              <Button type="submit" variant="default" mt={46} loading={busy === 'add'} disabled={supported === null}>
                添加通行密钥
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </FormSection>
  );
}

function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await api.console.twoFactorStart());
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodes } = await api.console.twoFactorConfirm({ code }, { silent: true });
      showSuccess('两步验证已启用');
      onCodes(recoveryCodes);
    } catch (e) {
      setError(fieldError(e, 'code'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormSection title="启用两步验证" description="使用手机上的验证器应用（如 Microsoft Authenticator、Google Authenticator、FreeOTP 或支持 TOTP 的密码管理器）。">
      {!enrolment ? (
        <Group>
          <Button onClick={() => void start()} loading={busy}>
            开始设置
          </Button>
        </Group>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <TotpEnrolmentCode enrolment={enrolment} />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <Stack gap="sm">
              <Text size="sm">2. 输入应用中显示的 6 位验证码，完成启用：</Text>
              <TotpCodeInput w={200} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={error} />
              <Group>
                <Button type="submit" loading={busy}>
                  确认启用
                </Button>
              </Group>
            </Stack>
          </form>
        </SimpleGrid>
      )}
    </FormSection>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Text fw={700} size="lg">
          请保存恢复码
        </Text>
        <Alert color={TONE.warning} variant="light">
          手机丢失或无法使用验证器时，可用恢复码登录，每个只能使用一次。恢复码只显示这一次，请抄写或打印后妥善保管。
        </Alert>
        <RecoveryCodeGrid codes={codes} />
        <Group>
          <Button onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))} variant="default">
            复制全部
          </Button>
          <Button onClick={onDone}>我已保存</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Regenerate({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      onCodes((await api.console.twoFactorRecoveryCodes({ code }, { silent: true })).recoveryCodes);
    } catch (e) {
      setError(fieldError(e, 'code'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormSection title="重新生成恢复码" description="旧的恢复码将全部作废。">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Group align="flex-end">
          <TotpCodeInput w={200} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={error} />
          <Button type="submit" variant="default" loading={busy}>
            重新生成
          </Button>
        </Group>
      </form>
    </FormSection>
  );
}

function Disable({ required, withPasskeys, onDone }: { required: boolean; withPasskeys: boolean; onDone: (status: TwoFactorStatus) => void }) {
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<'code' | 'recoveryCode'>('code');
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const next = await api.console.twoFactorDisable({ password, [kind]: proof }, { silent: true });
      showSuccess('两步验证已停用');
      onDone(next);
    } catch (e) {
      setErrors(fieldErrors(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormSection title="停用两步验证" description={withPasskeys ? '停用验证器应用后，登录的第二步使用通行密钥。' : required ? '管理员要求启用两步验证：停用后下次操作前须重新设置。' : '停用后登录只需密码。'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm" maw={360}>
          <PasswordInput label="密码" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
          <SegmentedControl
            aria-label="验证方式"
            value={kind}
            onChange={(value) => setKind(value as 'code' | 'recoveryCode')}
            data={[
              { value: 'code', label: '一次性验证码' },
              { value: 'recoveryCode', label: '使用恢复码' },
            ]}
          />
          <TextInput
            label={kind === 'code' ? '一次性验证码' : '恢复码'}
            required
            autoComplete="one-time-code"
            value={proof}
            onChange={(e) => setProof(e.currentTarget.value)}
            error={errors[kind] ?? errors.form}
          />
          <Group>
            <Button type="submit" color={TONE.danger} variant="light" loading={busy}>
              停用两步验证
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSection>
  );
}

/** The answer's field errors, or its message as `form`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const e = error as { fields?: Record<string, string>; errmsg?: string; message?: string };
  const fields = e.fields && Object.keys(e.fields).length > 0 ? e.fields : {};
  return Object.keys(fields).length > 0 ? fields : { form: e.errmsg ?? e.message ?? '操作失败' };
}

function fieldError(error: unknown, field: string): string {
  const fields = fieldErrors(error);
  return fields[field] ?? fields.form ?? Object.values(fields)[0] ?? '操作失败';
}

