import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKeyPolicy, maintainSigningKeys, rotateSigningKey } from '@server/idp/keys';
import { idpSigningKeys } from '@server/idp/tables';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { discoverOverHttp, signInForTokens, startIdp, type IdpHarness } from './harness';

const SCOPE = 'openid profile email offline_access';

describe.each(databaseKinds)('signing-key rotation (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;
  // The key ring's clock: moved by the test, never waited for. Tokens keep oidc-provider's real clock.
  let now = new Date();
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    h = await startIdp(kind, { now: () => now });
    await createUser(h.test.database.db, {
      login: 'rota@example.com',
      email: 'rota@example.com',
      password: 'Rotating-Key-5',
    });
    config = await discoverOverHttp(h.issuer);
  });
  afterAll(() => h.close());

  const jwks = async () => (await (await fetch(`${h.issuer}/v1/keys`)).json()) as JSONWebKeySet;
  const kidsOf = async () => (await jwks()).keys.map((key) => key.kid);
  const signIn = () =>
    signInForTokens(h, config, { username: 'rota@example.com', password: 'Rotating-Key-5', scope: SCOPE });
  const kidOf = (jwt: string) => decodeProtectedHeader(jwt).kid;
  const userinfoAccepts = async (accessToken: string) =>
    (await fetch(`${h.issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } })).status === 200;

  it('publishes the successor at once, signs with it only after the overlap, and retires the old key once its last token has expired', async () => {
    const oldKid = h.idp.keys.signing().kid;
    const before = await signIn();
    expect(kidOf(before.id_token!)).toBe(oldKid);
    expect(kidOf(before.access_token)).toBe(oldKid);
    // A client that cached the JWKS before the rotation (auth-js keeps it a day).
    const cachedBefore = createLocalJWKSet(await jwks());

    // 90 days on: the automatic rotation publishes a successor, which does not sign yet.
    advance(defaultKeyPolicy.rotateAfterMs);
    await h.idp.keys.refresh();
    const published = await kidsOf();
    expect(published).toHaveLength(2);
    const newKid = published.find((kid) => kid !== oldKid)!;
    const duringOverlap = await signIn();
    expect(kidOf(duringOverlap.id_token!)).toBe(oldKid);
    expect(kidOf(duringOverlap.access_token)).toBe(oldKid);
    // The cached set still verifies what is signed during the overlap, and the old tokens still work.
    await jwtVerify(duringOverlap.id_token!, cachedBefore, { issuer: h.issuer });
    expect(await userinfoAccepts(before.access_token)).toBe(true);
    // A client that fetched the JWKS during the overlap (any time in it) knows the key that will sign next.
    const cachedDuringOverlap = createLocalJWKSet(await jwks());

    // Past the overlap: new tokens carry the new kid, tokens of the old key still verify.
    advance(defaultKeyPolicy.overlapMs);
    await h.idp.keys.refresh();
    const after = await signIn();
    expect(kidOf(after.id_token!)).toBe(newKid);
    expect(kidOf(after.access_token)).toBe(newKid);
    await jwtVerify(after.id_token!, cachedDuringOverlap, { issuer: h.issuer });
    await jwtVerify(after.access_token, cachedDuringOverlap, { issuer: h.issuer });
    expect(await userinfoAccepts(before.access_token)).toBe(true);
    expect(await userinfoAccepts(after.access_token)).toBe(true);
    expect(await kidsOf()).toEqual([newKid, oldKid]);
    // A refresh token from before the rotation goes on, now with tokens of the new key.
    const refreshed = await oidc.refreshTokenGrant(config, before.refresh_token!, { scope: before.scope! });
    expect(kidOf(refreshed.access_token)).toBe(newKid);

    // Still published a moment before the last token of the old key could expire.
    advance(defaultKeyPolicy.tokenLifetimeMs + defaultKeyPolicy.retireMarginMs - 60_000);
    await h.idp.keys.refresh();
    expect(await kidsOf()).toContain(oldKid);
    // Then retired: out of the JWKS, its row kept but inactive.
    advance(120_000);
    await h.idp.keys.refresh();
    expect(await kidsOf()).toEqual([newKid]);
    const rows = await h.test.database.db.select().from(idpSigningKeys);
    expect(rows.find((row) => row.kid === oldKid)).toMatchObject({ active: false });
    expect(await userinfoAccepts(after.access_token)).toBe(true);
  });

  it('rotates once when several processes find the rotation due at the same moment', async () => {
    const db = h.test.database.db;
    const activeBefore = (await db.select().from(idpSigningKeys)).filter((row) => row.active).length;
    advance(defaultKeyPolicy.rotateAfterMs);
    const at = new Date(now);
    await Promise.all([1, 2, 3].map(() => maintainSigningKeys(db, h.idp.sealer, defaultKeyPolicy, at)));
    const active = (await db.select().from(idpSigningKeys)).filter((row) => row.active);
    expect(active).toHaveLength(activeBefore + 1);
    // `keys rotate` while a successor waits returns that one instead of pushing the change further away.
    const waiting = active.find((row) => row.signsFrom > at)!;
    expect((await rotateSigningKey(db, h.idp.sealer, defaultKeyPolicy, at)).jwk.kid).toBe(waiting.kid);
  });
});
