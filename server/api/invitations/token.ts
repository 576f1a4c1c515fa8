import { CompactEncrypt, compactDecrypt } from 'jose';
import * as v from 'valibot';

/**
 * The invitation's `st` token: what the invitation says (its id, the e-mail, the client, the expiry) sealed with
 * authenticated encryption (JWE compact, `dir` + `A256GCM`) under the server's invitation key (derived from the server
 * secret, server/secrets/derived-keys.ts). Nobody can read or change it without the key, so the e-mail in a link is
 * not disclosed to whoever sees the address, and a changed token does not open. What it cannot say — used or revoked —
 * the invitation's row says (validity.ts).
 */
export interface InvitationClaims {
  invitationId: string;
  email: string;
  clientId: string;
  expiresAt: Date;
}

const SealedSchema = v.object({ iid: v.string(), em: v.string(), cid: v.string(), exp: v.number() });

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function sealInvitation(claims: InvitationClaims, key: Uint8Array): Promise<string> {
  const payload = {
    iid: claims.invitationId,
    em: claims.email,
    cid: claims.clientId,
    exp: Math.floor(claims.expiresAt.getTime() / 1000),
  };
  return new CompactEncrypt(encoder.encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'gatehouse-invitation' })
    .encrypt(key);
}

/** The claims of a token sealed under this key, or null for anything else (tampered, another key, not a token). */
export async function openInvitation(token: string, key: Uint8Array): Promise<InvitationClaims | null> {
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(token, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    if (protectedHeader.typ !== 'gatehouse-invitation') return null;
    const sealed = v.safeParse(SealedSchema, JSON.parse(decoder.decode(plaintext)));
    if (!sealed.success) return null;
    const { iid, em, cid, exp } = sealed.output;
    return { invitationId: iid, email: em, clientId: cid, expiresAt: new Date(exp * 1000) };
  } catch {
    return null;
  }
}
