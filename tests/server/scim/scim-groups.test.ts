import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, instances } from '@server/db/schema';
import { createGroup } from '@server/idp/groups/directory';
import { logins, type Person } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { CORE_GROUP, openScimWorld, PATCH_OP, refusal, type Answer } from './support';

/**
 * SCIM 2.0 Groups (issue 33 item 3, docs/scim.md "Groups") on both databases: a client's groups are the identity
 * provider's groups named `{OktaPrefix}__{displayName}`, their members the client's people. The RFC 7644 requests,
 * the PATCH shapes Entra ID and Okta send, each client kept to its own groups, and malformed requests, which are
 * refused with SCIM's error object and change nothing.
 */
type Member = { value: string; display: string; $ref: string; type: string };
type ScimGroup = {
  id: string;
  displayName: string;
  externalId?: string;
  members?: Member[];
  meta: { version: string; location: string; resourceType: string };
};
type GroupList = { totalResults: number; startIndex: number; itemsPerPage: number; Resources: ScimGroup[] };
type ScimWorld = Awaited<ReturnType<typeof openScimWorld>>;

describe.each(databaseKinds)('SCIM 2.0 Groups (%s)', (kind) => {
  let t: TestApp;
  let scim: ScimWorld['scim'];
  let adminToken: string;
  /** Profile ids (the SCIM User ids) and identity-provider ids of demo people. */
  const people = {} as Record<'maria' | 'acmeAdmin' | 'sam', { id: string; idpUserId: string }>;

  beforeAll(async () => {
    ({ t, scim, adminToken } = await openScimWorld(kind));
    const of = async (who: Person) => {
      const [row] = await t.database.db
        .select({ id: instances.id, idpUserId: instances.idpUserId })
        .from(instances)
        .where(eq(instances.idpLogin, logins[who]));
      return { id: row?.id ?? '', idpUserId: row?.idpUserId ?? '' };
    };
    people.maria = await of('acmeUser');
    people.acmeAdmin = await of('acmeClientAdmin');
    people.sam = await of('globexUser');
  }, 180_000);
  afterAll(() => t.dispose());

  const group = (displayName: string, more: Record<string, unknown> = {}) => ({
    schemas: [CORE_GROUP],
    displayName,
    ...more,
  });
  const created = async (displayName: string, more: Record<string, unknown> = {}) => {
    const answer = await scim('POST', '/Groups', group(displayName, more));
    expect(answer).toAnswer(201);
    return answer.json() as ScimGroup;
  };
  const patch = (id: string, operations: object[], headers: Record<string, string> = {}) =>
    scim('PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: operations }, { headers });
  const membersOf = (answer: Answer) => ((answer.json() as ScimGroup).members ?? []).map((m) => m.value).sort();
  /** The identity provider's own answer: the group names of a user, by the management API (as Okta's). */
  const idpGroupsOf = async (idpUserId: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${idpUserId}/groups`,
      headers: { authorization: `SSWS ${adminToken}` },
    });
    expect(answer).toAnswer(200);
    return answer.json<{ profile: { name: string } }[]>().map((g) => g.profile.name);
  };
  const systemLog = async (eventType: string, groupId: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/logs?filter=${encodeURIComponent(`eventType eq "${eventType}" and target.id eq "${groupId}"`)}`,
      headers: { authorization: `SSWS ${adminToken}` },
    });
    expect(answer).toAnswer(200);
    return answer.json<{ actor: { alternateId: string }; target: { id: string; type: string }[] }[]>();
  };
  const auditOf = (id: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'group'), eq(auditLog.entityId, id)));

  it('creates a group with a member: 201, Location, ETag; the membership in the identity provider, the System Log and the audit', async () => {
    const answer = await scim(
      'POST',
      '/Groups',
      group('Engineering', { externalId: 'eng-1', members: [{ value: people.maria.id }] }),
    );
    expect(answer).toAnswer(201);
    const made = answer.json() as ScimGroup;
    expect(made).toMatchObject({
      schemas: [CORE_GROUP],
      displayName: 'Engineering',
      externalId: 'eng-1',
      members: [
        {
          value: people.maria.id,
          display: expect.any(String) as string,
          $ref: expect.stringMatching(new RegExp(`/scim/v2/Users/${people.maria.id}$`)) as string,
          type: 'User',
        },
      ],
      meta: { resourceType: 'Group' },
    });
    expect(answer.headers.location).toBe(made.meta.location);
    expect(answer.headers.etag).toBe(made.meta.version);
    // The identity provider's group carries the client's prefix: the name the `groups` claim carries.
    expect(await idpGroupsOf(people.maria.idpUserId)).toContain('ACME__Engineering');
    // The person's User shows the group (read-only `groups`).
    const user = (await scim('GET', `/Users/${people.maria.id}`)).json() as { groups: unknown[] };
    expect(user.groups).toContainEqual(
      expect.objectContaining({ value: made.id, display: 'Engineering', type: 'direct' }),
    );
    // Read back; If-None-Match of the version read is 304.
    expect((await scim('GET', `/Groups/${made.id}`)).json()).toMatchObject({ id: made.id, displayName: 'Engineering' });
    expect(
      (await scim('GET', `/Groups/${made.id}`, undefined, { headers: { 'if-none-match': made.meta.version } }))
        .statusCode,
    ).toBe(304);
    // The System Log has the management API's events, the token's owner as actor; the audit log has the create.
    const createEvents = await systemLog('group.lifecycle.create', made.id);
    expect(createEvents.map((e) => e.actor.alternateId)).toEqual([logins.acmeClientAdmin]);
    const adds = await systemLog('group.user_membership.add', made.id);
    expect(adds.flatMap((e) => e.target.map((target) => target.id))).toContain(people.maria.idpUserId);
    const audit = await auditOf(made.id);
    expect(audit.map((row) => [row.action, row.actor, row.after])).toEqual([
      [
        'create',
        logins.acmeClientAdmin,
        expect.objectContaining({ displayName: 'Engineering', members: [people.maria.id], via: 'scim' }),
      ],
    ]);
  });

  it('plays the RFC 7644 §3.5.2 group PATCH examples: add a member, remove one by a value path, replace them all', async () => {
    const made = await created('Sales');
    // §3.5.2.1: add members.
    const added = await patch(made.id, [
      {
        op: 'add',
        path: 'members',
        value: [{ display: 'Maria', $ref: `https://example.com/v2/Users/${people.maria.id}`, value: people.maria.id }],
      },
    ]);
    expect(added).toAnswer(200);
    expect(membersOf(added)).toEqual([people.maria.id]);
    expect((added.json() as ScimGroup).meta.version).not.toBe(made.meta.version);
    expect(await idpGroupsOf(people.maria.idpUserId)).toContain('ACME__Sales');
    // §3.5.2.2: remove one member by a value filter.
    const removed = await patch(made.id, [{ op: 'remove', path: `members[value eq "${people.maria.id}"]` }]);
    expect(membersOf(removed)).toEqual([]);
    expect(await idpGroupsOf(people.maria.idpUserId)).not.toContain('ACME__Sales');
    // §3.5.2.3: replace all members (and §3.5.2.2's remove of them all).
    const replaced = await patch(made.id, [
      { op: 'replace', path: 'members', value: [{ value: people.maria.id }, { value: people.acmeAdmin.id }] },
    ]);
    expect(membersOf(replaced)).toEqual([people.maria.id, people.acmeAdmin.id].sort());
    const replacedAgain = await patch(made.id, [
      { op: 'replace', path: 'members', value: [{ value: people.acmeAdmin.id }] },
    ]);
    expect(membersOf(replacedAgain)).toEqual([people.acmeAdmin.id]);
    expect(await idpGroupsOf(people.maria.idpUserId)).not.toContain('ACME__Sales');
    const cleared = await patch(made.id, [{ op: 'remove', path: 'members' }]);
    expect(membersOf(cleared)).toEqual([]);
    expect(await idpGroupsOf(people.acmeAdmin.idpUserId)).not.toContain('ACME__Sales');
    expect((await systemLog('group.user_membership.remove', made.id)).length).toBe(3);
  });

  it('takes the PATCH shapes Entra ID and Okta send, and reads a group without its members (excludedAttributes)', async () => {
    const made = await created('Support');
    // Entra ID: capitalised ops, members added and removed by value arrays.
    const added = await patch(made.id, [
      { op: 'Add', path: 'members', value: [{ value: people.maria.id }, { value: people.acmeAdmin.id }] },
    ]);
    expect(membersOf(added)).toEqual([people.maria.id, people.acmeAdmin.id].sort());
    const removed = await patch(made.id, [{ op: 'Remove', path: 'members', value: [{ value: people.maria.id }] }]);
    expect(membersOf(removed)).toEqual([people.acmeAdmin.id]);
    // Adding someone already a member changes nothing.
    const again = await patch(made.id, [{ op: 'add', path: 'members', value: [{ value: people.acmeAdmin.id }] }]);
    expect(membersOf(again)).toEqual([people.acmeAdmin.id]);
    // A rename with a path, then without one (with the external id), as Entra ID sends them.
    const renamed = await patch(made.id, [{ op: 'Replace', path: 'displayName', value: 'Customer Support' }]);
    expect(renamed.json()).toMatchObject({ displayName: 'Customer Support' });
    const both = await patch(made.id, [{ op: 'replace', value: { displayName: 'Help Desk', externalId: 'hd-1' } }]);
    expect(both.json()).toMatchObject({ displayName: 'Help Desk', externalId: 'hd-1' });
    expect(await idpGroupsOf(people.acmeAdmin.idpUserId)).toContain('ACME__Help Desk');
    // Okta sends the group's own id along with its replace.
    const okta = await patch(made.id, [{ op: 'replace', value: { id: made.id, displayName: 'Helpdesk' } }]);
    expect(okta.json()).toMatchObject({ displayName: 'Helpdesk', externalId: 'hd-1' });
    expect((await systemLog('group.profile.update', made.id)).length).toBe(3);
    // Entra ID reads large groups without their members.
    const slim = await scim('GET', `/Groups/${made.id}?excludedAttributes=members`);
    expect(slim.json()).toMatchObject({ id: made.id, displayName: 'Helpdesk' });
    expect(slim.json()).not.toHaveProperty('members');
    const found = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "helpdesk"')}&excludedAttributes=members`,
    );
    const list = found.json() as GroupList;
    expect(list.totalResults).toBe(1);
    expect(list.Resources[0]).toMatchObject({ id: made.id, displayName: 'Helpdesk' });
    expect(list.Resources[0]).not.toHaveProperty('members');
  });

  it('lists and filters the client’s groups with the Users’ filter and paging rules', async () => {
    const made = [];
    for (const n of [1, 2, 3, 4, 5]) made.push(await created(`Team ${String(n)}`, { externalId: `team-${String(n)}` }));
    const list = async (query: string) => {
      const answer = await scim('GET', `/Groups?${query}`);
      expect(answer).toAnswer(200);
      return answer.json() as GroupList;
    };
    const names = async (filter: string) =>
      (await list(`filter=${encodeURIComponent(filter)}`)).Resources.map((g) => g.displayName).sort();
    expect(await names('displayName sw "team "')).toEqual(['Team 1', 'Team 2', 'Team 3', 'Team 4', 'Team 5']);
    expect(await names('displayName eq "TEAM 3"')).toEqual(['Team 3']);
    expect(await names('externalId eq "team-4"')).toEqual(['Team 4']);
    expect(await names('externalId eq "TEAM-4"')).toEqual([]);
    expect(await names(`id eq "${made[1]?.id ?? ''}"`)).toEqual(['Team 2']);
    expect(await names('(externalId eq "team-1" or externalId eq "team-5") and displayName pr')).toEqual([
      'Team 1',
      'Team 5',
    ]);
    expect(
      await names(`meta.created ge "${new Date(Date.now() - 3_600_000).toISOString()}" and externalId sw "team-"`),
    ).toHaveLength(5);
    // Paging, oldest first: pages of two, every group once.
    const filter = encodeURIComponent('externalId sw "team-"');
    const first = await list(`filter=${filter}&startIndex=1&count=2`);
    const third = await list(`filter=${filter}&startIndex=5&count=2`);
    expect(first).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    expect(first.Resources.map((g) => g.displayName)).toEqual(['Team 1', 'Team 2']);
    expect(third.Resources.map((g) => g.displayName)).toEqual(['Team 5']);
    expect(await list(`filter=${filter}&count=0`)).toMatchObject({ totalResults: 5, Resources: [] });
    // A group is listed with its members unless excluded.
    const everything = await list('count=200');
    expect(everything.Resources.every((g) => Array.isArray(g.members))).toBe(true);
  });

  it('keeps each client to its own groups and people: another client’s group and unprefixed groups are missing, another client’s person is refused', async () => {
    // Globex's group, made by the provider administrator's token naming the client.
    const globex = await scim('POST', '/globex/Groups', group('Engineering', { members: [{ value: people.sam.id }] }), {
      token: adminToken,
    });
    expect(globex).toAnswer(201);
    const globexGroup = globex.json() as ScimGroup;
    expect(await idpGroupsOf(people.sam.idpUserId)).toContain('GLBX__Engineering');
    // A group made through the management API without a client prefix.
    const plain = await createGroup(t.database.db, { name: 'Everyone Else' });
    for (const id of [globexGroup.id, plain.id]) {
      refusal(await scim('GET', `/Groups/${id}`), 404);
      refusal(await scim('PUT', `/Groups/${id}`, group('Taken over')), 404);
      refusal(await patch(id, [{ op: 'add', path: 'members', value: [{ value: people.maria.id }] }]), 404);
      refusal(await scim('DELETE', `/Groups/${id}`), 404);
      refusal(await scim('GET', `/globex/Groups/${id}`), 404);
    }
    const acmeList = (await scim('GET', '/Groups?count=200')).json() as GroupList;
    expect(acmeList.Resources.map((g) => g.id)).not.toContain(globexGroup.id);
    expect(acmeList.Resources.map((g) => g.id)).not.toContain(plain.id);
    const globexList = (await scim('GET', '/globex/Groups', undefined, { token: adminToken })).json() as GroupList;
    expect(globexList.Resources.map((g) => g.displayName)).toEqual(['Engineering']);
    // Globex's group is untouched.
    expect(await idpGroupsOf(people.sam.idpUserId)).toContain('GLBX__Engineering');
    // Another client's person, or an id nobody has, is not a member Acme can name.
    const acme = await created('Partners');
    refusal(
      await patch(acme.id, [{ op: 'add', path: 'members', value: [{ value: people.sam.id }] }]),
      400,
      'invalidValue',
    );
    refusal(
      await scim(
        'POST',
        '/Groups',
        group('Mixed', { members: [{ value: people.maria.id }, { value: people.sam.id }] }),
      ),
      400,
      'invalidValue',
    );
    refusal(
      await patch(acme.id, [
        { op: 'add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] },
      ]),
      400,
      'invalidValue',
    );
    refusal(
      await patch(acme.id, [{ op: 'add', path: 'members', value: [{ value: 'not-an-id' }] }]),
      400,
      'invalidValue',
    );
    expect(await idpGroupsOf(people.sam.idpUserId)).not.toContain('ACME__Partners');
    expect(
      ((await scim('GET', '/Groups?filter=displayName%20eq%20%22Mixed%22')).json() as GroupList).totalResults,
    ).toBe(0);
  });

  it('refuses a taken displayName or externalId (409), a stale If-Match (412) and malformed input, changing nothing; DELETE removes the group', async () => {
    const made = await created('Finance', { externalId: 'fin-1', members: [{ value: people.maria.id }] });
    refusal(await scim('POST', '/Groups', group('FINANCE')), 409, 'uniqueness');
    refusal(await scim('POST', '/Groups', group('Finance 2', { externalId: 'fin-1' })), 409, 'uniqueness');
    const other = await created('Audit');
    refusal(await patch(other.id, [{ op: 'replace', path: 'displayName', value: 'finance' }]), 409, 'uniqueness');
    refusal(await scim('PUT', `/Groups/${other.id}`, group('Audit', { externalId: 'fin-1' })), 409, 'uniqueness');
    // PUT replaces name, external id and members; an old version is 412.
    const put = await scim(
      'PUT',
      `/Groups/${made.id}`,
      group('Finance', { externalId: 'fin-1', members: [{ value: people.acmeAdmin.id }] }),
      { headers: { 'if-match': made.meta.version } },
    );
    expect(put).toAnswer(200);
    expect(membersOf(put)).toEqual([people.acmeAdmin.id]);
    const current = put.json() as ScimGroup;
    refusal(
      await scim('PUT', `/Groups/${made.id}`, group('Stale'), { headers: { 'if-match': made.meta.version } }),
      412,
    );
    refusal(await patch(made.id, [{ op: 'remove', path: 'members' }], { 'if-match': made.meta.version }), 412);

    for (const filter of ['displayName eq', 'members.value eq "x"', 'displayName zz "a"', 'meta.created gt "soon"'])
      refusal(await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    refusal(await scim('GET', '/Groups?count=many'), 400, 'invalidValue');
    refusal(await scim('POST', '/Groups', '{"displayName": '), 400, 'invalidSyntax');
    refusal(await scim('POST', '/Groups', { schemas: ['urn:other'], displayName: 'X' }), 400, 'invalidSyntax');
    refusal(await scim('POST', '/Groups', { schemas: [CORE_GROUP] }), 400, 'invalidValue');
    refusal(await scim('POST', '/Groups', group('  ')), 400, 'invalidValue');
    refusal(await scim('POST', '/Groups', group('Bad', { members: 'everyone' })), 400, 'invalidValue');
    refusal(await scim('POST', '/Groups', group('Bad', { members: [{ display: 'no value' }] })), 400, 'invalidValue');
    const bad = (operations: unknown) =>
      scim('PATCH', `/Groups/${made.id}`, { schemas: [PATCH_OP], Operations: operations });
    refusal(
      await scim('PATCH', `/Groups/${made.id}`, { Operations: [{ op: 'add', value: {} }] }),
      400,
      'invalidSyntax',
    );
    refusal(await bad([{ op: 'merge', path: 'members' }]), 400, 'invalidSyntax');
    refusal(await bad([]), 400, 'invalidSyntax');
    refusal(await bad([{ op: 'remove' }]), 400, 'noTarget');
    refusal(await bad([{ op: 'remove', path: `members[value eq "${people.maria.id}"]` }]), 400, 'noTarget');
    refusal(await bad([{ op: 'replace', path: 'members[value eq', value: [] }]), 400, 'invalidPath');
    refusal(await bad([{ op: 'replace', path: 'urn:x:y', value: 'x' }]), 400, 'invalidPath');
    refusal(await bad([{ op: 'replace', path: 'id', value: 'x' }]), 400, 'mutability');
    refusal(await bad([{ op: 'replace', path: 'displayName', value: 42 }]), 400, 'invalidValue');
    // Nothing changed by any of them.
    const after = (await scim('GET', `/Groups/${made.id}`)).json() as ScimGroup;
    expect(after).toEqual(current);
    refusal(await scim('GET', '/Groups/00gnotagroup'), 404);

    // DELETE: an old version is 412; then 204, the group gone from the identity provider and its members' groups.
    refusal(await scim('DELETE', `/Groups/${made.id}`, undefined, { headers: { 'if-match': made.meta.version } }), 412);
    expect(await idpGroupsOf(people.acmeAdmin.idpUserId)).toContain('ACME__Finance');
    expect(
      (await scim('DELETE', `/Groups/${made.id}`, undefined, { headers: { 'if-match': current.meta.version } }))
        .statusCode,
    ).toBe(204);
    refusal(await scim('GET', `/Groups/${made.id}`), 404);
    refusal(await scim('DELETE', `/Groups/${made.id}`), 404);
    expect(await idpGroupsOf(people.acmeAdmin.idpUserId)).not.toContain('ACME__Finance');
    expect((await systemLog('group.lifecycle.delete', made.id)).length).toBe(1);
    expect((await auditOf(made.id)).map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });
});
