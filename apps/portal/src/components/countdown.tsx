import { useEffect, useState } from 'react';
import { Text, type TextProps } from '@mantine/core';
import { remaining } from '../lib/format';

/** Time left until `to`, refreshed every 30 s. */
export function Countdown({ to, prefix, ended, ...props }: TextProps & { to: string; prefix: string; ended: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = remaining(to, now);
  return (
    <Text className="fs-countdown" {...props}>
      {left ? `${prefix}${left}` : ended}
    </Text>
  );
}
