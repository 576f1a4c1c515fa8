import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityProviderSchema } from '@contracts/admin/identity-providers';
import { clients, instances } from '@server/db/schema';
import { resolvePerson, type UpstreamIdentity } from '@server/idp/federation/provision';
import { findUpstream, type UpstreamProvider } from '@server/idp/federation/registry';
import { idpFederationLinks, idpUsers } from '@server/idp/tables';
import { openDemoWorld } from '../admin/harness';
import { createSealer } from '@server/secrets/seal';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/** How many people sign in for the first time at once, each twice in parallel: enough for PostgreSQL to interleave. */
const PEOPLE = 8;

/**
 * Two first federated sign-ins of the same person at the same moment (two tabs, a double click): both find no link,
 * both provision. The unique login and the link's primary key must settle it with one person and one link, and both
 * sign-ins must succeed as that person (issue 31 item 1; server/idp/federation/provision.ts). On PostgreSQL the two
 * transactions run on two connections and really race; PGlite's one connection orders them.
 */
describe.each(databaseKinds)('first federated sign-ins at the same moment (%s)', (kind) => {
  let t: TestApp;
  let provider: UpstreamProvider;

  beforeAll(async () => {
    let call;
    ({ t, call } = await openDemoWorld(kind));
    const [client] = await t.database.db
      .insert(clients)
      .values({ name: 'Vandelay Industries', oktaPrefix: 'VANDELAY', portalAlias: 'vandelay' })
      .returning({ id: clients.id });
    const created = await call('POST', 'IdentityProvider', {
      body: {
        name: 'Vandelay Workforce',
        issuer: 'https://login.vandelay.test',
        clientId: 'gatehouse',
        clientSecret: 'vandelay-secret',
        claimMapping: { given_name: 'FirstName' },
        clientIdServed: client!.id,
      },
    });
    if (created.statusCode !== 201) throw new Error(`registering the upstream failed: ${created.body}`);
    const id = v.parse(IdentityProviderSchema, created.json()).id;
    const found = await findUpstream(t.database.db, createSealer(TEST_SERVER_SECRET), id);
    if (found === undefined) throw new Error('the registered upstream is not found');
    provider = found;
  });
  afterAll(() => t.dispose());

  const person = (n: number, prefix: string): UpstreamIdentity => ({
    subject: `${prefix}-${n}`,
    email: `${prefix}${n}@vandelay.test`,
    emailVerified: true,
    claims: { given_name: `Person ${n}` },
  });

  async function rowsOf(login: string, subject: string) {
    const users = await t.database.db
      .select({ id: idpUsers.id })
      .from(idpUsers)
      .where(sql`lower(${idpUsers.login}) = lower(${login})`);
    const profiles = await t.database.db
      .select({ idpUserId: instances.idpUserId, ssoUser: instances.ssoUser })
      .from(instances)
      .where(eq(instances.idpLogin, login));
    const links = await t.database.db
      .select({ userId: idpFederationLinks.userId })
      .from(idpFederationLinks)
      .where(eq(idpFederationLinks.subject, subject));
    return { users, profiles, links };
  }

  it('provisions each new person once: both sign-ins succeed as the same person, one profile, one link', async () => {
    const people = Array.from({ length: PEOPLE }, (_, n) => person(n, 'new'));
    const answers = await Promise.all(
      people.flatMap((who) => [
        resolvePerson(t.database.db, provider, who),
        resolvePerson(t.database.db, provider, who),
      ]),
    );
    for (const [n, who] of people.entries()) {
      const [first, second] = [answers[2 * n], answers[2 * n + 1]];
      expect(first?.ok && second?.ok).toBe(true);
      if (!first?.ok || !second?.ok) continue;
      expect(second.userId).toBe(first.userId);
      expect([first.how, second.how].sort()).toEqual(['known', 'provisioned']);
      const rows = await rowsOf(`VANDELAY__${who.email}`, who.subject);
      expect(rows.users).toEqual([{ id: first.userId }]);
      expect(rows.profiles).toEqual([{ idpUserId: first.userId, ssoUser: true }]);
      expect(rows.links).toEqual([{ userId: first.userId }]);
    }
  });

  it('links an existing person once: both sign-ins succeed as that person, with one link', async () => {
    const people = Array.from({ length: PEOPLE }, (_, n) => person(n, 'known'));
    const existing = await t.database.db
      .insert(idpUsers)
      .values(
        people.map((who, n) => ({
          id: `00uvandelayknown${String(n).padStart(4, '0')}`,
          login: `VANDELAY__${who.email}`,
          email: who.email!,
          firstName: 'Known',
          lastName: 'Person',
          status: 'ACTIVE' as const,
        })),
      )
      .returning({ id: idpUsers.id, login: idpUsers.login });
    const answers = await Promise.all(
      people.flatMap((who) => [
        resolvePerson(t.database.db, provider, who),
        resolvePerson(t.database.db, provider, who),
      ]),
    );
    for (const [n, who] of people.entries()) {
      const [first, second] = [answers[2 * n], answers[2 * n + 1]];
      expect(first).toMatchObject({ ok: true, userId: existing[n]!.id });
      expect(second).toMatchObject({ ok: true, userId: existing[n]!.id });
      const rows = await rowsOf(`VANDELAY__${who.email}`, who.subject);
      expect(rows.users).toHaveLength(1);
      expect(rows.links).toEqual([{ userId: existing[n]!.id }]);
    }
  });
});
