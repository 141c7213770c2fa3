import type { PasskeyCredential, PasskeyOptions } from '@flagship/api-client';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Executor } from '../db/client';
import type { Config } from '../env';
import { lockPasskey, markPasskeyUsed, type PasskeyRow } from './staff-two-factor-repository';

/**
 * Passkeys (WebAuthn) for staff and experts (issue 16), with @simplewebauthn/server. The relying
 * party is the console's own address (CONSOLE_URL): its host name is the RP ID and its origin the
 * only origin a passkey may be used from, so a look-alike site cannot ask for a signature.
 */

/** How long a WebAuthn ceremony (and its challenge) may take: the sign-in challenge's 5 minutes. */
export const CEREMONY_TTL_MS = 5 * 60_000;

export function relyingParty(config: Config): { rpID: string; origin: string } {
  const url = new URL(config.consoleUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const transportsOf = (row: Pick<PasskeyRow, 'credentialId' | 'transports'>) => ({
  id: row.credentialId,
  transports: row.transports as AuthenticatorTransport[],
});

/** The challenge the browser signed, read from clientDataJSON (checked against the stored one after). */
export function challengeOf(credential: PasskeyCredential): string | null {
  try {
    const clientData = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' && clientData.challenge ? clientData.challenge : null;
  } catch {
    return null;
  }
}

export async function registrationOptions(
  config: Config,
  member: { id: number; account: string; name: string },
  siteTitle: string,
  existing: PasskeyRow[],
): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(config);
  // Spread: the contract's loose object wants a plain object type, not the library's interface.
  return {
    ...(await generateRegistrationOptions({
    rpName: siteTitle || '管理后台',
    rpID,
    userName: member.account,
    userDisplayName: member.name || member.account,
    // A stable handle per member that says nothing about them beyond this site.
    userID: new TextEncoder().encode(`staff-${member.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map(transportsOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CEREMONY_TTL_MS,
    })),
  };
}

/** The new credential when the authenticator's answer matches the challenge, origin and RP ID; else null. */
export async function verifyRegistration(
  config: Config,
  credential: PasskeyCredential,
  expectedChallenge: string,
): Promise<{ credentialId: string; publicKey: string; signCount: number; transports: string[] } | null> {
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential: created } = result.registrationInfo;
    return {
      credentialId: created.id,
      publicKey: Buffer.from(created.publicKey).toString('base64url'),
      signCount: created.counter,
      transports: created.transports ?? credential.response.transports ?? [],
    };
  } catch {
    // The library throws on any malformed or mismatched answer: for us, not verified.
    return null;
  }
}

export async function authenticationOptions(config: Config, passkeys: PasskeyRow[]): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(config);
  return {
    ...(await generateAuthenticationOptions({
      rpID,
      allowCredentials: passkeys.map(transportsOf),
      userVerification: 'preferred',
      timeout: CEREMONY_TTL_MS,
    })),
  };
}

/**
 * Check a signature by one of the member's own passkeys over `expectedChallenge` and move its
 * counter. Returns the passkey, or null (unknown or removed passkey, another member's, bad signature,
 * a counter that went backwards: a cloned authenticator).
 */
export async function spendPasskey(
  tx: Executor,
  config: Config,
  staffId: number,
  credential: PasskeyCredential,
  expectedChallenge: string,
): Promise<PasskeyRow | null> {
  const row = await lockPasskey(tx, staffId, credential.id);
  if (!row) return null;
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: row.credentialId, publicKey: Buffer.from(row.publicKey, 'base64url'), counter: row.signCount, transports: transportsOf(row).transports },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    await markPasskeyUsed(tx, row.id, result.authenticationInfo.newCounter);
    return row;
  } catch {
    return null;
  }
}
