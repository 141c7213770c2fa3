import { useEffect, useState } from 'react';
import { Group, Skeleton, TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import type { CallOptions } from '@flagship/api-client';

/** The part of the SDK client the captcha uses (the real `ApiClient` fits). */
export interface CaptchaApi {
  auth: { captcha(input?: undefined, options?: CallOptions): Promise<Blob> };
}

export interface CaptchaProps {
  api: CaptchaApi;
  /** A new value asks for a new image. */
  version?: number;
}

/** The captcha image (GET /api/verify as an object URL); click it for another. */
export function Captcha({ api, version = 0 }: CaptchaProps) {
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
  }, [api, round, version]);

  return (
    <UnstyledButton onClick={() => setRound((n) => n + 1)} title="看不清？点击换一张" aria-label="图形验证码，点击换一张" className="fs-captcha">
      {url ? <img src={url} alt="图形验证码" width={120} height={40} /> : <Skeleton width={120} height={40} />}
    </UnstyledButton>
  );
}

/** The captcha's text input with the image beside it. */
export function CaptchaInput({ api, version, ...props }: TextInputProps & CaptchaProps) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput label="图形验证码" required placeholder="请输入右侧字符" autoComplete="off" style={{ flex: 1 }} {...props} />
      <div style={{ marginTop: 25 }}>
        <Captcha api={api} version={version} />
      </div>
    </Group>
  );
}
