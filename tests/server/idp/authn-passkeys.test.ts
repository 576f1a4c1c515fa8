import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { postJson, primaryAuth, startIdp, type IdpHarness } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

/*
 * Passkeys (factorType `webauthn`, provider `FIDO`) through the Classic authn API, exactly as the Sign-In Widget's
 * EnrollWebauthnController and VerifyWebauthnController call it, answered by a software authenticator made here.
 */

interface Transaction {
  stateToken: string;
  status: string;
  factorResult?: string;
  _embedded: Record<string, unknown> & {
    factors?: {
      id?: string;
      factorType: string;
      provider: string;
      profile?: { credentialId: string };
      _links: Record<string, { href: string }>;
    }[];
    factor?: {
      id: string;
      factorType: string;
      profile?: { credentialId: string };
      _embedded: {
        activation?: {
          challenge: string;
          rp: { id: string; name: string };
          user: { id: string; name: string; displayName: string };
          excludeCredentials: unknown[];
        };
        challenge?: { challenge: string; rpId: string };
      };
    };
  };
  _links: Record<string, { name?: string; href: string }>;
}

const API_TOKEN = 'passkeys-test-api-token';

describe.each(databaseKinds)('passkeys during sign-in (%s)', (kind) => {
  let h: IdpHarness;
  let grace: IdpUser;
  const password = 'Grace-Pass-42';
  const authenticator = new SoftwareAuthenticator();
  const post = async (href: string, body: unknown) => {
    const response = await fetch(href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Transaction & Record<string, unknown> };
  };
  const signIn = async () => (await (await primaryAuth(h.origin, 'grace@example.com', password)).json()) as Transaction;
  /** MFA_REQUIRED → the passkey's verify link without an assertion → MFA_CHALLENGE. */
  const challenged = async () => {
    const required = await signIn();
    expect(required.status).toBe('MFA_REQUIRED');
    const verifyHref = required._embedded.factors?.[0]?._links.verify?.href ?? '';
    const challenge = await post(verifyHref, { stateToken: required.stateToken });
    expect(challenge.status).toBe(200);
    return { verifyHref, transaction: challenge.body };
  };

  beforeAll(async () => {
    h = await startIdp(kind, {
      apiToken: API_TOKEN,
      mfa: { requiredForGroups: ['MFA Required'], passkeyGroups: ['Passkeys'] },
    });
    const db = h.test.database.db;
    grace = await createUser(db, { login: 'grace@example.com', email: 'grace@example.com', password });
    await addMember(db, (await createGroup(db, { name: 'passkeys' })).id, grace.id);
    await createUser(db, { login: 'henry@example.com', email: 'henry@example.com', password });
  });
  afterAll(() => h.close());

  it('enrols: MFA_ENROLL offers webauthn/FIDO, activation options for the widget, a foreign origin or RP id refused, then SUCCESS', async () => {
    const enroll = await signIn();
    expect(enroll).toMatchObject({
      status: 'MFA_ENROLL',
      _embedded: {
        factors: [{ factorType: 'webauthn', provider: 'FIDO', status: 'NOT_SETUP', enrollment: 'REQUIRED' }],
      },
    });
    const { stateToken } = enroll;
    const enrolPasskey = () =>
      post(`${h.origin}/api/v1/authn/factors`, { stateToken, factorType: 'webauthn', provider: 'FIDO' });
    // The policy offers this person passkeys only: TOTP is refused.
    expect(
      (
        await post(`${h.origin}/api/v1/authn/factors`, {
          stateToken,
          factorType: 'token:software:totp',
          provider: 'GOOGLE',
        })
      ).status,
    ).toBe(400);

    const first = await enrolPasskey();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'MFA_ENROLL_ACTIVATE',
      _embedded: {
        factor: {
          factorType: 'webauthn',
          provider: 'FIDO',
          _embedded: {
            activation: {
              rp: { id: 'localhost' },
              user: { name: 'grace@example.com' },
              attestation: 'none',
              excludeCredentials: [],
              pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]) as unknown,
            },
          },
        },
      },
      _links: { next: { name: 'activate' }, prev: {}, cancel: {} },
    });
    const factor = first.body._embedded.factor;
    expect(factor?.id).toMatch(/^fwf.{17}$/);
    const activation = factor?._embedded.activation;
    expect(activation?.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const activateHref = first.body._links.next?.href ?? '';
    expect(activateHref).toBe(`${h.origin}/api/v1/authn/factors/${factor?.id}/lifecycle/activate`);

    // A credential made on another site's page is refused, and uses the challenge up.
    const foreignOrigin = authenticator.attest({
      challenge: activation?.challenge ?? '',
      origin: 'https://evil.example',
      rpId: 'localhost',
    });
    const refused = await post(activateHref, { stateToken, ...foreignOrigin });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'E0000068' });
    const genuineButLate = authenticator.attest({
      challenge: activation?.challenge ?? '',
      origin: h.origin,
      rpId: 'localhost',
    });
    expect((await post(activateHref, { stateToken, ...genuineButLate })).status).toBe(403);

    // Back to the list, enrol again: a new challenge. A credential scoped to another RP id is refused too.
    expect((await post(`${h.origin}/api/v1/authn/previous`, { stateToken })).body).toMatchObject({
      status: 'MFA_ENROLL',
    });
    const second = await enrolPasskey();
    const challenge = second.body._embedded.factor?._embedded.activation?.challenge ?? '';
    expect(challenge).not.toBe(activation?.challenge);
    const secondHref = second.body._links.next?.href ?? '';
    const otherRp = new SoftwareAuthenticator().attest({ challenge, origin: h.origin, rpId: 'other.example' });
    expect((await post(secondHref, { stateToken, ...otherRp })).status).toBe(403);

    await post(`${h.origin}/api/v1/authn/previous`, { stateToken });
    const third = await enrolPasskey();
    const thirdChallenge = third.body._embedded.factor?._embedded.activation?.challenge ?? '';
    const success = await post(third.body._links.next?.href ?? '', {
      stateToken,
      ...authenticator.attest({ challenge: thirdChallenge, origin: h.origin, rpId: 'localhost' }),
    });
    expect(success.status).toBe(200);
    expect(success.body).toMatchObject({ status: 'SUCCESS' });
    expect(success.body.sessionToken).toMatch(/^20/);

    const rows = await h.test.database.db.execute<{ status: string; credential_id: string; secret: string | null }>(
      sql`select status, credential_id, secret from idp_factors where user_id = ${grace.id}`,
    );
    expect(rows.rows).toEqual([{ status: 'ACTIVE', credential_id: authenticator.credentialIdBase64Url, secret: null }]);
  });

  it('verifies: MFA_REQUIRED lists the passkey with its credential id, MFA_CHALLENGE carries the challenge, the assertion → SUCCESS', async () => {
    const required = await signIn();
    expect(required).toMatchObject({
      status: 'MFA_REQUIRED',
      _embedded: {
        factors: [
          { factorType: 'webauthn', provider: 'FIDO', profile: { credentialId: authenticator.credentialIdBase64Url } },
        ],
      },
    });
    const verifyHref = required._embedded.factors?.[0]?._links.verify?.href ?? '';
    const { body: challenge } = await post(verifyHref, { stateToken: required.stateToken });
    expect(challenge).toMatchObject({
      status: 'MFA_CHALLENGE',
      factorResult: 'CHALLENGE',
      _embedded: {
        factor: {
          factorType: 'webauthn',
          profile: { credentialId: authenticator.credentialIdBase64Url },
          _embedded: { challenge: { rpId: 'localhost' } },
        },
      },
      _links: { next: { name: 'verify', href: verifyHref } },
    });
    expect(challenge._embedded).not.toHaveProperty('factors');
    const assertion = authenticator.assert({
      challenge: challenge._embedded.factor?._embedded.challenge?.challenge ?? '',
      origin: h.origin,
      rpId: 'localhost',
    });
    const success = await post(verifyHref, { stateToken: required.stateToken, ...assertion });
    expect(success.status).toBe(200);
    expect(success.body).toMatchObject({ status: 'SUCCESS' });
    expect(success.body.sessionToken).toMatch(/^20/);
  });

  it('refuses a replayed assertion, a replayed challenge, a foreign origin and another RP id', async () => {
    // An assertion accepted before answers an old challenge: refused in a new transaction.
    const old = await challenged();
    const oldAssertion = authenticator.assert({
      challenge: old.transaction._embedded.factor?._embedded.challenge?.challenge ?? '',
      origin: h.origin,
      rpId: 'localhost',
    });
    expect((await post(old.verifyHref, { stateToken: old.transaction.stateToken, ...oldAssertion })).status).toBe(200);
    const fresh = await challenged();
    const { stateToken } = fresh.transaction;
    const challenge = fresh.transaction._embedded.factor?._embedded.challenge?.challenge ?? '';
    expect((await post(fresh.verifyHref, { stateToken, ...oldAssertion })).status).toBe(403);

    // The refusal used the challenge up: even a genuine answer to it is refused now (no second try at one challenge).
    const late = authenticator.assert({ challenge, origin: h.origin, rpId: 'localhost' });
    expect((await post(fresh.verifyHref, { stateToken, ...late })).body).toMatchObject({ errorCode: 'E0000068' });

    // Asking again gives a new challenge; a page on another origin, or a key for another RP id, are refused.
    const again = (await post(fresh.verifyHref, { stateToken })).body;
    const next = again._embedded.factor?._embedded.challenge?.challenge ?? '';
    expect(next).not.toBe(challenge);
    const foreign = authenticator.assert({ challenge: next, origin: 'https://evil.example', rpId: 'localhost' });
    expect((await post(fresh.verifyHref, { stateToken, ...foreign })).status).toBe(403);
    const third = (await post(fresh.verifyHref, { stateToken })).body._embedded.factor?._embedded.challenge?.challenge;
    const otherRp = authenticator.assert({ challenge: third ?? '', origin: h.origin, rpId: 'other.example' });
    expect((await post(fresh.verifyHref, { stateToken, ...otherRp })).status).toBe(403);

    // A key that is not the enrolled one cannot sign for it.
    const fourth = (await post(fresh.verifyHref, { stateToken })).body._embedded.factor?._embedded.challenge?.challenge;
    const stranger = new SoftwareAuthenticator().assert({
      challenge: fourth ?? '',
      origin: h.origin,
      rpId: 'localhost',
    });
    expect((await post(fresh.verifyHref, { stateToken, ...stranger })).status).toBe(403);
  });

  it('offers no passkey outside the passkey groups, and an administrator’s reset_factors makes grace enrol again', async () => {
    const henry = (await (await primaryAuth(h.origin, 'henry@example.com', password)).json()) as Transaction;
    expect(henry.status).toBe('SUCCESS');

    const reset = await postJson(
      h.origin,
      `/api/v1/users/${grace.id}/lifecycle/reset_factors`,
      {},
      {
        authorization: `SSWS ${API_TOKEN}`,
      },
    );
    expect(reset.status).toBe(200);
    expect((await signIn()).status).toBe('MFA_ENROLL');
  });
});
