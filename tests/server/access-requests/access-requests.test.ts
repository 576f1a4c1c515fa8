import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_REQUEST_OPEN_LIMIT, AccessRequestListSchema, MyAccessRequestsSchema } from '@contracts/access-requests';
import {
  accessRequests,
  applications,
  auditLog,
  clientApplications,
  instanceApplicationRoles,
  instances,
  mailOutbox,
} from '@server/db/schema';
import { auditTrail } from '@server/api/support/audit';
import { logins, openDemoWorld, problemOf, type Person } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/**
 * Access requests from the board (issue 34 item 4, docs/api.md "Access requests"): maria asks for an Acme
 * application she holds no role in; Acme's client administrator (or the provider administrator) approves it with a
 * role or declines it with a reason; another client's administrator gets 404; a decision taken twice or on a stale
 * version gets 409; every step is audited and the person is mailed.
 */
describe.each(databaseKinds)('Access requests (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;
  let acme: string;
  let globex: string;
  let maria: typeof instances.$inferSelect;

  const appId = async (name: string) => {
    const [row] = await t.database.db.select().from(applications).where(eq(applications.name, name));
    if (row === undefined) throw new Error(`no application ${name}`);
    return row.id;
  };
  const mine = async (as: Person = 'acmeUser') => {
    const answer = await call('GET', 'MyAccessRequests', { as });
    expect(answer).toAnswer(200);
    return v.parse(MyAccessRequestsSchema, answer.json());
  };
  const ask = (applicationId: string, reason = '', as: Person = 'acmeUser') =>
    call('POST', 'MyAccessRequests', { as, body: { applicationId, reason } });
  const openList = async (as: Person) => {
    const answer = await call('GET', 'AccessRequest', { as });
    expect(answer).toAnswer(200);
    return v.parse(AccessRequestListSchema, answer.json());
  };
  const roleOf = async (applicationId: string) => {
    const [row] = await t.database.db
      .select()
      .from(instanceApplicationRoles)
      .where(
        and(
          eq(instanceApplicationRoles.instanceId, maria.id),
          eq(instanceApplicationRoles.applicationId, applicationId),
        ),
      );
    return row?.roleValue ?? null;
  };
  const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind));
    const [row] = await t.database.db.select().from(instances).where(eq(instances.idpLogin, logins.acmeUser));
    if (row === undefined) throw new Error('no maria');
    maria = row;
  });
  afterAll(() => t.dispose());

  it("offers the client's active applications the person holds no role in, and refuses any other", async () => {
    const offered = await mine();
    expect(offered.applications).toEqual([
      { applicationId: await appId('Wellness Hub'), name: 'Wellness Hub', openRequestId: null },
    ]);
    expect(offered).toMatchObject({ openCount: 0, limit: ACCESS_REQUEST_OPEN_LIMIT });
    // One she holds, one of another client, one inactive for Acme, a forged id: all 404, nothing written.
    for (const name of ['Benefits Center', 'Payroll Online']) expect(await ask(await appId(name))).toAnswer(404);
    expect(await ask('00000000-0000-4000-8000-000000000000')).toAnswer(404);
    expect(await ask(await appId('Wellness Hub'), 'x'.repeat(501))).toAnswer(400);
    expect(await t.database.db.select().from(accessRequests)).toEqual([]);
    expect(await call('GET', 'MyAccessRequests', { as: 'anonymous' })).toAnswer(401);
    expect(await call('GET', 'AccessRequest', { as: 'acmeUser' })).toAnswer(403);
  });

  it('opens a request once (audited), shows it as requested, and lists it to its client administrators only', async () => {
    const wellness = await appId('Wellness Hub');
    const created = await ask(wellness, '  I coach the lunch runs.  ');
    expect(created).toAnswer(201);
    const { id } = created.json<{ id: string }>();
    expect((await mine()).applications).toEqual([{ applicationId: wellness, name: 'Wellness Hub', openRequestId: id }]);
    expect(await ask(wellness)).toAnswer(409);
    expect(problemOf(await ask(wellness)).code).toBe('conflict');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'access_request.create'));
    expect(audit).toMatchObject({ actor: logins.acmeUser, entity: 'access_request', entityId: id, clientId: acme });

    const acmeList = await openList('acmeClientAdmin');
    expect(acmeList).toHaveLength(1);
    expect(acmeList[0]).toMatchObject({
      id,
      version: 1,
      email: 'maria@acme.test',
      clientId: acme,
      applicationName: 'Wellness Hub',
      reason: 'I coach the lunch runs.',
      defaultRoleValue: 'Participant',
      rolesApiUrl: '/api/v1/ApplicationRoles/wellness?clientId={clientId}',
    });
    expect(await openList('admin')).toHaveLength(1);
    expect((await call('GET', 'AccessRequest/Count', { as: 'acmeClientAdmin' })).json()).toEqual({ open: 1 });
    // The provider administrator may narrow to a client; a client administrator naming another client learns nothing.
    expect((await call('GET', `AccessRequest?clientId=${globex}`, { as: 'admin' })).json()).toEqual([]);
    expect(await call('GET', `AccessRequest?clientId=${globex}`, { as: 'acmeClientAdmin' })).toAnswer(404);
  });

  it("answers 404 to another client's administrator and to a forged id, and 409 to a stale version", async () => {
    const [request] = await openList('admin');
    if (request === undefined) throw new Error('no request');
    // sam is no administrator; a Globex client administrator is made for the test by a restriction on his profile.
    expect(
      await call('POST', `AccessRequest/${request.id}/Approve`, {
        as: 'globexUser',
        body: { version: 1, roleValue: 'Coach' },
      }),
    ).toAnswer(403);
    await t.database.db
      .update(instances)
      .set({ clientRestrictionFilter: 'AUL__GLBX' })
      .where(eq(instances.idpLogin, logins.globexUser));
    try {
      for (const action of ['Approve', 'Decline'])
        expect(
          await call('POST', `AccessRequest/${request.id}/${action}`, {
            as: 'globexUser',
            body: { version: 1, roleValue: 'Coach', reason: '' },
          }),
        ).toAnswer(404);
      expect(await openList('globexUser')).toEqual([]);
    } finally {
      await t.database.db
        .update(instances)
        .set({ clientRestrictionFilter: null })
        .where(eq(instances.idpLogin, logins.globexUser));
    }
    const forged = '00000000-0000-4000-8000-000000000000';
    expect(
      await call('POST', `AccessRequest/${forged}/Approve`, { body: { version: 1, roleValue: 'Coach' } }),
    ).toAnswer(404);
    expect(await call('POST', `AccessRequest/not-an-id/Decline`, { body: { version: 1 } })).toAnswer(400);
    expect(
      await call('POST', `AccessRequest/${request.id}/Approve`, { body: { version: 2, roleValue: 'Coach' } }),
    ).toAnswer(409);
    expect(await roleOf(request.applicationId)).toBeNull();
  });

  it('refuses a role the site rules exclude, and rolls the approval back when its audit fails', async () => {
    const [request] = await openList('acmeClientAdmin');
    if (request === undefined) throw new Error('no request');
    await t.database.db
      .update(clientApplications)
      .set({ excludedRoles: ['Coach'] })
      .where(and(eq(clientApplications.clientId, acme), eq(clientApplications.applicationId, request.applicationId)));
    const refused = await call('POST', `AccessRequest/${request.id}/Approve`, {
      as: 'acmeClientAdmin',
      body: { version: 1, roleValue: 'Coach' },
    });
    expect(refused).toAnswer(400);
    expect(problemOf(refused).details?.map((detail) => detail.field)).toEqual(['body.roleValue']);
    await t.database.db
      .update(clientApplications)
      .set({ excludedRoles: [] })
      .where(and(eq(clientApplications.clientId, acme), eq(clientApplications.applicationId, request.applicationId)));

    const failing = vi.spyOn(auditTrail, 'record').mockRejectedValueOnce(new Error('audit down'));
    expect(
      await call('POST', `AccessRequest/${request.id}/Approve`, {
        as: 'acmeClientAdmin',
        body: { version: 1, roleValue: 'Coach' },
      }),
    ).toAnswer(500);
    failing.mockRestore();
    expect(await roleOf(request.applicationId)).toBeNull();
    expect((await openList('acmeClientAdmin')).map((open) => open.id)).toEqual([request.id]);
  });

  it('approves with the chosen role: the person holds it, is mailed in her culture, and a second decision is 409', async () => {
    const [request] = await openList('acmeClientAdmin');
    if (request === undefined) throw new Error('no request');
    const approved = await call('POST', `AccessRequest/${request.id}/Approve`, {
      as: 'acmeClientAdmin',
      body: { version: 1, roleValue: 'Coach' },
    });
    expect(approved).toAnswer(204);
    expect(await roleOf(request.applicationId)).toBe('Coach');
    // On her board at the next visit: the profile lists her role in it.
    const profile = await call('POST', 'profile/validate', { as: 'acmeUser' });
    expect(profile).toAnswer(200);
    expect(
      profile.json<{ userProfile: { applications: { name: string; roleValue: string | null }[] } }>().userProfile
        .applications,
    ).toContainEqual(expect.objectContaining({ name: 'Wellness Hub', roleValue: 'Coach' }));
    expect((await mine()).applications).toEqual([]);
    expect((await mailsTo('maria@acme.test')).map((mail) => mail.subject)).toEqual([
      'Se aprobó tu acceso a Wellness Hub',
    ]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, request.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['access_request.approve', 'access_request.create']);
    const [roleAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'instance'), eq(auditLog.entityId, maria.id)));
    expect(roleAudit).toMatchObject({ actor: logins.acmeClientAdmin, clientId: acme });
    for (const action of ['Approve', 'Decline'])
      expect(
        await call('POST', `AccessRequest/${request.id}/${action}`, { body: { version: 2, roleValue: 'Coach' } }),
      ).toAnswer(409);
    expect(await openList('admin')).toEqual([]);
  });

  it('declines with a reason (mailed, audited, no role), and holds a person to the limit of open requests', async () => {
    // Four applications she lacks: her two roles go and Acme's inactive Payroll Online is switched on.
    await t.database.db.delete(instanceApplicationRoles).where(eq(instanceApplicationRoles.instanceId, maria.id));
    await t.database.db
      .update(clientApplications)
      .set({ active: true })
      .where(
        and(eq(clientApplications.clientId, acme), eq(clientApplications.applicationId, await appId('Payroll Online'))),
      );
    const offered = (await mine()).applications;
    expect(offered).toHaveLength(4);
    const ids: string[] = [];
    for (const app of offered.slice(0, ACCESS_REQUEST_OPEN_LIMIT)) {
      const answer = await ask(app.applicationId);
      expect(answer).toAnswer(201);
      ids.push(answer.json<{ id: string }>().id);
    }
    const fourth = offered[ACCESS_REQUEST_OPEN_LIMIT]!.applicationId;
    const refused = await ask(fourth);
    expect(refused).toAnswer(409);
    expect(problemOf(refused).code).toBe('access_request_limit');
    expect((await mine()).openCount).toBe(ACCESS_REQUEST_OPEN_LIMIT);

    const first = (await openList('admin')).find((request) => request.id === ids[0])!;
    expect(
      await call('POST', `AccessRequest/${first.id}/Decline`, {
        as: 'admin',
        body: { version: first.version, reason: 'Not for your team.' },
      }),
    ).toAnswer(204);
    expect(await roleOf(first.applicationId)).toBeNull();
    const [row] = await t.database.db.select().from(accessRequests).where(eq(accessRequests.id, first.id));
    expect(row).toMatchObject({ state: 'declined', decisionReason: 'Not for your team.', decidedBy: logins.admin });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'access_request.decline'));
    expect(audit).toMatchObject({ actor: logins.admin, entityId: first.id, clientId: acme });
    const subjects = (await mailsTo('maria@acme.test')).map((mail) => mail.subject);
    expect(subjects).toContain(`Se rechazó tu solicitud de ${first.applicationName}`);
    expect(
      await call('POST', `AccessRequest/${first.id}/Decline`, { as: 'admin', body: { version: 2, reason: '' } }),
    ).toAnswer(409);
    // A place freed: the fourth may be asked for now.
    expect(await ask(fourth)).toAnswer(201);
  });
});
