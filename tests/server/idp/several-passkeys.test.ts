import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { newFactorId } from '@server/idp/ids';
import { idpFactors } from '@server/idp/tables';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import {
  CookieJar,
  discoverOverHttp,
  primaryAuth,
  signInForTokens,
  SPA_ORIGIN,
  startIdp,
  type IdpHarness,
} from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

interface Listed {
  id: string;
  name: string | null;
  created: string;
  lastUsed: string | null;
}
interface Added {
  id: string;
  status: string;
  activation: { challenge: string; rp: { id: string }; excludeCredentials: { id: string }[] };
}

/*
 * Several passkeys per person (issue 31 item 2: "a phone and a security key"), added from the profile form's Security
 * step through `/api/v1/users/me/factors` with this browser's session, answered by software authenticators made here;
 * each signs the person in, and the list names them apart. TOTP stays one per person.
 */
describe.each(databaseKinds)('Several passkeys per person (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;
  let ada: IdpUser;
  /** Ada's browser, signed in with her password before the passkey group asks her for one. */
  let jar: CookieJar;
  const password = 'Ada-Lovelace-1815';
  const phone = new SoftwareAuthenticator();
  const securityKey = new SoftwareAuthenticator();

  beforeAll(async () => {
    h = await startIdp(kind, {
      apiToken: 'several-passkeys-token',
      mfa: { requiredForGroups: [], passkeyGroups: ['Passkeys'] },
    });
    config = await discoverOverHttp(h.issuer);
    const db = h.test.database.db;
    ada = await createUser(db, { login: 'ada@example.com', email: 'ada@example.com', password });
    jar = new CookieJar();
    await signInForTokens(h, config, {
      username: 'ada@example.com',
      password,
      scope: 'openid',
      jar,
      userAgent: 'test',
    });
  });
  afterAll(() => h.close());

  const call = (jar: CookieJar, method: string, path = '', body?: unknown) =>
    fetch(`${h.origin}/api/v1/users/me/factors${path}`, {
      method,
      headers: {
        cookie: jar.header(),
        origin: SPA_ORIGIN,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const start = async (jar: CookieJar) => {
    const answer = await call(jar, 'POST', '', { factorType: 'webauthn', provider: 'FIDO' });
    expect(answer.status).toBe(200);
    return (await answer.json()) as Added;
  };
  const add = async (jar: CookieJar, authenticator: SoftwareAuthenticator, transports: string[]) => {
    const added = await start(jar);
    const attestation = authenticator.attest({
      challenge: added.activation.challenge,
      origin: h.origin,
      rpId: 'localhost',
    });
    return {
      added,
      answer: await call(jar, 'POST', `/${added.id}/lifecycle/activate`, {
        ...attestation,
        transports: JSON.stringify(transports),
      }),
    };
  };
  const list = async (jar: CookieJar) => (await (await call(jar, 'GET')).json()) as Listed[];

  it('adds a phone and a security key, each named apart, the second excluding the first', async () => {
    // Ada's first passkey would be the widget's enrolment; here both come from the profile form.
    const first = await add(jar, phone, ['hybrid']);
    expect(first.answer.status).toBe(200);
    expect(await first.answer.json()).toMatchObject({ id: first.added.id, status: 'ACTIVE', name: 'phone' });
    const second = await add(jar, securityKey, ['usb']);
    expect(second.added.activation.excludeCredentials.map((credential) => credential.id)).toEqual([
      phone.credentialIdBase64Url,
    ]);
    expect(second.answer.status).toBe(200);
    const listed = await list(jar);
    expect(listed.map((passkey) => passkey.name)).toEqual(['phone', 'securityKey']);
    for (const passkey of listed) {
      expect(Date.parse(passkey.created)).toBeGreaterThan(0);
      expect(passkey.lastUsed).toBeNull();
    }
  });

  it('refuses a replayed attestation, another site’s origin and another factor type, adding nothing', async () => {
    const added = await start(jar);
    const foreign = new SoftwareAuthenticator().attest({
      challenge: added.activation.challenge,
      origin: 'https://evil.example',
      rpId: 'localhost',
    });
    const refused = await call(jar, 'POST', `/${added.id}/lifecycle/activate`, foreign);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errorCode: 'E0000068' });
    // The challenge was used up by the refusal: the genuine answer now comes too late.
    const late = new SoftwareAuthenticator().attest({
      challenge: added.activation.challenge,
      origin: h.origin,
      rpId: 'localhost',
    });
    expect((await call(jar, 'POST', `/${added.id}/lifecycle/activate`, late)).status).toBe(403);
    expect((await call(jar, 'POST', '', { factorType: 'token:software:totp', provider: 'GOOGLE' })).status).toBe(400);
    // Without a session there is nobody to add for.
    expect((await call(new CookieJar(), 'POST', '', { factorType: 'webauthn', provider: 'FIDO' })).status).toBe(404);
    expect(await list(jar)).toHaveLength(2);
  });

  it('signs in with either passkey, and the list says which was used last', async () => {
    const db = h.test.database.db;
    await addMember(db, (await createGroup(db, { name: 'passkeys' })).id, ada.id);
    const required = (await (await primaryAuth(h.origin, 'ada@example.com', password)).json()) as {
      status: string;
      stateToken: string;
      _embedded: { factors: { profile: { credentialId: string }; _links: { verify: { href: string } } }[] };
    };
    expect(required.status).toBe('MFA_REQUIRED');
    expect(required._embedded.factors.map((factor) => factor.profile.credentialId).sort()).toEqual(
      [phone.credentialIdBase64Url, securityKey.credentialIdBase64Url].sort(),
    );
    const keyFactor = required._embedded.factors.find(
      (factor) => factor.profile.credentialId === securityKey.credentialIdBase64Url,
    );
    const verifyHref = keyFactor?._links.verify.href ?? '';
    const post = async (body: unknown) =>
      (
        await fetch(verifyHref, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{
        status: string;
        _embedded: { factor: { _embedded: { challenge: { challenge: string } } } };
      }>;
    const challenge = await post({ stateToken: required.stateToken });
    const assertion = securityKey.assert({
      challenge: challenge._embedded.factor._embedded.challenge.challenge,
      origin: h.origin,
      rpId: 'localhost',
    });
    expect((await post({ stateToken: required.stateToken, ...assertion })).status).toBe('SUCCESS');
    const listed = await list(jar);
    const used = listed.find((passkey) => passkey.name === 'securityKey');
    expect(used?.lastUsed).toEqual(expect.any(String));
    expect(listed.find((passkey) => passkey.name === 'phone')?.lastUsed).toBeNull();
  });

  it('removes one passkey and keeps the other; TOTP stays one per person', async () => {
    const [phoneKey] = await list(jar);
    expect((await call(jar, 'DELETE', `/${phoneKey!.id}`)).status).toBe(204);
    expect((await list(jar)).map((passkey) => passkey.name)).toEqual(['securityKey']);
    const db = h.test.database.db;
    const totp = { userId: ada.id, factorType: 'token:software:totp', provider: 'GOOGLE', status: 'ACTIVE' as const };
    await db.insert(idpFactors).values({ ...totp, id: newFactorId(), secret: 'sealed' });
    await expect(db.insert(idpFactors).values({ ...totp, id: newFactorId(), secret: 'sealed' })).rejects.toThrow();
    const left = await db.select().from(idpFactors).where(eq(idpFactors.userId, ada.id));
    const active = left.filter((factor) => factor.status === 'ACTIVE').map((factor) => factor.factorType);
    expect(active.sort()).toEqual(['token:software:totp', 'webauthn']);
  });
});
