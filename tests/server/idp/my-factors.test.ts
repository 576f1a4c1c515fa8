import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFactorId, newWebauthnFactorId } from '@server/idp/ids';
import { idpFactors } from '@server/idp/tables';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { CookieJar, discoverOverHttp, signInForTokens, SPA_ORIGIN, startIdp, type IdpHarness } from './harness';

interface ListedFactor {
  id: string;
  factorType: string;
  provider: string;
  status: string;
  created: string;
  lastUpdated: string;
}

describe.each(databaseKinds)('My passkeys: list and remove one’s own passkeys (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;
  let judy: IdpUser;
  let nick: IdpUser;

  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: 'my-factors-token' });
    config = await discoverOverHttp(h.issuer);
    const db = h.test.database.db;
    judy = await createUser(db, { login: 'judy@example.com', email: 'judy@example.com', password: 'Carrot-Field-7' });
    nick = await createUser(db, { login: 'nick@example.com', email: 'nick@example.com', password: 'Pawpsicle-Sly-9' });
  });
  afterAll(() => h.close());

  const signIn = async (username: string, password: string) => {
    const jar = new CookieJar();
    const tokens = await signInForTokens(h, config, {
      username,
      password,
      scope: 'openid offline_access',
      jar,
      userAgent: 'test',
    });
    return { jar, refreshToken: tokens.refresh_token! };
  };
  /** An active passkey as the widget's enrolment leaves it (the credential is made up: nothing here checks it). */
  const passkeyOf = async (user: IdpUser) => {
    const [factor] = await h.test.database.db
      .insert(idpFactors)
      .values({
        id: newWebauthnFactorId(),
        userId: user.id,
        factorType: 'webauthn',
        provider: 'FIDO',
        status: 'ACTIVE',
        credentialId: `credential-of-${user.id}`,
        publicKey: 'cose-key',
        signCount: 0,
      })
      .returning();
    return factor!;
  };
  const call = (jar: CookieJar, method = 'GET', path = '') =>
    fetch(`${h.origin}/api/v1/users/me/factors${path}`, {
      method,
      headers: { cookie: jar.header(), origin: SPA_ORIGIN, accept: 'application/json' },
    });

  it('lists the person’s own active passkeys only, with when each was made and last used', async () => {
    const mine = await passkeyOf(judy);
    await passkeyOf(nick);
    // A TOTP factor is not a passkey: not in the list.
    await h.test.database.db.insert(idpFactors).values({
      id: newFactorId(),
      userId: judy.id,
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
      status: 'ACTIVE',
      secret: 'sealed',
    });
    const { jar } = await signIn('judy@example.com', 'Carrot-Field-7');
    const response = await call(jar);
    expect(response.status).toBe(200);
    const listed = (await response.json()) as ListedFactor[];
    expect(listed).toEqual([
      {
        id: mine.id,
        factorType: 'webauthn',
        provider: 'FIDO',
        status: 'ACTIVE',
        name: null,
        created: mine.createdAt.toISOString(),
        lastUpdated: mine.updatedAt.toISOString(),
        lastUsed: null,
      },
    ]);
    // Without a session cookie there is nobody to list for.
    expect((await call(new CookieJar())).status).toBe(404);
  });

  it('removes one of the person’s passkeys and nothing else: the session, its refresh token and the TOTP factor stay; audited', async () => {
    const db = h.test.database.db;
    const { jar, refreshToken } = await signIn('judy@example.com', 'Carrot-Field-7');
    const [passkey] = (await (await call(jar)).json()) as ListedFactor[];
    expect((await call(jar, 'DELETE', `/${passkey!.id}`)).status).toBe(204);
    expect(await (await call(jar)).json()).toEqual([]);
    const left = await db.select().from(idpFactors).where(eq(idpFactors.userId, judy.id));
    expect(left.map((factor) => factor.factorType)).toEqual(['token:software:totp']);
    expect((await oidc.refreshTokenGrant(config, refreshToken)).access_token).toBeTypeOf('string');
    const filter = new URLSearchParams({ filter: `target.id eq "${passkey!.id}"` });
    const logged = await fetch(`${h.origin}/api/v1/logs?${filter.toString()}`, {
      headers: { authorization: 'SSWS my-factors-token' },
    });
    const events = (await logged.json()) as { eventType: string; actor: { id: string } }[];
    expect(events.map((event) => [event.eventType, event.actor.id])).toEqual([['user.mfa.factor.deactivate', judy.id]]);
  });

  it('answers 404 for another person’s passkey, a TOTP factor and an unknown id, and removes none of them', async () => {
    const db = h.test.database.db;
    const { jar } = await signIn('judy@example.com', 'Carrot-Field-7');
    const [nicks] = await db.select().from(idpFactors).where(eq(idpFactors.userId, nick.id));
    const [totp] = await db.select().from(idpFactors).where(eq(idpFactors.userId, judy.id));
    for (const id of [nicks!.id, totp!.id, 'fwfnosuchfactor000']) {
      const refused = await call(jar, 'DELETE', `/${id}`);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ errorCode: 'E0000007' });
    }
    expect(await db.select().from(idpFactors).where(eq(idpFactors.id, nicks!.id))).toHaveLength(1);
    expect(await db.select().from(idpFactors).where(eq(idpFactors.id, totp!.id))).toHaveLength(1);
  });
});
