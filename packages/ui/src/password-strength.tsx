import { useEffect, useState } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { PASSWORD_EXTRA_WORDS, PASSWORD_TRANSLATIONS, passwordStrength, type PasswordStrength } from '@flagship/api-client';

type Check = (password: string, userInputs: string[]) => PasswordStrength;
let checker: Promise<Check> | undefined;

/** zxcvbn and its dictionary (~1 MB) load on first use, never with the page. */
export function loadPasswordChecker(): Promise<Check> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }]) => {
      // The same options as the server's (apps/server/src/lib/password-strength.ts), so the same verdict.
      const zxcvbn = new ZxcvbnFactory({
        dictionary: { ...dictionary, extra: PASSWORD_EXTRA_WORDS },
        graphs: adjacencyGraphs,
        translations: PASSWORD_TRANSLATIONS,
      });
      return (password, userInputs) => passwordStrength(zxcvbn.check(password.slice(0, 100), userInputs));
    },
  );
  return checker;
}

const COLORS = { 弱: 'red', 一般: 'yellow', 强: 'green' } as const;

export interface PasswordStrengthMeterProps {
  password: string;
  /** What is known of the owner (account, name, e-mail): a password built on it is weak. */
  userInputs?: string[];
}

/** A bar and 弱/一般/强 under a new-password field, with zxcvbn's advice in Chinese. */
export function PasswordStrengthMeter({ password, userInputs = [] }: PasswordStrengthMeterProps) {
  const [strength, setStrength] = useState<PasswordStrength>();
  const inputs = userInputs.join('\n');

  useEffect(() => {
    let live = true;
    if (!password) {
      setStrength(undefined);
      return;
    }
    void loadPasswordChecker().then((check) => {
      if (live) setStrength(check(password, inputs ? inputs.split('\n') : []));
    });
    return () => {
      live = false;
    };
  }, [password, inputs]);

  if (!password || !strength) return null;
  return (
    <Stack gap={4} className="fs-password-strength" aria-live="polite">
      <Progress value={((strength.score + 1) / 5) * 100} color={COLORS[strength.label]} size="sm" aria-label="密码强度" />
      <Group gap="xs">
        <Text size="sm">密码强度：{strength.label}</Text>
      </Group>
      {strength.hints.map((hint) => (
        <Text key={hint} size="xs" c="dimmed">
          {hint}
        </Text>
      ))}
    </Stack>
  );
}
