import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances } from '@server/db/schema';
import { idpFactors, idpOidcModels } from '@server/idp/tables';
import { auditRowsOf, logins, openDemoWorld, type Person } from './harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/**
 * Clear sessions and Reset factors in the user dialog (issue 31 items 2 and 3, docs/api.md "Users"): an administrator
 * ends a person's sessions (their refresh tokens with them) or removes their factors, within their reach, audited.
 */
describe.each(databaseKinds)('Clear sessions and Reset factors of a person (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;

  beforeAll(async () => {
    ({ t, call } = await openDemoWorld(kind, { identities: true }));
  });
  afterAll(() => t.dispose());

  const personOf = async (who: Person) => {
    const [person] = await t.database.db.select().from(instances).where(eq(instances.idpLogin, logins[who]));
    if (person?.idpUserId == null) throw new Error(`no linked profile for ${who}`);
    return { id: person.id, idpUserId: person.idpUserId };
  };
  /** A browser session and a refresh token of the person, as the embedded identity provider stores them. */
  const signedIn = async (idpUserId: string) => {
    const rows = ['Session', 'Grant', 'RefreshToken'].map((model) => ({
      model,
      id: `${model}-${idpUserId}`,
      payload: { accountId: idpUserId },
      expiresAt: new Date(Date.now() + 3_600_000),
    }));
    await t.database.db.insert(idpOidcModels).values(rows).onConflictDoNothing();
  };
  const tokensOf = async (idpUserId: string) =>
    (
      await t.database.db
        .select({ model: idpOidcModels.model })
        .from(idpOidcModels)
        .where(sql`${idpOidcModels.payload}->>'accountId' = ${idpUserId}`)
    )
      .map((row) => row.model)
      .sort();
  const withFactor = async (idpUserId: string) => {
    await t.database.db
      .insert(idpFactors)
      .values({
        id: `uft${idpUserId.slice(0, 17)}`,
        userId: idpUserId,
        factorType: 'token:software:totp',
        provider: 'GOOGLE',
        status: 'ACTIVE',
        secret: 'sealed.v1.test',
      })
      .onConflictDoNothing();
  };
  const factorsOf = async (idpUserId: string) =>
    t.database.db
      .select({ id: idpFactors.id })
      .from(idpFactors)
      .where(and(eq(idpFactors.userId, idpUserId)));

  it('ends every session of the person and revokes their refresh tokens at once, audited', async () => {
    const maria = await personOf('acmeUser');
    await signedIn(maria.idpUserId);
    expect(await tokensOf(maria.idpUserId)).toEqual(['Grant', 'RefreshToken', 'Session']);
    expect(await call('POST', `ManageUsers/${maria.id}/ClearSessions`, { as: 'acmeClientAdmin' })).toAnswer(204);
    expect(await tokensOf(maria.idpUserId)).toEqual([]);
    const [row] = await auditRowsOf(t, 'instance', maria.id);
    expect(row).toMatchObject({ actor: logins.acmeClientAdmin, action: 'sessions.clear' });
  });

  it('removes every factor of the person, audited', async () => {
    const maria = await personOf('acmeUser');
    await withFactor(maria.idpUserId);
    expect(await factorsOf(maria.idpUserId)).toHaveLength(1);
    expect(await call('POST', `ManageUsers/${maria.id}/ResetFactors`)).toAnswer(204);
    expect(await factorsOf(maria.idpUserId)).toEqual([]);
    const actions = (await auditRowsOf(t, 'instance', maria.id)).map((row) => [row.actor, row.action]);
    expect(actions).toContainEqual([logins.admin, 'factors.reset']);
  });

  it("refuses another client's person to a client administrator (404), and anyone but an administrator, changing nothing", async () => {
    const sam = await personOf('globexUser');
    await signedIn(sam.idpUserId);
    await withFactor(sam.idpUserId);
    for (const path of ['ClearSessions', 'ResetFactors']) {
      expect(await call('POST', `ManageUsers/${sam.id}/${path}`, { as: 'acmeClientAdmin' })).toAnswer(404);
      expect(await call('POST', `ManageUsers/${sam.id}/${path}`, { as: 'acmeUser' })).toAnswer(403);
      expect(await call('POST', `ManageUsers/${sam.id}/${path}`, { as: 'anonymous' })).toAnswer(401);
    }
    expect(await call('POST', 'ManageUsers/00000000-0000-4000-8000-000000000000/ClearSessions')).toAnswer(404);
    expect(await tokensOf(sam.idpUserId)).toEqual(['Grant', 'RefreshToken', 'Session']);
    expect(await factorsOf(sam.idpUserId)).toHaveLength(1);
    expect(await auditRowsOf(t, 'instance', sam.id)).toEqual([]);
    // The provider administrator reaches every client's people.
    expect(await call('POST', `ManageUsers/${sam.id}/ClearSessions`)).toAnswer(204);
    expect(await tokensOf(sam.idpUserId)).toEqual([]);
  });
});
