/* eslint-disable @typescript-eslint/no-unsafe-class-instance-assignment -- the SDK types its bodies as generated classes, yet takes (and its README passes) plain objects, as an integrator writes them */
import { ApiException, Client, DefaultRequestExecutor, OktaApiError, type User } from '@okta/okta-sdk-nodejs';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokenCreatedSchema } from '@contracts/admin/api-tokens';
import { instances } from '@server/db/schema';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { logins, type Person } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';
import { freePort } from './harness';

/**
 * Okta's own Node SDK (`@okta/okta-sdk-nodejs` 8, as an integrator installs it) against the embedded identity provider
 * of the real app listening on 127.0.0.1 (issue 33 item 2, docs/identity.md "Management API"). Its tokens are made
 * through the API tokens feature: a provider administrator's reaches everyone, a client administrator's their client.
 */
describe.each(databaseKinds)('okta-sdk-nodejs against the management API (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let admin: Client;
  let acme: Client;
  /** Every URL the SDK fetched: it must never leave this machine's listener. */
  const fetched: string[] = [];

  const sdkFor = (token: string) => {
    const requestExecutor = new DefaultRequestExecutor();
    requestExecutor.on('request', (request: { url: string }) => fetched.push(request.url));
    return new Client({ orgUrl: origin, token, requestExecutor });
  };
  const tokenOf = async (owner: Person, name: string) => {
    const [row] = await t.database.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.idpLogin, logins[owner]));
    // Made on the listener as the admin area makes them (the app answers its own public address only).
    const answer = await fetch(`${origin}/api/v1/ApiToken`, {
      method: 'POST',
      headers: {
        ...bearer(await t.tokens.sign({ sub: logins.admin })),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name, ownerId: row?.id, rateLimitPerMinute: 10_000 }),
    });
    expect(answer.status).toBe(201);
    return v.parse(ApiTokenCreatedSchema, await answer.json()).value;
  };
  /**
   * The SDK's refusal: its HTTP status and Okta's error object as the SDK parsed them (a single call throws the
   * generated ApiException, a collection's page the SDK's own OktaApiError).
   */
  const refusal = async (call: Promise<unknown>) => {
    const error: unknown = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    const { code, body }: { code: number | undefined; body: Record<string, unknown> } =
      error instanceof OktaApiError
        ? { code: error.status, body: error as unknown as Record<string, unknown> }
        : error instanceof ApiException
          ? { code: (error as ApiException<unknown>).code, body: (error as ApiException<Record<string, unknown>>).body }
          : { code: undefined, body: { error } };
    expect(body).toMatchObject({ errorId: expect.stringMatching(/^oae/) as unknown });
    return { code, errorCode: body['errorCode'], errorSummary: body['errorSummary'] };
  };
  const newUser = (login: string, activate = true) =>
    admin.userApi.createUser({
      activate,
      body: {
        profile: { login, email: login, firstName: 'Sdk', lastName: 'Person' },
        credentials: { password: { value: 'Sturdy-Sdk-Pass-1' } },
      },
    });

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp(kind, { env: { PUBLIC_URL: origin } });
    await seedDemoIdentities(t.database.db);
    await t.app.listen({ host: '127.0.0.1', port });
    admin = sdkFor(await tokenOf('admin', 'SDK run'));
    acme = sdkFor(await tokenOf('acmeClientAdmin', 'Acme SDK run'));
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('lists users page by page through the Link headers, with search, filter and q', async () => {
    const created: User[] = [];
    for (const n of [1, 2, 3, 4, 5]) created.push(await newUser(`sdk-page-${String(n)}@example.com`));
    const before = fetched.length;
    const seen: string[] = [];
    for await (const user of await admin.userApi.listUsers({ search: 'profile.login sw "sdk-page-"', limit: 2 })) {
      seen.push(user?.id ?? '');
    }
    expect(seen).toEqual(created.map((user) => user.id).sort());
    // Three pages of at most two, each after the last one's cursor.
    const pages = fetched.slice(before);
    expect(pages).toHaveLength(3);
    expect(pages.slice(1).every((url) => new URL(url).searchParams.has('after'))).toBe(true);

    await admin.userApi.createUser({
      activate: false,
      body: { profile: { login: 'sdk-staged@example.com', email: 'sdk-staged@example.com' } },
    });
    const staged: string[] = [];
    for await (const user of await admin.userApi.listUsers({ filter: 'status eq "STAGED"' })) {
      staged.push(user?.profile?.login ?? '');
    }
    expect(staged).toEqual(['sdk-staged@example.com']);
    const byQ: string[] = [];
    for await (const user of await admin.userApi.listUsers({ q: 'sdk-page-3' })) byQ.push(user?.id ?? '');
    expect(byQ).toEqual([created[2]?.id]);

    expect(
      await refusal(admin.userApi.listUsers({ search: 'lastUpdated gt "2020-01-01"' }).then((c) => c.next())),
    ).toEqual({ code: 400, errorCode: 'E0000031', errorSummary: 'Invalid search criteria.' });
  });

  it('creates, gets, updates and runs a user through every lifecycle operation', async () => {
    const user = await newUser('sdk-life@example.com');
    expect(user).toMatchObject({ status: 'ACTIVE', profile: { login: 'sdk-life@example.com' } });
    const userId = user.id ?? '';
    expect((await admin.userApi.getUser({ userId: 'sdk-life@example.com' })).id).toBe(userId);

    const partial = await admin.userApi.updateUser({ userId: userId, user: { profile: { firstName: 'Changed' } } });
    expect(partial.profile).toMatchObject({ firstName: 'Changed', lastName: 'Person' });
    const replaced = await admin.userApi.replaceUser({
      userId: userId,
      user: {
        profile: { login: 'sdk-life@example.com', email: 'sdk-life2@example.com', firstName: 'New', lastName: 'Name' },
      },
    });
    expect(replaced.profile).toMatchObject({ email: 'sdk-life2@example.com', firstName: 'New' });

    const status = async () => (await admin.userApi.getUser({ userId: userId })).status;
    await admin.userApi.suspendUser({ userId: userId });
    expect(await status()).toBe('SUSPENDED');
    expect(await refusal(admin.userApi.suspendUser({ userId: userId }))).toMatchObject({
      code: 400,
      errorCode: 'E0000001',
    });
    await admin.userApi.unsuspendUser({ userId: userId });
    expect(await status()).toBe('ACTIVE');
    expect((await admin.userApi.expirePassword({ userId: userId })).status).toBe('PASSWORD_EXPIRED');
    await admin.userApi.resetFactors({ userId: userId });
    expect(await refusal(admin.userApi.unlockUser({ userId: userId }))).toMatchObject({
      code: 403,
      errorCode: 'E0000038',
    });
    await admin.userApi.deactivateUser({ userId: userId });
    expect(await status()).toBe('DEPROVISIONED');
    await admin.userApi.activateUser({ userId: userId, sendEmail: false });
    expect(await status()).toBe('ACTIVE');

    // Okta's two-step delete: deactivate, then delete; the user is gone after.
    await admin.userApi.deleteUser({ userId: userId });
    await admin.userApi.deleteUser({ userId: userId });
    expect(await refusal(admin.userApi.getUser({ userId: userId }))).toMatchObject({
      code: 404,
      errorCode: 'E0000007',
    });
  });

  it('creates, renames, searches, fills, empties and deletes a group', async () => {
    const member = await newUser('sdk-member@example.com');
    const group = await admin.groupApi.createGroup({ group: { profile: { name: 'SDK Crew', description: 'first' } } });
    const groupId = group.id ?? '';
    const renamed = await admin.groupApi.replaceGroup({
      groupId,
      group: { profile: { name: 'SDK Renamed', description: 'second' } },
    });
    expect(renamed.profile).toMatchObject({ name: 'SDK Renamed', description: 'second' });
    const found: string[] = [];
    for await (const g of await admin.groupApi.listGroups({ search: 'profile.name sw "sdk ren"' }))
      found.push(g?.id ?? '');
    expect(found).toEqual([groupId]);

    await admin.groupApi.assignUserToGroup({ groupId, userId: member.id ?? '' });
    const members: string[] = [];
    for await (const user of await admin.groupApi.listGroupUsers({ groupId })) members.push(user?.id ?? '');
    expect(members).toEqual([member.id]);
    await admin.groupApi.unassignUserFromGroup({ groupId, userId: member.id ?? '' });
    const after: unknown[] = [];
    for await (const user of await admin.groupApi.listGroupUsers({ groupId })) after.push(user);
    expect(after).toEqual([]);

    const other = await admin.groupApi.createGroup({ group: { profile: { name: 'SDK Other' } } });
    expect(
      await refusal(
        admin.groupApi.replaceGroup({ groupId: other.id ?? '', group: { profile: { name: 'sdk renamed' } } }),
      ),
    ).toMatchObject({ code: 400, errorCode: 'E0000001' });

    await admin.groupApi.deleteGroup({ groupId });
    expect(await refusal(admin.groupApi.getGroup({ groupId }))).toMatchObject({ code: 404, errorCode: 'E0000007' });
  });

  it('answers what is not built with Okta’s Unsupported operation (501 E0000060), never a bare 404', async () => {
    const user = await newUser('sdk-unsupported@example.com');
    const unsupported = { code: 501, errorCode: 'E0000060', errorSummary: 'Unsupported operation.' };
    expect(await refusal(admin.applicationApi.listApplications().then((c) => c.next()))).toEqual(unsupported);
    expect(await refusal(admin.userApi.listAppLinks({ userId: user.id ?? '' }).then((c) => c.next()))).toEqual(
      unsupported,
    );
    expect(await refusal(admin.groupApi.listGroupRules().then((c) => c.next()))).toEqual(unsupported);
    expect(await refusal(admin.sessionApi.getSession({ sessionId: '102abcdefghijklmnop' }))).toEqual(unsupported);
  });

  it('lets a client administrator’s token reach only their client: 404 for another’s person, 403 for groups', async () => {
    const seen: string[] = [];
    for await (const user of await acme.userApi.listUsers({})) seen.push(user?.profile?.login ?? '');
    expect(seen).toContain(logins.acmeUser);
    expect(seen.every((login) => login.toUpperCase().startsWith('ACME__'))).toBe(true);
    expect((await acme.userApi.getUser({ userId: logins.acmeUser })).profile?.login).toBe(logins.acmeUser);
    expect(await refusal(acme.userApi.getUser({ userId: logins.globexUser }))).toMatchObject({
      code: 404,
      errorCode: 'E0000007',
    });
    expect(await refusal(acme.groupApi.listGroups({}).then((c) => c.next()))).toMatchObject({
      code: 403,
      errorCode: 'E0000006',
    });
    expect(
      await refusal(
        acme.userApi.createUser({
          body: {
            profile: { login: 'GLBX__new@globex.test', email: 'new@globex.test', firstName: 'N', lastName: 'N' },
          },
        }),
      ),
    ).toMatchObject({ code: 403, errorCode: 'E0000006' });
  });

  it('never left 127.0.0.1: every request the SDK made went to the embedded IdP', () => {
    expect(fetched.length).toBeGreaterThan(20);
    expect(fetched.filter((url) => !url.startsWith(`${origin}/api/v1/`))).toEqual([]);
  });
});
