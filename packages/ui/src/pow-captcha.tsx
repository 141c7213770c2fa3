import { useEffect, useRef, useState } from 'react';
import { Input } from '@mantine/core';
import type { CallOptions, PowChallenge } from '@flagship/api-client';
import type {} from 'altcha/types/react';
import { CaptchaInput, type CaptchaApi } from './captcha';

/** The part of the SDK client the proof-of-work captcha uses (the real `ApiClient` fits). */
export interface PowCaptchaApi extends CaptchaApi {
  auth: CaptchaApi['auth'] & { challenge(input?: undefined, options?: CallOptions): Promise<PowChallenge> };
}

export interface PowCaptchaProps {
  api: PowCaptchaApi;
  /** A new value asks for a new challenge (after a refused attempt: each is used once). */
  version?: number;
  /** The form's `captcha` value: the solved payload, or the image's characters in the fallback. */
  value?: string;
  /** The solved payload, or '' while unsolved; it goes in the form's `captcha` field. */
  onChange?: (payload: string) => void;
  error?: React.ReactNode;
}

const STRINGS = {
  ariaLinkLabel: 'ALTCHA',
  cancel: '取消',
  enterCode: '输入验证码',
  enterCodeAria: '输入听到的验证码，按空格键播放',
  enterCodeFromImage: '请输入下图中的验证码',
  error: '验证失败，请稍后再试',
  expired: '验证已过期，请重新验证',
  footer: '',
  getAudioChallenge: '获取语音验证码',
  label: '我不是机器人',
  loading: '加载中…',
  reload: '重新加载',
  verify: '验证',
  verificationRequired: '请先完成人机验证',
  verified: '验证通过',
  verifying: '正在验证…',
  waitAlert: '正在验证，请稍候…',
};

type AltchaElement = HTMLElement & {
  configure(config: Record<string, unknown>): Promise<void>;
  reset(): void;
};

/**
 * The widget's code loads only in the browser, with its SHA worker built by Vite from our own
 * origin (the CSP's script-src 'self' covers it; no blob: workers, nothing from a CDN).
 */
async function loadWidget() {
  const [, { default: ShaWorker }] = await Promise.all([
    import('altcha/external'),
    import('altcha/workers/sha?worker'),
    import('altcha/altcha.css'),
  ]);
  globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
  globalThis.$altcha.i18n.set('zh-cn', STRINGS);
}

/**
 * A proof-of-work captcha (altcha): the browser spends a moment of work, no one reads an image.
 * Solving starts when the visitor focuses the form; the payload replaces the image's answer.
 * Where the widget cannot run (its script refused, or its work failing), the image captcha takes its place,
 * so every person can still sign in.
 */
export function PowCaptcha({ api, version = 0, value = '', onChange, error }: PowCaptchaProps) {
  const ref = useRef<AltchaElement>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let live = true;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current?.(state === 'verified' && payload ? payload : '');
      // The work itself failed (no worker, no challenge): the image lets the person go on.
      if (state === 'error') {
        console.error('人机验证失败，改用图形验证码');
        setFailed(true);
      }
    };
    element.addEventListener('statechange', onState);
    loadWidget().then(async () => {
      if (!live) return;
      await element.configure({
        challenge: '/api/challenge',
        // Through the SDK: its base URL, envelope and error policy.
        fetch: async () => Response.json(await api.auth.challenge()),
        auto: 'onfocus',
        language: 'zh-cn',
        hideFooter: true,
        hideLogo: true,
        minDuration: 0,
      });
      element.reset();
      if (live) setReady(true);
    }).catch((reason: unknown) => {
      console.error('人机验证组件加载失败，改用图形验证码', reason);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
      element.removeEventListener('statechange', onState);
    };
  }, [api]);

  // A new round (after a refused attempt: each solution is used once) starts unverified at once;
  // the next focus in the form solves a new challenge.
  const firstRound = useRef(version);
  useEffect(() => {
    if (version !== firstRound.current) (ref.current as Partial<AltchaElement> | null)?.reset?.();
  }, [version]);

  if (failed) {
    return <CaptchaInput api={api} version={version} value={value} onChange={(event) => onChange?.(event.currentTarget.value)} error={error} />;
  }
  return (
    <Input.Wrapper label="人机验证" required error={error} className="fs-pow-captcha" data-ready={ready || undefined}>
      <altcha-widget ref={ref} suppressHydrationWarning />
    </Input.Wrapper>
  );
}
