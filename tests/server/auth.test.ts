import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { resolvePrincipal, roleOf } from '@server/auth/principal';
import { createProcessMemo } from '@server/db/process-memo';
import { buildTestApp, type TestApp } from './support/app';
import { databaseKinds, type DatabaseKind } from './support/database';
import { bearer } from './support/tokens';

describe('roleOf (spec public-and-profile §6)', () => {
  const person = (overrides: Partial<{ isAulAdmin: boolean; clientRestrictionFilter: string | null }> = {}) => ({
    isAulAdmin: false,
    clientRestrictionFilter: null,
    ...overrides,
  });

  it('makes the provider administrator an admin, whatever else holds', () => {
    expect(roleOf(person({ isAulAdmin: true, clientRestrictionFilter: 'AUL__ACME' }), ['Agent'], 'AUL')).toBe('admin');
  });
  it('makes a restriction starting with the provider prefix a client admin', () => {
    expect(roleOf(person({ clientRestrictionFilter: 'AUL__ACME' }), ['Member'], 'AUL')).toBe('clientadmin');
    expect(roleOf(person({ clientRestrictionFilter: 'ACME' }), ['Member'], 'AUL')).toBe('user');
  });
  it('derives agent, user or guest from the application roles', () => {
    expect(roleOf(person(), ['Agent'], 'AUL')).toBe('agent');
    expect(roleOf(person(), ['Member', 'Viewer'], 'AUL')).toBe('user');
    expect(roleOf(person(), [], 'AUL')).toBe('guest');
  });
});

describe.each(databaseKinds)('access tokens (%s)', (kind) => {
  let t: TestApp;
  const clear = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/v1/resource/ClearResourceCache', headers });

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.dispose());

  it('derives the role of a caller from the roles their profile holds', async () => {
    const roleOfLogin = async (sub: string) =>
      (await resolvePrincipal(t.database.db, { sub }, 'AUL', createProcessMemo(t.database.kind)))?.role;
    expect(await roleOfLogin('AULUMB__48213@agents.gatehouse.test')).toBe('agent');
    expect(await roleOfLogin('ACME__maria@acme.test')).toBe('user');
    expect(await roleOfLogin('AUL__admin@gatehouse.test')).toBe('admin');
  });

  it('accepts a valid token of the provider administrator', async () => {
    expect((await clear(bearer(await t.tokens.sign({ sub: 'AUL__admin@gatehouse.test' })))).statusCode).toBe(200);
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example/oauth2/default' }],
    ['another audience', { aud: 'api://other' }],
    ['an expired token', { expiresIn: '-1m' }],
  ])('refuses %s with 401', async (_name, claims) => {
    const response = await clear(bearer(await t.tokens.sign({ sub: 'AUL__admin@gatehouse.test', ...claims })));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'unauthorized',
      message: 'You are not authorized to perform this action.',
    });
  });

  it('refuses an unsigned token (alg none) and a token for a login with no profile', async () => {
    const payload = (await t.tokens.sign({ sub: 'AUL__admin@gatehouse.test' })).split('.')[1]!;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await clear(bearer(unsigned))).statusCode).toBe(401);
    expect((await clear(bearer(await t.tokens.sign({ sub: 'AUL__ghost@gatehouse.test' })))).statusCode).toBe(401);
  });

  it('finds the profile by the login case-insensitively', async () => {
    expect((await clear(bearer(await t.tokens.sign({ sub: 'aul__ADMIN@gatehouse.test' })))).statusCode).toBe(200);
  });
});

/** The provider administrator's profile, demoted by a write straight to the database (no request of the app's). */
function profileProbe(kind: DatabaseKind) {
  let t: TestApp;
  return {
    setUp: async () => {
      t = await buildTestApp(kind);
    },
    dispose: () => t.dispose(),
    clear: async () =>
      (
        await t.app.inject({
          url: '/api/v1/resource/ClearResourceCache',
          headers: bearer(await t.tokens.sign({ sub: 'AUL__admin@gatehouse.test' })),
        })
      ).statusCode,
    demoteAdminInDatabase: async () => {
      await t.database.db.execute(
        sql`update instances set is_aul_admin = false where lower(idp_login) = 'aul__admin@gatehouse.test'`,
      );
    },
    /** Any request that may write; this one is refused (400), which counts as well. */
    anyWriteRequest: async () =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/Instance/NewError', payload: {} })).statusCode,
  };
}

describe('the profile behind a token on PGlite (docs/api.md "Authentication")', () => {
  const probe = profileProbe('pglite');
  beforeAll(probe.setUp);
  afterAll(() => probe.dispose());

  it('is remembered between requests, and read afresh once any write request has answered', async () => {
    expect(await probe.clear()).toBe(200);
    await probe.demoteAdminInDatabase();
    // Only this process writes to PGlite, through its requests: a change behind its back shows after the next one.
    expect(await probe.clear()).toBe(200);
    expect(await probe.anyWriteRequest()).toBe(400);
    expect(await probe.clear()).toBe(403);
  });
});

describe('the profile behind a token on PostgreSQL (docs/api.md "Authentication")', () => {
  const probe = profileProbe('postgres');
  beforeAll(probe.setUp);
  afterAll(() => probe.dispose());

  it('is read on every request, since other processes may write', async () => {
    expect(await probe.clear()).toBe(200);
    await probe.demoteAdminInDatabase();
    expect(await probe.clear()).toBe(403);
  });
});
