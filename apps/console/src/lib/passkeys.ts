import type { PasskeyCredential, PasskeyOptions } from '@flagship/api-client';
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';

// Passkeys (issue 16) through @simplewebauthn/browser: the server's options in, the authenticator's answer out.

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && browserSupportsWebAuthn();
}

/** What went wrong, in words for the member (the browser's own messages are in English). */
export function passkeyProblem(error: unknown): string {
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return '已取消，或等待通行密钥超时，请重试';
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return '此设备上的通行密钥已添加过';
  return '浏览器未能使用通行密钥，请重试或改用一次性验证码';
}

export async function createPasskey(options: PasskeyOptions): Promise<PasskeyCredential> {
  return (await startRegistration({ optionsJSON: options as never })) as unknown as PasskeyCredential;
}

export async function signWithPasskey(options: PasskeyOptions): Promise<PasskeyCredential> {
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as PasskeyCredential;
}
