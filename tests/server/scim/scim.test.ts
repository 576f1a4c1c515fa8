import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, instances } from '@server/db/schema';
import { idpUsers } from '@server/idp/tables';
import { logins } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { acmeProfile, CORE, openScimWorld, PATCH_OP, person, PROFILE, refusal } from './support';

type ScimWorld = Awaited<ReturnType<typeof openScimWorld>>;

/**
 * SCIM 2.0 (issue 33 item 3, docs/scim.md) as an HR feed and an identity provider's SCIM client would use it, on both
 * databases: the RFC's own requests, a feed of 1,000 people, and malformed requests, each answered with SCIM's error
 * object and never a 5xx.
 */
type ScimUser = {
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  name: { givenName: string; familyName: string };
  meta: { version: string; location: string };
  [PROFILE]: Record<string, string>;
};
type ListResponse = { totalResults: number; startIndex: number; itemsPerPage: number; Resources: ScimUser[] };

describe.each(databaseKinds)('SCIM 2.0 (%s)', (kind) => {
  let t: TestApp;
  let call: ScimWorld['call'];
  let tokenOf: ScimWorld['tokenOf'];
  let adminToken: string;
  let scim: ScimWorld['scim'];

  beforeAll(async () => {
    ({ t, call, tokenOf, adminToken, scim } = await openScimWorld(kind));
  }, 180_000);
  afterAll(() => t.dispose());

  const idpStatus = async (email: string) => {
    const [row] = await t.database.db
      .select({ status: idpUsers.status })
      .from(idpUsers)
      .where(eq(sql`lower(${idpUsers.login})`, `acme__${email}`.toLowerCase()));
    return row?.status;
  };

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas with Acme’s fields as the profile extension', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      etag: { supported: true },
    });
    const types = (await scim('GET', '/ResourceTypes')).json() as {
      Resources: { id: string; schemaExtensions: unknown }[];
    };
    expect(types.Resources.map((r) => r.id)).toEqual(['User', 'Group']);
    const schemas = (await scim('GET', '/Schemas')).json() as {
      Resources: { id: string; attributes: { name: string; required: boolean }[] }[];
    };
    const profile = schemas.Resources.find((s) => s.id === PROFILE);
    expect(profile?.attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'SocialSecurityNumber', required: true }),
        expect.objectContaining({ name: 'AddressLine2', required: false }),
      ]),
    );
    expect((await scim('GET', `/Schemas/${CORE}`)).statusCode).toBe(200);
  });

  it('plays the RFC 7644 §3.3 create: 201 with Location and ETag, the person in the profile and the identity provider', async () => {
    const created = await scim('POST', '/Users', {
      schemas: [CORE, PROFILE],
      userName: 'bjensen@acme.test',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
      [PROFILE]: acmeProfile(1),
    });
    expect(created).toAnswer(201);
    const user = created.json() as ScimUser;
    expect(user).toMatchObject({
      userName: 'bjensen@acme.test',
      externalId: 'bjensen',
      active: true,
      name: { givenName: 'Barbara', familyName: 'Jensen' },
    });
    expect(user[PROFILE]).toMatchObject({ City: 'Boston', SocialSecurityNumber: '100000001' });
    expect(created.headers.location).toBe(user.meta.location);
    expect(created.headers.etag).toBe(user.meta.version);
    // The activation mail (the client's default setting): waiting for the person, not yet active.
    expect(await idpStatus('bjensen@acme.test')).toBe('PROVISIONED');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'instance'), eq(auditLog.entityId, user.id)));
    expect(audit.map((row) => [row.action, row.actor])).toEqual([['create', logins.acmeClientAdmin]]);

    // §3.4.1: read back, and the If-None-Match of the version read is 304.
    const read = await scim('GET', `/Users/${user.id}`);
    expect(read.json()).toMatchObject({ id: user.id, userName: 'bjensen@acme.test' });
    expect(
      (await scim('GET', `/Users/${user.id}`, undefined, { headers: { 'if-none-match': user.meta.version } }))
        .statusCode,
    ).toBe(304);
    // §3.3: the same userName again is a uniqueness conflict; so is the externalId.
    refusal(
      await scim('POST', '/Users', person(2, { userName: 'BJensen@acme.test', emails: undefined })),
      409,
      'uniqueness',
    );
    refusal(await scim('POST', '/Users', person(3, { externalId: 'bjensen' })), 409, 'uniqueness');
  });

  it('plays the RFC 7644 §3.5.2 PATCH examples, with ETags: If-Match of an old version is 412 and changes nothing', async () => {
    const user = (await scim('POST', '/Users', person(10))).json() as ScimUser;
    const patch = (operations: object[], headers: Record<string, string> = {}) =>
      scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: operations }, { headers });
    // §3.5.2.3 replace with a path, §3.5.2.1 add without one, §3.5.2.2 remove.
    const replaced = await patch([{ op: 'replace', path: 'name.familyName', value: 'Smith' }], {
      'if-match': user.meta.version,
    });
    expect(replaced).toAnswer(200);
    const after = replaced.json() as ScimUser;
    expect(after.name.familyName).toBe('Smith');
    expect(after.meta.version).not.toBe(user.meta.version);
    refusal(
      await patch([{ op: 'replace', path: 'name.familyName', value: 'Stale' }], { 'if-match': user.meta.version }),
      412,
    );
    const added = await patch([{ op: 'add', value: { externalId: 'hr-10b', [PROFILE]: { AddressLine2: 'Suite 5' } } }]);
    const addedUser = added.json() as ScimUser;
    expect(addedUser.externalId).toBe('hr-10b');
    expect(addedUser).toHaveProperty([PROFILE, 'AddressLine2'], 'Suite 5');
    const removed = await patch([{ op: 'remove', path: `${PROFILE}:AddressLine2` }]);
    expect((removed.json() as ScimUser)[PROFILE].AddressLine2).toBeUndefined();
    // A profile field is checked by the profile form's own rules.
    refusal(await patch([{ op: 'replace', path: `${PROFILE}:ZipCode`, value: 'not a zip' }]), 400, 'invalidValue');
    refusal(await patch([{ op: 'remove', path: `${PROFILE}:City` }]), 400, 'invalidValue');
    // Deactivation (Entra ID's string boolean), then activation.
    const off = await patch([{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(off.json()).toMatchObject({ active: false });
    expect(await idpStatus('feed10@acme.test')).toBe('DEPROVISIONED');
    const on = await patch([{ op: 'replace', value: { active: true } }]);
    expect(on.json()).toMatchObject({ active: true });
    expect(await idpStatus('feed10@acme.test')).not.toBe('DEPROVISIONED');
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'instance'), eq(auditLog.entityId, user.id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'activate',
      'create',
      'deactivate',
      'update',
      'update',
      'update',
      'update',
    ]);
    // PUT replaces the whole person; userName may not change.
    const current = (await scim('GET', `/Users/${user.id}`)).json() as ScimUser;
    const put = await scim(
      'PUT',
      `/Users/${user.id}`,
      { ...person(10), name: { givenName: 'Put', familyName: 'Person' } },
      {
        headers: { 'if-match': current.meta.version },
      },
    );
    expect(put.json()).toMatchObject({ name: { givenName: 'Put', familyName: 'Person' }, externalId: 'hr-10' });
    refusal(await scim('PUT', `/Users/${user.id}`, person(11)), 400, 'mutability');
    // DELETE, then the person is gone.
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    refusal(await scim('GET', `/Users/${user.id}`), 404);
  });

  it(
    'takes an HR feed of 1,000 people: creates, filters, pages, patches and deactivates them',
    { timeout: 900_000 },
    async () => {
      const FEED = 1000;
      const ids: string[] = [];
      // Eight requests at a time, as a feed would send them.
      for (let start = 0; start < FEED; start += 8) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(8, FEED - start) }, (_, i) => {
            const n = 1000 + start + i;
            return scim('POST', '/Users', person(n, { externalId: `emp-${String(n)}` }));
          }),
        );
        for (const answer of batch) {
          expect(answer).toAnswer(201);
          ids.push((answer.json() as ScimUser).id);
        }
      }
      const list = async (query: string) => {
        const answer = await scim('GET', `/Users?${query}`);
        expect(answer).toAnswer(200);
        return answer.json() as ListResponse;
      };
      const feedFilter = encodeURIComponent('externalId sw "emp-" and userName ew "@acme.test"');
      // Paging: every person exactly once, over pages of 150.
      const seen: string[] = [];
      let total: number | undefined;
      for (let startIndex = 1; ; startIndex += 150) {
        const page = await list(`filter=${feedFilter}&startIndex=${String(startIndex)}&count=150`);
        total = page.totalResults;
        expect(page.startIndex).toBe(startIndex);
        seen.push(...page.Resources.map((r) => r.id));
        if (page.Resources.length < 150) break;
      }
      expect(total).toBe(FEED);
      expect(new Set(seen)).toEqual(new Set(ids));
      expect(seen).toHaveLength(FEED);
      // count=0 answers the total only.
      expect(await list(`filter=${feedFilter}&count=0`)).toMatchObject({ totalResults: FEED, Resources: [] });

      // Filters: eq (userName without case), co on e-mails, externalId (exact), displayName, and/or with parentheses.
      const one = await list(`filter=${encodeURIComponent('userName eq "FEED1500@ACME.TEST"')}`);
      expect(one.Resources.map((r) => r.externalId)).toEqual(['emp-1500']);
      expect((await list(`filter=${encodeURIComponent('externalId eq "EMP-1500"')}`)).totalResults).toBe(0);
      const names = async (filter: string) =>
        (await list(`filter=${encodeURIComponent(filter)}`)).Resources.map((r) => r.userName).sort();
      const feed150x = Array.from({ length: 10 }, (_, i) => `feed150${String(i)}@acme.test`);
      expect(await names('emails.value co "feed150"')).toEqual(feed150x);
      expect(await names('emails[type eq "work" and value sw "feed150"]')).toEqual(feed150x);
      expect((await list(`filter=${encodeURIComponent('displayName eq "given1999 family1999"')}`)).totalResults).toBe(
        1,
      );
      const either = await list(
        `filter=${encodeURIComponent('(externalId eq "emp-1001" or externalId eq "emp-1002") and name.familyName pr')}`,
      );
      expect(either.Resources.map((r) => r.externalId).sort()).toEqual(['emp-1001', 'emp-1002']);

      // The feed patches a tenth of them (a move) and deactivates another tenth (leavers).
      for (let n = 1000; n < 2000; n += 10) {
        const id = ids[n - 1000] ?? '';
        const moved = await scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH_OP],
          Operations: [
            { op: 'replace', path: `${PROFILE}:City`, value: 'Chicago' },
            { op: 'replace', path: `${PROFILE}:State`, value: 'IL' },
          ],
        });
        expect(moved).toAnswer(200);
        const leaver = await scim('PATCH', `/Users/${ids[n - 1000 + 5] ?? ''}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', value: { active: false } }],
        });
        expect(leaver).toAnswer(200);
      }
      expect(
        (await list(`filter=${encodeURIComponent('active eq false and externalId sw "emp-"')}`)).totalResults,
      ).toBe(100);
      expect(
        (await list(`filter=${encodeURIComponent('not (active eq false) and externalId sw "emp-"')}`)).totalResults,
      ).toBe(900);
      const chicago = await list(`filter=${encodeURIComponent('externalId eq "emp-1010"')}`);
      expect(chicago.Resources[0]?.[PROFILE]).toMatchObject({ City: 'Chicago', State: 'IL' });
      const [deprovisioned] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(idpUsers)
        .where(and(sql`${idpUsers.login} like 'ACME__feed1___@%'`, eq(idpUsers.status, 'DEPROVISIONED')));
      expect(Number(deprovisioned?.n)).toBe(100);
    },
  );

  it('refuses malformed bodies, filters and paths with the right scimType', async () => {
    const user = (await scim('POST', '/Users', person(20))).json() as ScimUser;
    for (const filter of [
      'userName eq',
      'userName zz "a"',
      '(userName eq "a"',
      'nickName eq "a"',
      'active co "t"',
      'userName eq true',
      'meta.created gt "yesterday"',
    ])
      refusal(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    refusal(await scim('GET', '/Users?startIndex=abc'), 400, 'invalidValue');
    refusal(await scim('POST', '/Users', '{"userName": '), 400, 'invalidSyntax');
    refusal(await scim('POST', '/Users', '[1,2]'), 400, 'invalidSyntax');
    refusal(await scim('POST', '/Users', { schemas: ['urn:other'], userName: 'x@acme.test' }), 400, 'invalidSyntax');
    refusal(await scim('POST', '/Users', { schemas: [CORE] }), 400, 'invalidValue');
    refusal(
      await scim('POST', '/Users', person(21, { userName: 'not an e-mail', emails: undefined })),
      400,
      'invalidValue',
    );
    refusal(await scim('POST', '/Users', person(22, { active: 'yes' })), 400, 'invalidValue');
    refusal(
      await scim('POST', '/Users', person(23, { [PROFILE]: { ...acmeProfile(23), Unknown: 'x' } })),
      400,
      'invalidValue',
    );
    refusal(
      await scim('POST', '/Users', person(24, { [PROFILE]: { ...acmeProfile(24), SocialSecurityNumber: 'abc' } })),
      400,
      'invalidValue',
    );
    refusal(await scim('POST', '/Users', person(25, { password: 'Secret-Passw0rd!' })), 400, 'invalidValue');
    const patch = (body: unknown) => scim('PATCH', `/Users/${user.id}`, body);
    refusal(await patch({ Operations: [{ op: 'add', value: {} }] }), 400, 'invalidSyntax');
    refusal(await patch({ schemas: [PATCH_OP], Operations: [{ op: 'jump', path: 'x' }] }), 400, 'invalidSyntax');
    refusal(await patch({ schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }), 400, 'noTarget');
    refusal(
      await patch({
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'x' }],
      }),
      400,
      'noTarget',
    );
    refusal(
      await patch({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'id', value: 'x' }] }),
      400,
      'mutability',
    );
    refusal(
      await patch({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'y@acme.test' }] }),
      400,
      'mutability',
    );
    refusal(
      await patch({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'urn:x:y', value: 'x' }] }),
      400,
      'invalidPath',
    );
    // Nothing changed by any of them.
    const after = (await scim('GET', `/Users/${user.id}`)).json() as ScimUser;
    expect(after.meta.version).toBe(user.meta.version);
    refusal(await scim('GET', '/Users/not-an-id'), 404);
    refusal(await scim('POST', '/Bulk', {}), 404);
  });

  it('takes only API tokens, each within its owner’s reach: a client administrator’s reaches their client only', async () => {
    refusal(await scim('GET', '/Users', undefined, { token: null }), 401);
    refusal(await scim('GET', '/Users', undefined, { token: 'not-a-token' }), 401);
    // The client administrator's token: its own client, with or without the alias; another client is missing.
    expect((await scim('GET', '/acme/Users?count=1')).statusCode).toBe(200);
    refusal(await scim('GET', '/globex/Users'), 404);
    // The provider administrator's token names the client.
    refusal(await scim('GET', '/Users', undefined, { token: adminToken }), 404);
    const globex = await scim('GET', '/globex/Users', undefined, { token: adminToken });
    expect(globex.statusCode).toBe(200);
    expect((globex.json() as ListResponse).Resources.map((r) => r.userName)).toContain('sam@globex.test');
    // A client administrator never manages the provider administrator.
    const [admin] = await t.database.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.idpLogin, logins.admin));
    refusal(await scim('GET', `/Users/${admin?.id ?? ''}`), 404);
    // Revoked: 401.
    const revocable = await tokenOf('acmeClientAdmin', 'Revoked feed');
    expect((await scim('GET', '/Users?count=1', undefined, { token: revocable })).statusCode).toBe(200);
    const listed = (await call('GET', 'ApiToken')).json<{ id: string; name: string }[]>();
    const id = listed.find((token) => token.name === 'Revoked feed')?.id ?? '';
    expect(await call('DELETE', `ApiToken/${id}`)).toAnswer(204);
    refusal(await scim('GET', '/Users?count=1', undefined, { token: revocable }), 401);
  });

  it('lets a client provision people who sign in at once, with the password the SCIM client sends', async () => {
    await t.database.db.update(clients).set({ scimSignIn: 'immediate' }).where(eq(clients.portalAlias, 'acme'));
    try {
      refusal(await scim('POST', '/Users', person(30)), 400, 'invalidValue');
      const created = await scim('POST', '/Users', person(31, { password: 'Correct-Horse-Battery-9' }));
      expect(created).toAnswer(201);
      expect(await idpStatus('feed31@acme.test')).toBe('ACTIVE');
      expect(created.body).not.toContain('Correct-Horse');
    } finally {
      await t.database.db.update(clients).set({ scimSignIn: 'activationMail' }).where(eq(clients.portalAlias, 'acme'));
    }
  });
});
