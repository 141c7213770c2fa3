import { useEffect, useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { api, showSuccess } from '../lib/api';
import { passkeyProblem, passkeysSupported, signWithPasskey } from '../lib/passkeys';
import { closeReauth, useReauthOpen } from '../lib/reauth';

/** Asks for the password, a TOTP code or a passkey when a sensitive action needs a recent proof (issue 16). */
export function ReauthModal() {
  const opened = useReauthOpen();
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);

  const close = () => {
    setValue('');
    setError(null);
    closeReauth();
  };
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.console.reauth(withCode ? { code: value } : { password: value }, { silent: true });
      close();
      showSuccess('身份已验证，请重新执行刚才的操作');
    } catch (e) {
      const answer = e as { fields?: Record<string, string>; errmsg?: string };
      setError(answer.fields?.[withCode ? 'code' : 'password'] ?? answer.errmsg ?? '验证失败');
    } finally {
      setBusy(false);
    }
  };

  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await api.console.reauthPasskeyOptions(undefined, { silent: true });
      let credential;
      try {
        credential = await signWithPasskey(options);
      } catch (e) {
        setError(passkeyProblem(e));
        return;
      }
      await api.console.reauth({ passkey: credential }, { silent: true });
      close();
      showSuccess('身份已验证，请重新执行刚才的操作');
    } catch (e) {
      const answer = e as { fields?: Record<string, string>; errmsg?: string };
      setError(answer.fields?.passkey ?? answer.errmsg ?? '验证失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="请再次验证身份" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">这是敏感操作，距上次验证已超过 10 分钟。请输入{withCode ? '验证器中的一次性验证码' : '登录密码'}。</Text>
          {withCode ? (
            <TextInput label="一次性验证码" required inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} />
          ) : (
            <PasswordInput label="密码" required autoComplete="current-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} />
          )}
          <Group justify="space-between">
            {supported && (
              <Button variant="subtle" size="compact-sm" onClick={() => void passkey()} disabled={busy}>
                使用通行密钥
              </Button>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setWithCode((v) => !v);
                setValue('');
                setError(null);
              }}
            >
              {withCode ? '改用密码' : '改用一次性验证码'}
            </Button>
            <Button type="submit" loading={busy}>
              验证
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
