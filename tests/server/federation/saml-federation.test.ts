import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityProviderSchema, type SamlIdentityProvider } from '@contracts/admin/identity-providers';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { clients, instances } from '@server/db/schema';
import { idpFederationLinks, idpIdentityProviders, idpUsers } from '@server/idp/tables';
import { openDemoWorld, problemOf } from '../admin/harness';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { authnRequestOf, makeSamlUpstream, metadataOf, samlResponse, type AssertionOptions } from './saml-upstream';
import { authorizeWithIdp, InjectJar, SPA_CALLBACK } from './spa-browser';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/**
 * SAML 2.0 federation (issue 31 item 1, docs/identity.md "SAML 2.0"): a SAML entry in the registry (metadata pasted or
 * fetched), `/v1/authorize?idp=<id>` sends an AuthnRequest to the upstream, and the upstream's signed Response posted
 * to the ACS signs the person in (provisioned into the served client) and lands on the SPA with a code. Every Response
 * here is made and signed by the test with its own key and certificate.
 */
describe.each(databaseKinds)('SAML federation (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;
  let entry: SamlIdentityProvider;
  let clientId: string;
  const upstream = makeSamlUpstream();
  let metadataServer: Server;
  let metadataUrl: string;

  beforeAll(async () => {
    ({ t, call } = await openDemoWorld(kind, { identities: true }));
    metadataServer = createServer((request, response) => {
      if (request.url === '/metadata') response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      else response.writeHead(404);
      response.end(request.url === '/metadata' ? upstream.metadata : '');
    });
    await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
    metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/metadata`;
    const [client] = await t.database.db
      .insert(clients)
      .values({ name: 'Initrode', oktaPrefix: 'INITRODE', portalAlias: 'initrode' })
      .returning({ id: clients.id });
    clientId = client!.id;
    const created = await call('POST', 'IdentityProvider', {
      body: {
        kind: 'saml',
        name: 'Initrode SAML',
        metadataUrl,
        claimMapping: {
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'FirstName',
          'urn:oid:2.5.4.4': 'LastName',
        },
        clientIdServed: clientId,
      },
    });
    if (created.statusCode !== 201) throw new Error(`registering the SAML upstream failed: ${created.body}`);
    const parsed = v.parse(IdentityProviderSchema, created.json());
    if (parsed.kind !== 'saml') throw new Error('not a SAML entry');
    entry = parsed;
  });
  afterAll(async () => {
    // After a failed beforeAll, dispose only what was made.
    await new Promise((resolve) => (metadataServer as Server | undefined)?.close(resolve) ?? resolve(undefined));
    await (t as TestApp | undefined)?.dispose();
  });

  const inject = (jar: InjectJar, url: string, form?: Record<string, string>) =>
    t.app
      .inject({
        method: form ? 'POST' : 'GET',
        url,
        headers: {
          cookie: jar.header(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      })
      .then((answer) => {
        jar.store(answer.headers['set-cookie']);
        return answer;
      });

  /** Follows redirects in the app until the SPA's redirect URI (or a non-redirect answer). */
  async function follow(jar: InjectJar, start: URL, form?: Record<string, string>) {
    let current = start;
    let body = form;
    for (let hop = 0; hop < 12; hop += 1) {
      if (current.href.startsWith(SPA_CALLBACK)) return { landed: current };
      if (current.origin !== 'http://localhost') return { landed: current };
      const answer = await inject(jar, `${current.pathname}${current.search}`, body);
      body = undefined;
      const location = answer.headers.location;
      if (location === undefined || answer.statusCode < 300 || answer.statusCode >= 400)
        return { landed: current, status: answer.statusCode, body: answer.body };
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }

  /** The authorization with `idp` up to the upstream's SSO endpoint: the AuthnRequest and its RelayState. */
  async function toUpstream(jar: InjectJar, idp = entry.id) {
    const authorize = authorizeWithIdp(t.config.clientId, idp);
    return follow(jar, authorize);
  }

  type Answer = Partial<Omit<AssertionOptions, 'requestId' | 'acsUrl' | 'audience' | 'nameId'>> &
    Pick<AssertionOptions, 'nameId'> & { audience?: string };

  /** A whole sign-in: authorize, the upstream's Response (as `answer` says), posted to the ACS, to the SPA. */
  async function signIn(answer: Answer) {
    const jar = new InjectJar();
    const { landed: atUpstream } = await toUpstream(jar);
    expect(atUpstream.origin + atUpstream.pathname).toBe(upstream.ssoUrl);
    const request = authnRequestOf(atUpstream);
    const response = samlResponse(upstream, {
      ...answer,
      requestId: request.id,
      acsUrl: entry.acsUrl,
      audience: answer.audience ?? entry.spEntityId,
    });
    const form = { SAMLResponse: response.base64, RelayState: request.relayState };
    const result = await follow(jar, new URL(entry.acsUrl), form);
    return { ...result, jar, request, response, form };
  }

  const linkOf = async (subject: string) =>
    (
      await t.database.db
        .select()
        .from(idpFederationLinks)
        .where(and(eq(idpFederationLinks.providerId, entry.id), eq(idpFederationLinks.subject, subject)))
    )[0];
  const userByLogin = async (login: string) =>
    (
      await t.database.db
        .select()
        .from(idpUsers)
        .where(sql`lower(${idpUsers.login}) = lower(${login})`)
    )[0];

  it('reads the metadata from its address: the entry has the upstream’s entity id and SSO endpoint and our SP values', () => {
    expect(entry).toMatchObject({
      kind: 'saml',
      metadataUrl,
      entityId: upstream.entityId,
      ssoUrl: upstream.ssoUrl,
      spEntityId: `http://localhost/sso/saml2/${entry.id}`,
      acsUrl: `http://localhost/sso/saml2/${entry.id}/acs`,
      spMetadataUrl: `http://localhost/sso/saml2/${entry.id}/metadata`,
      clientIdServed: clientId,
    });
  });

  it('serves the service-provider metadata with the entity id and the ACS', async () => {
    const answer = await t.app.inject({ method: 'GET', url: new URL(entry.spMetadataUrl).pathname });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(answer.body).toContain(`entityID="${entry.spEntityId}"`);
    expect(answer.body).toContain(`Location="${entry.acsUrl}"`);
    const unknown = await t.app.inject({ method: 'GET', url: '/sso/saml2/0oaunknownprovider01/metadata' });
    expect(unknown.statusCode).toBe(404);
  });

  it('signs a new person in with a signed assertion: provisioned into the served client, mapped, a code at the SPA', async () => {
    const { landed, jar, request } = await signIn({
      nameId: 'ann-saml-1',
      email: 'ann@initrode.test',
      attributes: {
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Ann',
        'urn:oid:2.5.4.4': 'Archer',
      },
    });
    expect(request.xml).toContain(`AssertionConsumerServiceURL="${entry.acsUrl}"`);
    expect(request.xml).toContain(entry.spEntityId);
    expect(landed.searchParams.get('error')).toBeNull();
    expect(landed.searchParams.get('code')).toBeTruthy();
    expect(landed.searchParams.get('state')).toBe('spa-state');
    expect(jar.cookies.has('_session')).toBe(true);
    const user = await userByLogin('INITRODE__ann@initrode.test');
    expect(user).toMatchObject({ firstName: 'Ann', lastName: 'Archer', status: 'ACTIVE', passwordHash: null });
    expect((await linkOf('ann-saml-1'))?.userId).toBe(user?.id);
    const [profile] = await t.database.db.select().from(instances).where(eq(instances.idpUserId, user!.id));
    expect(profile).toMatchObject({ clientId, ssoUser: true, firstName: 'Ann', lastName: 'Archer' });
  });

  it('accepts a signed Response holding the assertion, and knows the same subject the next time', async () => {
    const first = await signIn({ nameId: 'bob-saml-1', email: 'bob@initrode.test', sign: 'response' });
    expect(first.landed.searchParams.get('code')).toBeTruthy();
    const second = await signIn({ nameId: 'bob-saml-1', email: 'bob@initrode.test' });
    expect(second.landed.searchParams.get('code')).toBeTruthy();
    const profiles = await t.database.db
      .select()
      .from(instances)
      .where(eq(instances.idpLogin, 'INITRODE__bob@initrode.test'));
    expect(profiles).toHaveLength(1);
  });

  const otherKey = makeSamlUpstream().privateKey;
  it.each([
    ['unsigned', { sign: 'none' }],
    ['signed by another key', { privateKey: otherKey }],
    ['expired', { validMinutes: -10 }],
    ['for another audience', { audience: 'https://someone-else.test/sp' }],
    ['from another issuer', { issuer: 'https://idp.elsewhere.test/saml' }],
    [
      'tampered after signing',
      { tamper: (xml: string) => xml.replace('fault@initrode.test', 'mallory@initrode.test') },
    ],
  ] as const)('refuses an assertion %s: access_denied, no person, no link', async (name, fault) => {
    const nameId = `fault-${name.replace(/\W+/g, '-')}`;
    const { landed } = await signIn({ nameId, email: 'fault@initrode.test', ...fault });
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
    expect(await linkOf(nameId)).toBeUndefined();
    expect(await userByLogin('INITRODE__fault@initrode.test')).toBeUndefined();
    expect(await userByLogin('INITRODE__mallory@initrode.test')).toBeUndefined();
  });

  it('refuses a replayed assertion id and a used RelayState', async () => {
    const first = await signIn({ nameId: 'cy-saml-1', email: 'cy@initrode.test' });
    expect(first.landed.searchParams.get('code')).toBeTruthy();
    // The same post again: its RelayState was taken.
    const again = await follow(new InjectJar(), new URL(entry.acsUrl), first.form);
    expect(again.status).toBe(400);
    // A new sign-in answered by an assertion (validly signed, for this request) reusing the first one's ID.
    const replay = await signIn({
      nameId: 'dee-saml-1',
      email: 'dee@initrode.test',
      assertionId: first.response.assertionId,
    });
    expect(replay.landed.searchParams.get('error')).toBe('access_denied');
    expect(await linkOf('dee-saml-1')).toBeUndefined();
    expect(await userByLogin('INITRODE__dee@initrode.test')).toBeUndefined();
  });

  it('logs every outcome in the System Log', async () => {
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/logs?limit=1000&filter=eventType eq "user.authentication.auth_via_IDP"',
      headers: { authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}`, accept: 'application/json' },
    });
    expect(logs.statusCode).toBe(200);
    const outcomes = logs
      .json<{ outcome: { result: string; reason: string }; target: { id: string }[] }[]>()
      .filter((e) => e.target.some((target) => target.id === entry.id))
      .map((e) => e.outcome);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { result: 'SUCCESS', reason: 'provisioned' },
        { result: 'SUCCESS', reason: 'known' },
        { result: 'DENY', reason: 'assertion replayed' },
        expect.objectContaining({ result: 'FAILURE', reason: expect.stringContaining('audience') as unknown }),
      ]),
    );
  });

  it('registry: a pasted SAML entry; bad metadata, both or neither source, and a kind change are 400; no metadata leaks', async () => {
    const pasted = await call('POST', 'IdentityProvider', {
      body: { kind: 'saml', name: 'Pasted SAML', metadataXml: upstream.metadata },
    });
    expect(pasted).toAnswer(201);
    const saml = v.parse(IdentityProviderSchema, pasted.json());
    expect(saml).toMatchObject({ kind: 'saml', metadataUrl: null, entityId: upstream.entityId });
    const listed = await call('GET', 'IdentityProvider');
    for (const answer of [pasted.body, listed.body]) {
      expect(answer).not.toContain('X509Certificate');
      expect(answer).not.toContain(upstream.certificate.split('\n')[1]!);
    }

    const refusals: [Record<string, unknown>, string][] = [
      [{ metadataXml: '<not-xml' }, 'body.metadataXml'],
      [{ metadataXml: metadataOf(upstream.entityId, upstream.ssoUrl, '') }, 'body.metadataXml'],
      [{ metadataXml: upstream.metadata.replace(/HTTP-Redirect/g, 'SOAP') }, 'body.metadataXml'],
      [{ metadataXml: upstream.metadata, metadataUrl }, 'body.metadataXml'],
      [{}, 'body.metadataXml'],
      [{ metadataUrl: 'http://metadata.example.test/md' }, 'body.metadataUrl'],
      [{ metadataUrl: `${metadataUrl}-missing` }, 'body.metadataUrl'],
    ];
    for (const [extra, field] of refusals) {
      const refused = await call('POST', 'IdentityProvider', { body: { kind: 'saml', name: 'Bad SAML', ...extra } });
      expect(refused).toAnswer(400);
      expect(problemOf(refused).details?.map((detail) => detail.field)).toContain(field);
    }
    expect(
      await t.database.db.select().from(idpIdentityProviders).where(eq(idpIdentityProviders.name, 'Bad SAML')),
    ).toHaveLength(0);

    const toOidc = await call('PUT', `IdentityProvider/${saml.id}`, {
      body: {
        kind: 'oidc',
        name: 'Pasted SAML',
        issuer: 'https://login.example.test',
        clientId: 'x',
        version: saml.version,
      },
    });
    expect(toOidc).toAnswer(400);
    const kept = await call('PUT', `IdentityProvider/${saml.id}`, {
      body: { kind: 'saml', name: 'Pasted SAML renamed', version: saml.version },
    });
    expect(kept).toAnswer(200);
    expect(v.parse(IdentityProviderSchema, kept.json())).toMatchObject({
      name: 'Pasted SAML renamed',
      entityId: upstream.entityId,
      version: saml.version + 1,
    });
    // A body without `kind` is an OpenID entry, as before SAML.
    const oidc = await call('POST', 'IdentityProvider', {
      body: { name: 'Plain OIDC', issuer: 'https://login.example.test', clientId: 'c', clientSecret: 's3cret-value' },
    });
    expect(oidc).toAnswer(201);
    expect(oidc.json()).toMatchObject({ kind: 'oidc', hasClientSecret: true });
  });
});
