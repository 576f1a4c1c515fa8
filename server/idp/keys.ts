import { hkdfSync } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { idpSigningKeys } from './tables';

/** An RS256 private key as a JWK, with `kid` (its RFC 7638 thumbprint), `alg` and `use` set. */
export type SigningJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig'; kty: 'RSA'; d: string };

/** Any constant shared by every process that may create the first key at the same moment. */
export const KEY_CREATION_LOCK = 7_240_533;

/**
 * The signing key every process uses: the oldest active one, created on first start. Persisted, so ID and access
 * tokens stay valid across restarts, and its `kid` is the key's thumbprint, so a new key always gets a new `kid`
 * (auth-js caches the JWKS for a day and would otherwise check a new key's signatures against the old one —
 * okta-compat §2.2). An advisory lock makes concurrent first starts agree on one key.
 */
export async function loadOrCreateSigningKey(db: Db): Promise<SigningJwk> {
  const existing = await oldestActiveKey(db);
  if (existing) return existing;
  const candidate = await generateSigningKey();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const raced = await oldestActiveKey(tx);
    if (raced) return raced;
    await tx.insert(idpSigningKeys).values({ kid: candidate.kid, privateJwk: candidate });
    return candidate;
  });
}

async function oldestActiveKey(db: Db): Promise<SigningJwk | undefined> {
  const [row] = await db
    .select()
    .from(idpSigningKeys)
    .where(eq(idpSigningKeys.active, true))
    .orderBy(asc(idpSigningKeys.createdAt), asc(idpSigningKeys.kid))
    .limit(1);
  return row?.privateJwk as SigningJwk | undefined;
}

export async function generateSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { ...jwk, kid, alg: 'RS256', use: 'sig' } as SigningJwk;
}

/** The public half, as published at /v1/keys. */
export function publicJwk({ kty, n, e, kid, alg, use }: SigningJwk): JWK {
  return { kty, n, e, kid, alg, use } as JWK;
}

/**
 * Keys that sign oidc-provider's cookies, derived from the signing key with HKDF: every process derives the same
 * ones without another stored secret, and they change when the signing key is replaced.
 */
export function cookieKeysFrom(key: SigningJwk): string[] {
  const derived = hkdfSync(
    'sha256',
    Buffer.from(key.d, 'base64url'),
    Buffer.from(key.kid),
    'gatehouse idp cookie keys',
    32,
  );
  return [Buffer.from(derived).toString('base64url')];
}
