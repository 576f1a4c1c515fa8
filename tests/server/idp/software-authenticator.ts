import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software WebAuthn authenticator for tests: a P-256 key pair made here, attestation format `none`, and assertions
 * signed as an authenticator signs them (WebAuthn §6.3.3: ECDSA over authenticatorData ‖ SHA-256(clientDataJSON)).
 * Its answers are encoded as the Okta Sign-In Widget posts them: standard base64 (the widget's `binToStr` is btoa).
 */

/** Just the CBOR (RFC 8949) the attestation object and a COSE key need: integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  throw new Error('CBOR item too long for this encoder');
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64');
const uint32 = (n: number) => Buffer.from([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);

/** authenticatorData flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Ceremony {
  /** The challenge the server sent (base64url), as the browser puts it in clientDataJSON. */
  challenge: string;
  /** The page's origin as the browser reports it. */
  origin: string;
  /** The RP id the authenticator scopes the credential to (hashed into authenticatorData). */
  rpId: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Buffer;
  private counter = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  get credentialIdBase64Url(): string {
    return this.credentialId.toString('base64url');
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', ceremony: Ceremony): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: ceremony.challenge, origin: ceremony.origin, crossOrigin: false }),
    );
  }

  /** navigator.credentials.create with attestation `none`, as the widget posts it to …/lifecycle/activate. */
  attest(ceremony: Ceremony) {
    const credentialLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([UP | UV | AT]),
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      credentialLength,
      this.credentialId,
      this.coseKey,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      attestation: b64(attestationObject),
      clientData: b64(this.clientData('webauthn.create', ceremony)),
      transports: JSON.stringify(['internal']),
      clientExtensions: JSON.stringify({}),
    };
  }

  /** navigator.credentials.get, as the widget posts it to …/verify; each assertion moves the counter on. */
  assert(ceremony: Ceremony) {
    this.counter += 1;
    const authenticatorData = Buffer.concat([sha256(ceremony.rpId), Buffer.from([UP | UV]), uint32(this.counter)]);
    const clientData = this.clientData('webauthn.get', ceremony);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), this.privateKey);
    return {
      clientData: b64(clientData),
      authenticatorData: b64(authenticatorData),
      signatureData: b64(signature),
    };
  }
}
