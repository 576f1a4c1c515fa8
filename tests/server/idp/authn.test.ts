import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransaction } from '@server/idp/authn/transactions';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { checkCredentials } from '@server/idp/users/sign-in';
import { databaseKinds } from '../support/database';
import { primaryAuth, SPA_ORIGIN, startIdp, type IdpHarness } from './harness';

const lockout = { maxFailedAttempts: 3, lockoutMs: 60_000 };

/** The body minus the per-response error id, which is unique by design. */
async function comparable(response: Response) {
  const { errorId, ...rest } = (await response.json()) as { errorId: string };
  expect(errorId).toMatch(/^oae/);
  return rest;
}

describe.each(databaseKinds)('Classic authentication API (%s)', (kind) => {
  let h: IdpHarness;
  let carol: IdpUser;

  beforeAll(async () => {
    h = await startIdp(kind, { lockout });
    carol = await createUser(h.test.database.db, {
      login: 'Carol@Example.com',
      email: 'carol@example.com',
      firstName: 'Carol',
      lastName: 'Danvers',
      password: 'Carol-Pass-77',
    });
    await createUser(h.test.database.db, {
      login: 'dave@example.com',
      email: 'dave@example.com',
      password: 'Dave-Pass-88',
    });
  });
  afterAll(() => h.close());

  it('answers SUCCESS with a 20… sessionToken valid five minutes, login case-insensitive', async () => {
    const before = Date.now();
    const response = await primaryAuth(h.origin, 'carol@example.com', 'Carol-Pass-77');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown> & { sessionToken: string; expiresAt: string };
    expect(body).toMatchObject({
      status: 'SUCCESS',
      _embedded: {
        user: { id: carol.id, profile: { login: 'Carol@Example.com', firstName: 'Carol', lastName: 'Danvers' } },
      },
    });
    expect(body.sessionToken).toMatch(/^20/);
    expect(body).not.toHaveProperty('stateToken');
    // Five minutes from when the server answered, whenever that was between sending and receiving.
    const after = Date.now();
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 5 * 60_000);
  });

  it('answers a wrong password and an unknown user with the same 401 E0000004', async () => {
    const wrong = await primaryAuth(h.origin, 'dave@example.com', 'not-it');
    const unknown = await primaryAuth(h.origin, 'nobody@example.com', 'not-it');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await comparable(wrong);
    expect(wrongBody).toEqual(await comparable(unknown));
    expect(wrongBody).toEqual({
      errorCode: 'E0000004',
      errorSummary: 'Authentication failed',
      errorLink: 'E0000004',
      errorCauses: [],
    });
  });

  it('refuses a body without username or password with E0000001', async () => {
    const response = await fetch(`${h.origin}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dave@example.com' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: 'E0000001',
      errorCauses: [{ errorSummary: 'password: The field cannot be left blank' }],
    });
  });

  it('locks after the configured failures, tells only the right password, and unlocks itself later', async () => {
    await createUser(h.test.database.db, {
      login: 'erin@example.com',
      email: 'erin@example.com',
      password: 'Erin-Pass-99',
    });
    for (let attempt = 0; attempt < lockout.maxFailedAttempts; attempt += 1) {
      expect((await primaryAuth(h.origin, 'erin@example.com', 'wrong')).status).toBe(401);
    }
    // Locked: a wrong password still looks like any failure (no enumeration by locking), the right one learns why.
    expect((await primaryAuth(h.origin, 'erin@example.com', 'wrong')).status).toBe(401);
    const locked = await primaryAuth(h.origin, 'erin@example.com', 'Erin-Pass-99');
    expect(locked.status).toBe(200);
    expect(await locked.json()).toEqual({ status: 'LOCKED_OUT', _links: {} });
    // After the lockout time the right password signs in again, and the count starts over.
    const later = new Date(Date.now() + lockout.lockoutMs + 1_000);
    const check = await checkCredentials(h.test.database.db, 'erin@example.com', 'Erin-Pass-99', lockout, later);
    expect(check.outcome).toBe('valid');
    expect(check.outcome === 'valid' && check.user.failedAttempts).toBe(0);
  });

  it('cancels a live transaction and answers E0000011 for an unknown one', async () => {
    const transaction = await createTransaction(h.test.database.db, { userId: carol.id, status: 'RECOVERY' });
    expect(transaction.stateToken).toMatch(/^00/);
    const cancel = (stateToken: string) =>
      fetch(`${h.origin}/api/v1/authn/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stateToken }),
      });
    const first = await cancel(transaction.stateToken);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({});
    const again = await cancel(transaction.stateToken);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ errorCode: 'E0000011', errorSummary: 'Invalid token provided' });
  });

  it('answers malformed JSON in the Okta envelope', async () => {
    const response = await fetch(`${h.origin}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000003' });
  });

  it('lets a trusted origin call with credentials, after a preflight that echoes the asked headers', async () => {
    const preflight = await fetch(`${h.origin}/api/v1/authn`, {
      method: 'OPTIONS',
      headers: {
        origin: SPA_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-okta-user-agent-extended',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-okta-user-agent-extended');
    const foreign = await fetch(`${h.origin}/api/v1/authn`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
