import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { WebAuthnCredential } from '@simplewebauthn/server';

type AuthenticatorTransportFuture = NonNullable<WebAuthnCredential['transports']>[number];

/** Okta's factor type and provider for passkeys (security keys and platform biometrics) in the Classic authn API. */
export const WEBAUTHN_FACTOR_TYPE = 'webauthn';
export const WEBAUTHN_PROVIDER = 'FIDO';

/**
 * Who the passkeys belong to: the RP id is the host name of the page where the widget runs (the portal's public URL),
 * and only assertions made on one of `origins` count. A passkey made for another site fails both checks.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The relying party of a portal served at `publicUrl`: its host name and its origin. */
export function relyingPartyFor(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name, origins: [url.origin] };
}

/** A fresh challenge of 32 random bytes, base64url: kept in the transaction until one answer uses it up. */
export const newChallenge = () => randomBytes(32).toString('base64url');

/**
 * Standard base64 (what the widget sends: its `binToStr` is `btoa`) to base64url without padding (what WebAuthn
 * libraries and the widget's own `strToBin` read). Undefined for anything that is not base64 at all.
 */
export function base64ToBase64Url(value: string | undefined): string | undefined {
  if (value === undefined || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) return undefined;
  return value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const knownTransports: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

/** The widget sends `getTransports()` as a JSON string (`'["usb","nfc"]'`); anything else counts as none. */
export function parseTransports(value: string | undefined): AuthenticatorTransportFuture[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is AuthenticatorTransportFuture => knownTransports.includes(item as string));
  } catch {
    return [];
  }
}

/**
 * The options of `navigator.credentials.create`, as Okta puts them in `_embedded.factor._embedded.activation`: the
 * widget spreads the object into `publicKey` after decoding `challenge`, `user.id` and each `excludeCredentials[].id`
 * from base64url. No attestation is asked for: we trust the passkey for the account, not a make of authenticator.
 */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; login: string; displayName: string },
  challenge: string,
  /** The person's passkeys already registered: the browser refuses to register the same authenticator twice. */
  exclude: readonly { credentialId: string; transports: AuthenticatorTransportFuture[] }[] = [],
) {
  const options = await generateRegistrationOptions({
    excludeCredentials: exclude.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.login,
    userDisplayName: user.displayName,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return { ...options, rp: { id: rp.id, name: rp.name } };
}

/** The options of `navigator.credentials.get` without `allowCredentials`, which the widget builds from the factor. */
export async function authenticationOptions(rp: RelyingParty, challenge: string) {
  const options = await generateAuthenticationOptions({
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    rpID: rp.id,
    userVerification: 'preferred',
  });
  return { challenge: options.challenge, rpId: rp.id, userVerification: options.userVerification, timeout: 60_000 };
}

/** What the widget posts to activate a passkey (EnrollWebauthnController), all base64 as it sends them. */
export interface WidgetAttestation {
  attestation?: string | undefined;
  clientData?: string | undefined;
  transports?: string | undefined;
}

export interface RegisteredCredential {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: AuthenticatorTransportFuture[];
}

/**
 * Checks a new credential against the challenge of the enrolment, the RP id and the origins; undefined when any
 * check fails (a forged or foreign attestation, another site's origin, a challenge of another enrolment). The widget
 * sends no credential id: the one inside the attested authenticator data is the one kept.
 */
export async function verifyRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  sent: WidgetAttestation,
): Promise<RegisteredCredential | undefined> {
  const attestationObject = base64ToBase64Url(sent.attestation);
  const clientDataJSON = base64ToBase64Url(sent.clientData);
  if (!attestationObject || !clientDataJSON) return undefined;
  const transports = parseTransports(sent.transports);
  try {
    const result = await verifyRegistrationResponse({
      // The library only compares `id` with `rawId`; the credential id it returns comes from the authenticator data.
      response: {
        id: 'widget',
        rawId: 'widget',
        type: 'public-key',
        response: { attestationObject, clientDataJSON, transports },
        clientExtensionResults: {},
      },
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports,
    };
  } catch {
    return undefined;
  }
}

/** What the widget posts to verify with a passkey (VerifyWebauthnController), all base64 as it sends them. */
export interface WidgetAssertion {
  clientData?: string | undefined;
  authenticatorData?: string | undefined;
  signatureData?: string | undefined;
}

/**
 * Checks an assertion against the stored credential, the challenge of this verification, the RP id and the origins.
 * Resolves with the authenticator's new signature counter, or undefined when any check fails, including a counter
 * that did not grow (a cloned authenticator), as WebAuthn §6.1.1 advises for authenticators that keep one.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  expectedChallenge: string,
  credential: RegisteredCredential,
  sent: WidgetAssertion,
): Promise<number | undefined> {
  const clientDataJSON = base64ToBase64Url(sent.clientData);
  const authenticatorData = base64ToBase64Url(sent.authenticatorData);
  const signature = base64ToBase64Url(sent.signatureData);
  if (!clientDataJSON || !authenticatorData || !signature) return undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response: {
        id: credential.credentialId,
        rawId: credential.credentialId,
        type: 'public-key',
        response: { clientDataJSON, authenticatorData, signature },
        clientExtensionResults: {},
      },
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.signCount,
        transports: credential.transports,
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
