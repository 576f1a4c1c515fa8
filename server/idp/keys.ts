import { hkdfSync } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import type { Sealer } from '../secrets/seal';
import { signingKeyContext } from './sealing';
import { idpSigningKeys } from './tables';

/** An RS256 private key as a JWK, with `kid` (its RFC 7638 thumbprint), `alg` and `use` set. */
export type SigningJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig'; kty: 'RSA'; d: string };

/** Any constant shared by every process that may create or rotate keys at the same moment. */
export const KEY_CREATION_LOCK = 7_240_533;

const DAY_MS = 24 * 3600_000;

/** When keys change (docs/identity.md "Signing keys"). */
export interface KeyPolicy {
  /** A successor is published when the signing key has signed this long; 0: never automatically. Default 90 days. */
  rotateAfterMs: number;
  /** How long a new key is published before it signs: longer than any client caches the JWKS (auth-js: a day). */
  overlapMs: number;
  /** The longest life of a token the keys sign (access and ID tokens: an hour). */
  tokenLifetimeMs: number;
  /** Added to the token lifetime before an old key retires: clock skew and processes that refresh late. */
  retireMarginMs: number;
}

export const defaultKeyPolicy: KeyPolicy = {
  rotateAfterMs: 90 * DAY_MS,
  overlapMs: 2 * DAY_MS,
  tokenLifetimeMs: 3600_000,
  retireMarginMs: 15 * 60_000,
};

/** A key of the set, opened. */
export interface StoredKey {
  jwk: SigningJwk;
  createdAt: Date;
  signsFrom: Date;
  retiresAt: Date | null;
  active: boolean;
}

/**
 * The keys in the JWKS, newest last, and the one that signs at `now`: the active key that started signing last. When
 * none has started yet, the first to start: that is the first key of a database, made by another process whose clock
 * read a moment later than this one's (processes starting together), never a successor (one always signs before it).
 */
export function signerAt(keys: readonly StoredKey[], now: Date): StoredKey | undefined {
  let signer: StoredKey | undefined;
  let first: StoredKey | undefined;
  for (const key of keys) {
    if (!key.active) continue;
    if (first === undefined || key.signsFrom < first.signsFrom) first = key;
    if (key.signsFrom > now) continue;
    if (signer === undefined || key.signsFrom > signer.signsFrom) signer = key;
  }
  return signer ?? first;
}

/** Every key, retired ones too, oldest first (`keys list`). */
export async function listSigningKeys(db: Db, sealer: Sealer): Promise<StoredKey[]> {
  const rows = await db.select().from(idpSigningKeys).orderBy(asc(idpSigningKeys.signsFrom), asc(idpSigningKeys.kid));
  return rows.map((row) => storedKeyOf(sealer, row));
}

/** A row of the key table, its private key opened. */
const storedKeyOf = (sealer: Sealer, row: typeof idpSigningKeys.$inferSelect): StoredKey => ({
  jwk: openJwk(sealer, row),
  createdAt: row.createdAt,
  signsFrom: row.signsFrom,
  retiresAt: row.retiresAt,
  active: row.active,
});

function openJwk(sealer: Sealer, row: typeof idpSigningKeys.$inferSelect): SigningJwk {
  if (row.sealedJwk !== null) return JSON.parse(sealer.open(row.sealedJwk, signingKeyContext(row.kid))) as SigningJwk;
  // Only before the start's sealing step (server/idp/sealing.ts) has run.
  return row.privateJwk as SigningJwk;
}

async function insertKey(tx: Db, sealer: Sealer, key: SigningJwk, createdAt: Date, signsFrom: Date): Promise<void> {
  await tx.insert(idpSigningKeys).values({
    kid: key.kid,
    sealedJwk: sealer.seal(JSON.stringify(key), signingKeyContext(key.kid)),
    createdAt,
    signsFrom,
  });
}

/**
 * Brings the key set up to date at `now`, in one transaction under an advisory lock (several processes may do it at
 * the same moment; the second finds the work done): creates the first key (signing at once) when there is none;
 * publishes a successor, signing `overlapMs` later, when the signing key has signed for `rotateAfterMs` and none is
 * waiting; gives each key a newer key has replaced its `retiresAt` (the successor's start + the token lifetime + the
 * margin), and retires it from the JWKS once that has passed. Returns the active keys.
 */
export async function maintainSigningKeys(
  db: Db,
  sealer: Sealer,
  policy: KeyPolicy = defaultKeyPolicy,
  now: Date = new Date(),
): Promise<StoredKey[]> {
  const active = await activeKeys(db, sealer);
  if (!needsWork(active, policy, now)) return active;
  const candidate = await generateSigningKey();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    let keys = await activeKeys(tx, sealer);
    if (keys.length === 0) {
      await insertKey(tx, sealer, candidate, now, now);
    } else if (successorDue(keys, policy, now)) {
      await insertKey(tx, sealer, candidate, now, new Date(now.getTime() + policy.overlapMs));
    }
    keys = await activeKeys(tx, sealer);
    for (const [key, retiresAt] of retirements(keys, policy, now)) {
      const retire = retiresAt <= now;
      await tx
        .update(idpSigningKeys)
        .set({ retiresAt, active: !retire })
        .where(and(eq(idpSigningKeys.kid, key.jwk.kid), eq(idpSigningKeys.active, true)));
    }
    return activeKeys(tx, sealer);
  });
}

/**
 * Publishes a new key now, signing after the overlap (`keys rotate`), unless one is already waiting to sign: that one
 * is returned instead, so a repeated command does not push the change further away.
 */
export async function rotateSigningKey(
  db: Db,
  sealer: Sealer,
  policy: KeyPolicy = defaultKeyPolicy,
  now: Date = new Date(),
): Promise<StoredKey> {
  const candidate = await generateSigningKey();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const keys = await activeKeys(tx, sealer);
    const waiting = keys.find((key) => key.signsFrom > now);
    if (waiting) return waiting;
    const signsFrom = keys.length === 0 ? now : new Date(now.getTime() + policy.overlapMs);
    await insertKey(tx, sealer, candidate, now, signsFrom);
    return { jwk: candidate, createdAt: now, signsFrom, retiresAt: null, active: true };
  });
}

async function activeKeys(db: Db, sealer: Sealer): Promise<StoredKey[]> {
  const rows = await db
    .select()
    .from(idpSigningKeys)
    .where(eq(idpSigningKeys.active, true))
    .orderBy(asc(idpSigningKeys.signsFrom), asc(idpSigningKeys.kid));
  return rows.map((row) => storedKeyOf(sealer, row));
}

function needsWork(keys: readonly StoredKey[], policy: KeyPolicy, now: Date): boolean {
  if (keys.length === 0 || successorDue(keys, policy, now)) return true;
  return retirements(keys, policy, now).some(
    ([key, retiresAt]) => key.retiresAt?.getTime() !== retiresAt.getTime() || retiresAt <= now,
  );
}

function successorDue(keys: readonly StoredKey[], policy: KeyPolicy, now: Date): boolean {
  if (policy.rotateAfterMs <= 0 || keys.some((key) => key.signsFrom > now)) return false;
  const signer = signerAt(keys, now);
  return signer !== undefined && signer.signsFrom.getTime() + policy.rotateAfterMs <= now.getTime();
}

/** Each replaced key (a newer key already signs) with the moment the last token it could have signed expires. */
function retirements(keys: readonly StoredKey[], policy: KeyPolicy, now: Date): [StoredKey, Date][] {
  const signer = signerAt(keys, now);
  if (signer === undefined) return [];
  return keys
    .filter((key) => key.signsFrom < signer.signsFrom)
    .map((key) => {
      const replacedAt = Math.min(...keys.filter((k) => k.signsFrom > key.signsFrom).map((k) => k.signsFrom.getTime()));
      return [key, new Date(replacedAt + policy.tokenLifetimeMs + policy.retireMarginMs)];
    });
}

/**
 * The signing key every process uses now, creating the first one on first start (for callers outside the running
 * provider, such as tests and scripts; the provider keeps its set current with a `KeyRing`).
 */
export async function loadOrCreateSigningKey(db: Db, sealer: Sealer, now: Date = new Date()): Promise<SigningJwk> {
  const keys = await maintainSigningKeys(db, sealer, { ...defaultKeyPolicy, rotateAfterMs: 0 }, now);
  const signer = signerAt(keys, now);
  if (signer === undefined) throw new Error('no signing key');
  return signer.jwk;
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
 * The keys that signed oidc-provider's cookies before they were derived from the server secret (a session cookie set
 * then still verifies): HKDF of a signing key, as it was.
 */
export function legacyCookieKeyFrom(key: SigningJwk): string {
  const derived = hkdfSync(
    'sha256',
    Buffer.from(key.d, 'base64url'),
    Buffer.from(key.kid),
    'gatehouse idp cookie keys',
    32,
  );
  return Buffer.from(derived).toString('base64url');
}
