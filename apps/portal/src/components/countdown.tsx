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
  // A page rendered on the server counted from the server's clock; hydration keeps that text
  // until the next tick instead of failing over a minute's difference.
  return (
    <Text className="fs-countdown" suppressHydrationWarning {...props}>
      {left ? `${prefix}${left}` : ended}
    </Text>
  );
}
