import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokenCreatedSchema, ApiTokenListSchema, ApiTokenOwnerListSchema } from '@contracts/admin/api-tokens';
import { apiTokens, instances } from '@server/db/schema';
import { idpUsers } from '@server/idp/tables';
import { auditRowsOf, logins, openDemoWorld, problemOf, type Person } from '../admin/harness';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { injectFetch } from '@server/directory/inject-fetch';
import { createOktaDirectory } from '@server/directory/okta-directory';
import { TEST_PUBLIC_URL, TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/**
 * API tokens (issue 33 item 1, docs/api.md "API tokens"): the provider administrator makes, lists and revokes SSWS
 * tokens; each one works on the embedded IdP's management API with its owner's rights as they are at each call.
 */
describe.each(databaseKinds)('API tokens (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;

  beforeAll(async () => {
    ({ t, call } = await openDemoWorld(kind, { identities: true }));
  });
  afterAll(() => t.dispose());

  const ownerId = async (as: Person) => {
    const [row] = await t.database.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.idpLogin, logins[as]));
    if (row === undefined) throw new Error(`no profile for ${as}`);
    return row.id;
  };
  const create = async (name: string, owner: Person, extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', 'ApiToken', { body: { name, ownerId: await ownerId(owner), ...extra } });
    expect(answer).toAnswer(201);
    return v.parse(ApiTokenCreatedSchema, answer.json());
  };
  const management = (value: string, path = '/api/v1/users', method: 'GET' | 'POST' = 'GET', body?: object) =>
    t.app.inject({
      method,
      url: path,
      headers: { authorization: `SSWS ${value}`, accept: 'application/json' },
      ...(body === undefined ? {} : { payload: body }),
    });
  const loginsIn = (answer: { json(): unknown }) =>
    (answer.json() as { profile: { login: string } }[]).map((u) => u.profile.login);
  /** The token's System Log events, read as an integrator would (GET /api/v1/logs flushes the recorder first). */
  const eventsOf = async (tokenId: string) => {
    const internal = embeddedApiToken(TEST_SERVER_SECRET);
    const answer = await management(internal, '/api/v1/logs?limit=1000&sortOrder=ASCENDING');
    expect(answer.statusCode).toBe(200);
    const events: {
      eventType: string;
      outcome: { result: string };
      actor: { alternateId: string };
      target: { id: string }[] | null;
    }[] = answer.json();
    return events
      .filter((event) => (event.target ?? []).some((target) => target.id === tokenId))
      .map((event) => ({ eventType: event.eventType, result: event.outcome.result, actor: event.actor.alternateId }));
  };

  it('creates a token shown once, uses it on the management API, revokes it and is refused after (401)', async () => {
    const { token, value } = await create('HR feed', 'admin', { expiresInDays: 30, rateLimitPerMinute: 100 });
    expect(value).toMatch(/^00[A-Za-z0-9_-]{40}$/);
    expect(token).toMatchObject({ name: 'HR feed', ownerLogin: logins.admin, status: 'active', lastUsedAt: null });
    const used = await management(value);
    expect(used.statusCode).toBe(200);
    expect(loginsIn(used)).toEqual(expect.arrayContaining([logins.acmeUser, logins.globexUser]));
    const listed = v.parse(ApiTokenListSchema, (await call('GET', 'ApiToken')).json()).find((x) => x.id === token.id);
    expect(listed?.lastUsedAt).not.toBeNull();
    // The value is never readable again: not in the list, not in the audit row.
    expect(JSON.stringify(listed)).not.toContain(value);
    const revoke = await call('DELETE', `ApiToken/${token.id}`);
    expect(revoke).toAnswer(204);
    const refused = await management(value);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ errorCode: 'E0000011' });
    const after = v.parse(ApiTokenListSchema, (await call('GET', 'ApiToken')).json()).find((x) => x.id === token.id);
    expect(after?.status).toBe('revoked');
    const audit = await auditRowsOf(t, 'api_token', token.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'revoke']);
    expect(JSON.stringify(audit)).not.toContain(value);
    // The System Log: made, used, revoked, and the refused use after.
    const events = await eventsOf(token.id);
    expect(events).toEqual([
      { eventType: 'system.api_token.create', result: 'SUCCESS', actor: logins.admin },
      { eventType: 'system.api_token.use', result: 'SUCCESS', actor: logins.admin },
      { eventType: 'system.api_token.revoke', result: 'SUCCESS', actor: logins.admin },
      { eventType: 'system.api_token.use', result: 'DENY', actor: logins.admin },
    ]);
  });

  it('stores only the SHA-256 digest of the value, never the value', async () => {
    const { token, value } = await create('Digest only', 'admin');
    const rows = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(JSON.stringify(rows)).not.toContain(value);
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(value).digest('hex'));
  });

  it('refuses an expired token with 401', async () => {
    const { token, value } = await create('Short lived', 'admin', { expiresInDays: 1 });
    expect((await management(value)).statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    expect((await management(value)).statusCode).toBe(401);
  });

  it('a client administrator’s token reaches only their client: another client’s person is 404, groups 403', async () => {
    const { value } = await create('Acme sync', 'acmeClientAdmin');
    const listed = await management(value);
    expect(listed.statusCode).toBe(200);
    const seen = loginsIn(listed);
    expect(seen).toContain(logins.acmeUser);
    expect(seen.every((login) => login.toUpperCase().startsWith('ACME__'))).toBe(true);
    expect((await management(value, `/api/v1/users/${encodeURIComponent(logins.acmeUser)}`)).statusCode).toBe(200);
    const other = await management(value, `/api/v1/users/${encodeURIComponent(logins.globexUser)}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ errorCode: 'E0000007' });
    expect((await management(value, '/api/v1/groups')).statusCode).toBe(403);
    const outside = await management(value, '/api/v1/users?activate=false', 'POST', {
      profile: { login: 'GLBX__new@globex.test', email: 'new@globex.test', firstName: 'N', lastName: 'N' },
    });
    expect(outside.statusCode).toBe(403);
  });

  it('stops working when the owner loses the rights (role removed) or is deactivated', async () => {
    const { value } = await create('Losing rights', 'acmeClientAdmin');
    expect((await management(value)).statusCode).toBe(200);
    const owner = await ownerId('acmeClientAdmin');
    const [{ restriction } = { restriction: null }] = await t.database.db
      .select({ restriction: instances.clientRestrictionFilter })
      .from(instances)
      .where(eq(instances.id, owner));
    await t.database.db.update(instances).set({ clientRestrictionFilter: null }).where(eq(instances.id, owner));
    expect((await management(value)).statusCode).toBe(401);
    await t.database.db.update(instances).set({ clientRestrictionFilter: restriction }).where(eq(instances.id, owner));
    expect((await management(value)).statusCode).toBe(200);
    await t.database.db
      .update(idpUsers)
      .set({ status: 'DEPROVISIONED' })
      .where(eq(sql`lower(${idpUsers.login})`, logins.acmeClientAdmin.toLowerCase()));
    try {
      expect((await management(value)).statusCode).toBe(401);
    } finally {
      await t.database.db
        .update(idpUsers)
        .set({ status: 'ACTIVE' })
        .where(eq(sql`lower(${idpUsers.login})`, logins.acmeClientAdmin.toLowerCase()));
    }
  });

  it('answers 429 once a token has used up its per-minute rate limit', async () => {
    const { value } = await create('Tight limit', 'admin', { rateLimitPerMinute: 2 });
    expect((await management(value)).statusCode).toBe(200);
    expect((await management(value)).statusCode).toBe(200);
    const over = await management(value);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorCode: 'E0000047' });
  });

  it('offers only administrators as owners and refuses another owner (400), changing nothing', async () => {
    const owners = v.parse(ApiTokenOwnerListSchema, (await call('GET', 'ApiTokenOwner')).json());
    expect(owners.map((o) => o.login)).toEqual(expect.arrayContaining([logins.admin, logins.acmeClientAdmin]));
    expect(owners.map((o) => o.login)).not.toContain(logins.acmeUser);
    const before = (await t.database.db.select({ id: apiTokens.id }).from(apiTokens)).length;
    const refused = await call('POST', 'ApiToken', { body: { name: 'Nope', ownerId: await ownerId('acmeUser') } });
    expect(refused).toAnswer(400);
    expect(problemOf(refused).details?.[0]?.field).toBe('body.ownerId');
    expect((await t.database.db.select({ id: apiTokens.id }).from(apiTokens)).length).toBe(before);
  });

  it('lets only the provider administrator make or revoke tokens (403 for a client administrator)', async () => {
    expect(await call('GET', 'ApiToken', { as: 'acmeClientAdmin' })).toAnswer(403);
    const refused = await call('POST', 'ApiToken', {
      as: 'acmeClientAdmin',
      body: { name: 'Mine', ownerId: await ownerId('acmeClientAdmin') },
    });
    expect(refused).toAnswer(403);
  });

  it('keeps the portal’s own directory access working with no token configured', async () => {
    // The directory port as the server builds it: the server-internal token, derived from the server secret.
    const directory = createOktaDirectory({
      baseUrl: `${TEST_PUBLIC_URL}/api/v1`,
      apiToken: embeddedApiToken(TEST_SERVER_SECRET),
      fetch: injectFetch(t.app),
    });
    expect((await directory.getUser(logins.globexUser))?.login).toBe(logins.globexUser);
  });
});
