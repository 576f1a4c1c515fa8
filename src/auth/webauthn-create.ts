import type { PasskeyActivation, PasskeyAttestation } from '@contracts/my-security';

/*
 * The browser's half of adding a passkey (issue 31 item 2): the identity provider's creation options, binary fields
 * base64url in JSON, become the ArrayBuffers navigator.credentials.create takes, and the credential it makes becomes
 * the base64 fields the activation takes. Written here rather than pulling in @simplewebauthn/browser for a few lines.
 */

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Standard base64 with padding, as the sign-in widget sends an attestation (the server takes either alphabet). */
export function bytesToBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The fields that are set (the browser's dictionaries take a missing field, not an undefined one). */
const definedOnly = (fields: object) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/** The options as navigator.credentials.create takes them. */
export function creationOptionsOf(activation: PasskeyActivation): PublicKeyCredentialCreationOptions {
  return {
    challenge: base64UrlToBytes(activation.challenge),
    rp: activation.rp,
    user: { ...activation.user, id: base64UrlToBytes(activation.user.id) },
    pubKeyCredParams: activation.pubKeyCredParams,
    ...(activation.timeout === undefined ? {} : { timeout: activation.timeout }),
    ...(activation.attestation === undefined ? {} : { attestation: activation.attestation }),
    excludeCredentials: activation.excludeCredentials.map((credential) => ({
      type: credential.type,
      id: base64UrlToBytes(credential.id),
      ...(credential.transports === undefined ? {} : { transports: credential.transports as AuthenticatorTransport[] }),
    })),
    ...(activation.authenticatorSelection === undefined
      ? {}
      : { authenticatorSelection: definedOnly(activation.authenticatorSelection) }),
  };
}

/** The new credential as the activation takes it. */
export function attestationOf(credential: PublicKeyCredential): PasskeyAttestation {
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    attestation: bytesToBase64(response.attestationObject),
    clientData: bytesToBase64(response.clientDataJSON),
    transports: JSON.stringify(typeof response.getTransports === 'function' ? response.getTransports() : []),
  };
}

/**
 * Asks the browser (and the person) for a new passkey. A prompt the person cancels or lets time out rejects with the
 * browser's own `NotAllowedError`, which the machine tells apart from a failure; a browser without WebAuthn is one.
 */
export async function createPasskey(activation: PasskeyActivation): Promise<PasskeyAttestation> {
  // Outside a secure context (plain http on another host) the browser has neither.
  if (!('PublicKeyCredential' in globalThis) || !('credentials' in navigator))
    throw new Error('This browser cannot make passkeys.');
  const credential = await navigator.credentials.create({ publicKey: creationOptionsOf(activation) });
  if (!(credential instanceof PublicKeyCredential)) throw new Error('The browser made no passkey.');
  return attestationOf(credential);
}
