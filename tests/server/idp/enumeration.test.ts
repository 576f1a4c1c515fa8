import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { primaryAuth, startIdp, type IdpHarness } from './harness';

/**
 * No enumeration through the password check (issue 14 §3, docs/identity.md "Unknown logins"): an unknown login and a
 * wrong password get the same status and body, and the server does the same work for each. The work is counted, not
 * timed (tests never assert on time; bench/enumeration.ts prints the medians): argon2 verifications through a
 * wrapper around the library, and the database round trips a request makes, through a spy on the database client.
 */

const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications += 1;
      return real.verify(...args);
    },
  };
});

const lockout = { maxFailedAttempts: 3, lockoutMs: 60_000 };

interface Work {
  status: number;
  body: unknown;
  verifications: number;
  roundTrips: number;
}

describe.each(databaseKinds)('an unknown login answered as a wrong password, with the same work (%s)', (kind) => {
  let h: IdpHarness;

  beforeAll(async () => {
    // The System Log is written only when `attempt` flushes it: its timer firing inside a measured request (a busy
    // machine makes that request slower than the default 250 ms) would count the log's round trip as the login's.
    h = await startIdp(kind, { lockout, eventFlushMs: 600_000 });
    for (const name of ['wendy', 'lena', 'nora']) {
      await createUser(h.test.database.db, {
        login: `${name}@example.com`,
        email: `${name}@example.com`,
        ...(name === 'nora' ? {} : { password: 'Right-Pass-2026' }),
      });
    }
    // Lena's account is locked: the limit of wrong passwords reached.
    for (let attempt = 0; attempt < lockout.maxFailedAttempts; attempt += 1) {
      await primaryAuth(h.origin, 'lena@example.com', 'not-it');
    }
  });
  afterAll(() => h.close());

  /** One primary authentication, and what it cost: the System Log's buffer is written first, outside the count. */
  async function attempt(username: string): Promise<Work> {
    await h.idp.events.flush();
    const query = vi.spyOn(h.test.database.client, 'query');
    const verificationsBefore = argon2.verifications;
    try {
      const response = await primaryAuth(h.origin, username, 'not-it');
      const { errorId, ...body } = (await response.json()) as { errorId?: string };
      expect(errorId).toMatch(/^oae/);
      return {
        status: response.status,
        body,
        verifications: argon2.verifications - verificationsBefore,
        roundTrips: query.mock.calls.length,
      };
    } finally {
      query.mockRestore();
    }
  }

  it('has locked the account of the locked pair', async () => {
    const right = await primaryAuth(h.origin, 'lena@example.com', 'Right-Pass-2026');
    expect(await right.json()).toMatchObject({ status: 'LOCKED_OUT' });
  });

  it.each([
    ['a wrong password', 'wendy@example.com'],
    ['a wrong password on a locked account', 'lena@example.com'],
    ['a known login without a password', 'nora@example.com'],
  ])('answers an unknown login as %s: same status, body, argon2 verifications and round trips', async (_, known) => {
    const unknown = await attempt(`nobody-${known}`);
    const knownWork = await attempt(known);
    expect(knownWork).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 401, body: { errorCode: 'E0000004' }, verifications: 1 });
    // The rate limits (per address, per login) and the one statement that finds the user and counts the attempt
    // (docs/identity.md "Passwords and lockout"): nothing is skipped.
    expect(unknown.roundTrips).toBe(3);
  });
});
