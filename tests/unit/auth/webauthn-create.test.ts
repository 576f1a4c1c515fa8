import { describe, expect, it } from 'vitest';
import { attestationOf, base64UrlToBytes, bytesToBase64, creationOptionsOf } from '@src/auth/webauthn-create';
import { pendingPasskey } from '../../support/security-devices-fixtures';

/**
 * The browser's half of "Add a passkey" (issue 31 item 2): the identity provider's base64url options become the
 * buffers navigator.credentials.create takes, and its credential the base64 fields the activation takes.
 */
describe('passkey creation options and attestation', () => {
  it('reads base64url with or without padding, and writes standard base64', () => {
    expect(new TextDecoder().decode(base64UrlToBytes('aGk_Pz8-'))).toBe('hi???>');
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([251, 255]);
    expect(bytesToBase64(new Uint8Array([251, 255]).buffer)).toBe('+/8=');
    expect(bytesToBase64(base64UrlToBytes(pendingPasskey.activation.challenge).buffer)).toBe(
      'Y2hhbGxlbmdlLW9mLXRoZS1uZXctcGFzc2tleQ==',
    );
  });

  it('turns the options’ challenge, user id and excluded passkeys into bytes, the rest as given', () => {
    const options = creationOptionsOf(pendingPasskey.activation);
    expect(new TextDecoder().decode(options.challenge as Uint8Array)).toBe('challenge-of-the-new-passkey');
    expect(new TextDecoder().decode(options.user.id as Uint8Array)).toBe('00ujudy');
    expect(options.user.name).toBe('judy@example.com');
    expect(options.rp).toEqual({ id: 'localhost', name: 'Gatehouse' });
    expect(
      options.excludeCredentials?.map((credential) => new TextDecoder().decode(credential.id as Uint8Array)),
    ).toEqual(['first-passkey']);
    expect(options.excludeCredentials?.[0]?.transports).toEqual(['internal']);
    expect('timeout' in options).toBe(false);
  });

  it('sends the attestation object and client data as base64 and the transports as JSON', () => {
    const credential = {
      response: {
        attestationObject: new Uint8Array([1, 2, 3]).buffer,
        clientDataJSON: new TextEncoder().encode('{}').buffer,
        getTransports: () => ['usb', 'nfc'],
      },
    } as unknown as PublicKeyCredential;
    expect(attestationOf(credential)).toEqual({ attestation: 'AQID', clientData: 'e30=', transports: '["usb","nfc"]' });
  });
});
