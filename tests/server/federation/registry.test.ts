import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityProviderListSchema, IdentityProviderSchema } from '@contracts/admin/identity-providers';
import { clients } from '@server/db/schema';
import { identityProviderSecretContext } from '@server/idp/sealing';
import { idpIdentityProviders } from '@server/idp/tables';
import { auditRowsOf, openDemoWorld, problemOf } from '../admin/harness';
import { createSealer } from '@server/secrets/seal';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

const SECRET = 'upstream-client-secret-9f2c7d';

/**
 * The federation registry (issue 31 item 1, docs/api.md "Identity providers"): the provider administrator keeps the
 * upstream OpenID providers; the client secret is sealed at rest and never in an answer; the client served has its
 * SSOID pointed at the entry.
 */
describe.each(databaseKinds)('identity-provider registry (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind));
  });
  afterAll(() => t.dispose());

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Acme Workforce',
    issuer: 'https://login.acme.test/',
    clientId: 'gatehouse',
    clientSecret: SECRET,
    claimMapping: { given_name: 'FirstName', family_name: 'LastName' },
    ...extra,
  });
  const ssoIdOf = async (clientId: string) =>
    (await t.database.db.select({ ssoId: clients.ssoId }).from(clients).where(eq(clients.id, clientId)))[0]?.ssoId;

  it('creates, lists, updates and deletes a provider; the secret is sealed and never in an API answer', async () => {
    const created = await call('POST', 'IdentityProvider', { body: body({ clientIdServed: acme }) });
    expect(created).toAnswer(201);
    const provider = v.parse(IdentityProviderSchema, created.json());
    expect(provider).toMatchObject({
      name: 'Acme Workforce',
      kind: 'oidc',
      hasClientSecret: true,
      scopes: 'openid email profile',
      clientIdServed: acme,
      version: 1,
    });
    expect(provider.id).toMatch(/^0oa[A-Za-z0-9]{17}$/);
    expect(created.body).not.toContain(SECRET);
    expect(await ssoIdOf(acme)).toBe(provider.id);

    const [row] = await t.database.db
      .select()
      .from(idpIdentityProviders)
      .where(eq(idpIdentityProviders.id, provider.id));
    expect(row?.sealedClientSecret).not.toContain(SECRET);
    expect(
      createSealer(TEST_SERVER_SECRET).open(row?.sealedClientSecret ?? '', identityProviderSecretContext(provider.id)),
    ).toBe(SECRET);

    const list = await call('GET', 'IdentityProvider');
    expect(list).toAnswer(200);
    expect(list.body).not.toContain(SECRET);
    expect(v.parse(IdentityProviderListSchema, list.json()).map((p) => p.id)).toContain(provider.id);

    // Moving the provider to Globex clears Acme's SSOID; a blank secret keeps the stored one.
    const moved = await call('PUT', `IdentityProvider/${provider.id}`, {
      body: { ...body({ clientIdServed: globex, clientSecret: '' }), version: 1 },
    });
    expect(moved).toAnswer(200);
    expect(moved.body).not.toContain(SECRET);
    expect(await ssoIdOf(acme)).toBeNull();
    expect(await ssoIdOf(globex)).toBe(provider.id);
    const [kept] = await t.database.db
      .select()
      .from(idpIdentityProviders)
      .where(eq(idpIdentityProviders.id, provider.id));
    expect(kept?.sealedClientSecret).toBe(row?.sealedClientSecret);

    const audit = await auditRowsOf(t, 'identity_provider', provider.id);
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'update']);
    expect(JSON.stringify(audit)).not.toContain(SECRET);

    expect(await call('DELETE', `IdentityProvider/${provider.id}`)).toAnswer(204);
    expect(await ssoIdOf(globex)).toBeNull();
    expect(await call('GET', `IdentityProvider/${provider.id}`)).toAnswer(404);
  });

  it('refuses a stale update (409), a duplicate name (409), a bad issuer and a mapping to an unknown field (400)', async () => {
    const provider = v.parse(
      IdentityProviderSchema,
      (await call('POST', 'IdentityProvider', { body: body({ name: 'Stale Co' }) })).json(),
    );
    const edit = { ...body({ name: 'Stale Co' }), version: 1 };
    expect(await call('PUT', `IdentityProvider/${provider.id}`, { body: edit })).toAnswer(200);
    const stale = await call('PUT', `IdentityProvider/${provider.id}`, { body: edit });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await call('POST', 'IdentityProvider', { body: body({ name: 'stale co' }) })).toAnswer(409);
    expect(
      await call('POST', 'IdentityProvider', { body: body({ name: 'Plain', issuer: 'http://idp.example/' }) }),
    ).toAnswer(400);
    expect(
      await call('POST', 'IdentityProvider', { body: body({ name: 'Odd', claimMapping: { given_name: 'Password' } }) }),
    ).toAnswer(400);
    expect(await call('POST', 'IdentityProvider', { body: body({ name: 'No scope', scopes: 'email' }) })).toAnswer(400);
  });

  it('is for the provider administrator only', async () => {
    expect(await call('GET', 'IdentityProvider', { as: 'acmeClientAdmin' })).toAnswer(403);
    expect(await call('GET', 'IdentityProvider', { as: 'anonymous' })).toAnswer(401);
  });
});
