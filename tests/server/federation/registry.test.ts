import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientSaveResultSchema, ClientSchema, type Client } from '@contracts/admin/clients';
import { IdentityProviderListSchema, IdentityProviderSchema } from '@contracts/admin/identity-providers';
import { clients } from '@server/db/schema';
import { identityProviderSecretContext } from '@server/idp/sealing';
import { idpIdentityProviders } from '@server/idp/tables';
import { auditRowsOf, fieldsOf, openDemoWorld, problemOf } from '../admin/harness';
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

  it('answers 400 to a SAML body with no metadata, and to one with both sources', async () => {
    expect(await call('POST', 'IdentityProvider', { body: { kind: 'saml', name: 'No metadata' } })).toAnswer(400);
    const both = { kind: 'saml', name: 'Both', metadataXml: '<x/>', metadataUrl: 'https://idp.acme.test/metadata' };
    expect(await call('POST', 'IdentityProvider', { body: both })).toAnswer(400);
  });

  it('the client dialog sets the SSOID to a registry entry: checked, taken from any other client, seen by the registry', async () => {
    const readClient = async (id: string) => v.parse(ClientSchema, (await call('GET', `Client/${id}`)).json());
    const editOf = (client: Client, over: Record<string, unknown>) => ({
      name: client.name,
      portalAlias: client.portalAlias,
      oktaPrefix: client.oktaPrefix,
      autoSignUp: client.autoSignUp,
      recaptchaFeatureEnabled: client.recaptchaFeatureEnabled,
      allowAccountClosing: client.allowAccountClosing,
      cmsClientId: client.cmsClientId,
      version: client.version,
      ...over,
    });
    const provider = v.parse(
      IdentityProviderSchema,
      (await call('POST', 'IdentityProvider', { body: body({ name: 'Dialog Co', clientIdServed: acme }) })).json(),
    );
    expect(await ssoIdOf(acme)).toBe(provider.id);

    // An id of the right shape that the registry does not hold: 400 naming ssoId, nothing changed.
    const unknown = await call('PUT', `Client/${globex}`, {
      body: editOf(await readClient(globex), { ssoId: '0oaNOTINTHEREGISTRY1' }),
    });
    expect(unknown).toAnswer(400);
    expect(fieldsOf(problemOf(unknown))).toEqual(['body.ssoId']);

    // Globex takes the provider: Acme lets go (a new version), and the registry says Globex is served.
    const acmeBefore = await readClient(acme);
    const moved = await call('PUT', `Client/${globex}`, {
      body: editOf(await readClient(globex), { ssoId: provider.id, scimSignIn: 'immediate' }),
    });
    expect(moved).toAnswer(200);
    expect(v.parse(ClientSaveResultSchema, moved.json()).object).toMatchObject({
      ssoId: provider.id,
      scimSignIn: 'immediate',
    });
    expect(await ssoIdOf(globex)).toBe(provider.id);
    expect(await ssoIdOf(acme)).toBeNull();
    expect((await readClient(acme)).version).toBe(acmeBefore.version + 1);
    const listed = v.parse(IdentityProviderListSchema, (await call('GET', 'IdentityProvider')).json());
    expect(listed.find((entry) => entry.id === provider.id)?.clientIdServed).toBe(globex);
    const [scim] = await t.database.db
      .select({ scimSignIn: clients.scimSignIn })
      .from(clients)
      .where(eq(clients.id, globex));
    expect(scim?.scimSignIn).toBe('immediate');

    // A save that leaves the SSOID out keeps it; null clears it.
    expect(
      await call('PUT', `Client/${globex}`, { body: editOf(await readClient(globex), { name: 'Globex Corp' }) }),
    ).toAnswer(200);
    expect(await ssoIdOf(globex)).toBe(provider.id);
    expect(await call('PUT', `Client/${globex}`, { body: editOf(await readClient(globex), { ssoId: null }) })).toAnswer(
      200,
    );
    expect(await ssoIdOf(globex)).toBeNull();
    expect(await call('DELETE', `IdentityProvider/${provider.id}`)).toAnswer(204);
  });

  it('is for the provider administrator only', async () => {
    expect(await call('GET', 'IdentityProvider', { as: 'acmeClientAdmin' })).toAnswer(403);
    expect(await call('GET', 'IdentityProvider', { as: 'anonymous' })).toAnswer(401);
  });
});
