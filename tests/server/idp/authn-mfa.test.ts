import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { postJson, primaryAuth, startIdp, type IdpHarness } from './harness';
import { codeAt, wrongCode } from './totp-codes';

interface Transaction {
  stateToken: string;
  expiresAt: string;
  status: string;
  _embedded: Record<string, unknown> & {
    factors?: { id?: string; _links: Record<string, { href: string }> }[];
    factor?: {
      id: string;
      _embedded: { activation: { sharedSecret: string; _links: { qrcode: { href: string; type: string } } } };
    };
  };
  _links: Record<string, { name?: string; href: string; hints?: { allow: string[] } }>;
}

describe.each(databaseKinds)('TOTP during sign-in (%s)', (kind) => {
  let h: IdpHarness;
  let frank: IdpUser;
  const password = 'Frank-Pass-42';
  const post = (path: string, body: unknown) => postJson(h.origin, `/api/v1/authn${path}`, body);

  beforeAll(async () => {
    h = await startIdp(kind, { mfa: { requiredForGroups: ['MFA Required'] } });
    const db = h.test.database.db;
    frank = await createUser(db, { login: 'frank@example.com', email: 'frank@example.com', password });
    const group = await createGroup(db, { name: 'mfa required' });
    await addMember(db, group.id, frank.id);
  });
  afterAll(() => h.close());

  let secret = '';
  let activationCodeTime = 0;

  it('enrols: MFA_ENROLL, resume and introspect, enrol, back, enrol again, wrong code, activate → SUCCESS', async () => {
    const first = await primaryAuth(h.origin, 'frank@example.com', password);
    expect(first.status).toBe(200);
    const enroll = (await first.json()) as Transaction;
    expect(enroll).toMatchObject({
      status: 'MFA_ENROLL',
      _embedded: {
        user: { id: frank.id, profile: { login: 'frank@example.com' } },
        factors: [
          {
            factorType: 'token:software:totp',
            provider: 'GOOGLE',
            status: 'NOT_SETUP',
            enrollment: 'REQUIRED',
            _links: { enroll: { href: `${h.origin}/api/v1/authn/factors`, hints: { allow: ['POST'] } } },
          },
        ],
      },
      _links: { cancel: { href: `${h.origin}/api/v1/authn/cancel`, hints: { allow: ['POST'] } } },
    });
    expect(enroll.stateToken).toMatch(/^00/);
    expect(enroll._links).not.toHaveProperty('skip');
    const { stateToken } = enroll;

    // Resuming after a reload and introspecting answer the same state, with the expiry slid forward.
    const resumed = (await (await postJson(h.origin, '/api/v1/authn', { stateToken })).json()) as Transaction;
    expect(resumed).toMatchObject({ stateToken, status: 'MFA_ENROLL' });
    expect(Date.parse(resumed.expiresAt)).toBeGreaterThanOrEqual(Date.parse(enroll.expiresAt));
    expect(await (await post('/introspect', { stateToken })).json()).toMatchObject({ status: 'MFA_ENROLL' });

    const enrolAt = async () =>
      (await (
        await post('/factors', { stateToken, factorType: 'token:software:totp', provider: 'GOOGLE' })
      ).json()) as Transaction;
    const activate = await enrolAt();
    expect(activate).toMatchObject({
      status: 'MFA_ENROLL_ACTIVATE',
      _embedded: {
        factor: {
          factorType: 'token:software:totp',
          provider: 'GOOGLE',
          vendorName: 'GOOGLE',
          profile: { credentialId: 'frank@example.com' },
          _embedded: { activation: { timeStep: 30, encoding: 'base32', keyLength: 6 } },
        },
      },
      _links: {
        next: { name: 'activate', hints: { allow: ['POST'] } },
        prev: { href: `${h.origin}/api/v1/authn/previous`, hints: { allow: ['POST'] } },
        cancel: {},
      },
    });
    const factor = activate._embedded.factor;
    expect(factor?.id).toMatch(/^uft.{17}$/);
    expect(factor?._embedded.activation.sharedSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(activate._links.next?.href).toBe(`${h.origin}/api/v1/authn/factors/${factor?.id}/lifecycle/activate`);

    // The QR code is a PNG, served to an <img> without credentials.
    const qrcode = factor?._embedded.activation._links.qrcode;
    expect(qrcode?.type).toBe('image/png');
    const image = await fetch(qrcode?.href ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    // "Back to factor list", then enrolling again gives a new secret.
    expect(await (await post('/previous', { stateToken })).json()).toMatchObject({ status: 'MFA_ENROLL' });
    const again = await enrolAt();
    secret = again._embedded.factor?._embedded.activation.sharedSecret ?? '';
    expect(secret).not.toBe(factor?._embedded.activation.sharedSecret);
    const activateHref = again._links.next?.href ?? '';

    const wrong = await fetch(activateHref, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stateToken, passCode: wrongCode(secret) }),
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      errorCode: 'E0000068',
      errorCauses: [{ errorSummary: "Your passcode doesn't match our records. Please try again." }],
    });

    activationCodeTime = Date.now();
    const success = await fetch(activateHref, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stateToken, passCode: codeAt(secret, activationCodeTime) }),
    });
    expect(success.status).toBe(200);
    const body = (await success.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'SUCCESS', _embedded: { user: { id: frank.id } } });
    expect(body.sessionToken).toMatch(/^20/);
    expect(body).not.toHaveProperty('stateToken');

    // The transaction is over, and the QR code no longer opens.
    expect((await post('/introspect', { stateToken })).status).toBe(401);
    expect((await fetch(qrcode?.href ?? '')).status).toBe(404);
  });

  it('verifies at the next sign-in: MFA_REQUIRED, a replayed code refused, a fresh one accepted', async () => {
    const required = (await (await primaryAuth(h.origin, 'frank@example.com', password)).json()) as Transaction;
    expect(required).toMatchObject({
      status: 'MFA_REQUIRED',
      _embedded: {
        factors: [
          { factorType: 'token:software:totp', provider: 'GOOGLE', profile: { credentialId: 'frank@example.com' } },
        ],
        policy: { allowRememberDevice: false },
      },
      _links: { cancel: {} },
    });
    const factor = required._embedded.factors?.[0];
    expect(factor?.id).toMatch(/^uft/);
    const verifyHref = factor?._links.verify?.href ?? '';
    expect(verifyHref).toBe(`${h.origin}/api/v1/authn/factors/${factor?.id}/verify`);
    const verify = (passCode: string) =>
      fetch(`${verifyHref}?rememberDevice=false`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stateToken: required.stateToken, passCode }),
      });

    // No state of ours offers skip.
    expect(await (await post('/skip', { stateToken: required.stateToken })).json()).toMatchObject({
      errorCode: 'E0000079',
    });

    const replayed = await verify(codeAt(secret, activationCodeTime));
    expect(replayed.status).toBe(403);
    expect(await replayed.json()).toMatchObject({ errorCode: 'E0000082' });

    // The next step's code is within the ±1 window and newer than the one used.
    const fresh = await verify(codeAt(secret, activationCodeTime + 30_000));
    expect(fresh.status).toBe(200);
    const body = (await fresh.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'SUCCESS' });
    expect(body.sessionToken).toMatch(/^20/);
  });

  it('ends the transaction after five wrong codes', async () => {
    const required = (await (await primaryAuth(h.origin, 'frank@example.com', password)).json()) as Transaction;
    const href = required._embedded.factors?.[0]?._links.verify?.href ?? '';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await fetch(href, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stateToken: required.stateToken, passCode: wrongCode(secret) }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    const after = await post('/introspect', { stateToken: required.stateToken });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ errorCode: 'E0000011' });
  });

  it('checks no more than five codes sent at once: the rest are refused unchecked and the transaction ends', async () => {
    const required = (await (await primaryAuth(h.origin, 'frank@example.com', password)).json()) as Transaction;
    const href = required._embedded.factors?.[0]?._links.verify?.href ?? '';
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(href, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stateToken: required.stateToken, passCode: wrongCode(secret) }),
        });
        return ((await response.json()) as { errorCode: string }).errorCode;
      }),
    );
    // E0000068: a code was checked and was wrong; E0000011: refused without a check (the budget was spent).
    expect(answers.filter((code) => code === 'E0000068').length).toBeLessThanOrEqual(5);
    expect([...new Set(answers)].sort()).toEqual(['E0000011', 'E0000068']);
    const after = await post('/introspect', { stateToken: required.stateToken });
    expect(await after.json()).toMatchObject({ errorCode: 'E0000011' });
  });

  it('refuses a step the current state does not offer', async () => {
    const required = (await (await primaryAuth(h.origin, 'frank@example.com', password)).json()) as Transaction;
    const response = await post('/recovery/answer', { stateToken: required.stateToken, answer: 'x' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000079' });
    expect(await (await post('/cancel', { stateToken: required.stateToken })).json()).toEqual({});
  });
});
