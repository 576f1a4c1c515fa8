import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '@tests/e2e/support/server-process';
import { createPostgresDatabase } from '../support/database';
import { primaryAuth } from './harness';

/**
 * The lockout under concurrency (issue 14 §4): two server processes on one PostgreSQL, as a scaled-out portal runs.
 * The right password is sent together with 16 wrong ones, split over both processes, for several demo people (the
 * lockout's limit is 10 wrong passwords). Before the fix, the right password could check its password while the
 * wrong ones were being counted and then clear the lock they had set. Now every attempt takes its place in the count
 * before its password is checked, so the wrong ones lock the account whatever the order, and a lock set meanwhile is
 * never cleared by a racing right password.
 */

const DEMO_PASSWORD = 'Gatehouse-demo-2026!';
const people = [
  'ACME__maria@acme.test',
  'GLBX__sam@globex.test',
  'ACME__clientadmin@acme.test',
  'AUL__admin@gatehouse.test',
];
const WRONG = 16;

type Outcome = 'SUCCESS' | 'LOCKED_OUT' | 'refused' | `unexpected ${number}`;

async function attempt(server: RunningServer, login: string, password: string): Promise<Outcome> {
  const response = await primaryAuth(server.baseUrl, login, password);
  if (response.status === 401) return 'refused';
  if (response.status !== 200) return `unexpected ${response.status}`;
  const { status } = (await response.json()) as { status: string };
  // maria has MFA enrolled: her right password answers MFA_REQUIRED, which is a password that passed.
  return status === 'LOCKED_OUT' ? 'LOCKED_OUT' : 'SUCCESS';
}

describe('the lockout across two processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other: the first creates the tables and the demo world, the second finds them.
    first = await startServer({ DATABASE_URL: database.url });
    second = await startServer({ DATABASE_URL: database.url });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first.stop(), second.stop()]);
    await database.drop();
  });

  it('locks every account the burst targets, and a racing right password never clears the lock', async () => {
    for (const login of people) {
      const passwords = Array.from({ length: WRONG + 1 }, (_, index) =>
        index === WRONG / 2 ? DEMO_PASSWORD : `wrong-${String(index)}-guess`,
      );
      const outcomes = await Promise.all(
        passwords.map((password, index) => attempt(index % 2 === 0 ? first : second, login, password)),
      );
      const rightOne = outcomes[WRONG / 2];
      const wrongOnes = outcomes.filter((_, index) => index !== WRONG / 2);
      // A wrong password is only ever refused (no enumeration by locking); the right one passes or learns of the lock.
      expect({ login, wrongOnes: [...new Set(wrongOnes)] }).toEqual({ login, wrongOnes: ['refused'] });
      expect(['SUCCESS', 'LOCKED_OUT']).toContain(rightOne);
      // The account ends locked on both processes: 16 wrong passwords exceed the limit whatever the order.
      expect({ login, afterwards: await attempt(first, login, DEMO_PASSWORD) }).toEqual({
        login,
        afterwards: 'LOCKED_OUT',
      });
      expect({ login, afterwards: await attempt(second, login, DEMO_PASSWORD) }).toEqual({
        login,
        afterwards: 'LOCKED_OUT',
      });
    }
  }, 120_000);
});
