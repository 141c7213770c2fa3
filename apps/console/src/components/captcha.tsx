import { useEffect, useState } from 'react';
import { Skeleton, UnstyledButton } from '@mantine/core';
import { api } from '../lib/api';

/** The captcha image (GET /api/verify as an object URL); click it for another. `version` forces a new one. */
export function Captcha({ version = 0 }: { version?: number }) {
  const [url, setUrl] = useState<string>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    let objectUrl: string | undefined;
    // Aborting the superseded request keeps its cookie from replacing the newer captcha's.
    const controller = new AbortController();
    api.auth.captcha(undefined, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => {},
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [round, version]);

  return (
    <UnstyledButton onClick={() => setRound((n) => n + 1)} title="看不清？点击换一张" aria-label="图形验证码，点击换一张" className="fc-captcha">
      {url ? <img src={url} alt="图形验证码" width={120} height={40} /> : <Skeleton width={120} height={40} />}
    </UnstyledButton>
  );
}
