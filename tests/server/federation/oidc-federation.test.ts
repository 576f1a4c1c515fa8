import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IdentityProviderSchema } from '@contracts/admin/identity-providers';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { clients, instances } from '@server/db/schema';
import { idpFederationLinks, idpUsers } from '@server/idp/tables';
import { logins, openDemoWorld } from '../admin/harness';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { startUpstream, type TestUpstream, type UpstreamPerson } from './upstream';
import { authorizeWithIdp, InjectJar, SPA_CALLBACK } from './spa-browser';

/**
 * Federation (issue 31 item 1, docs/identity.md "Federation"): `/v1/authorize?idp=<id>` on the embedded identity
 * provider sends the browser to an upstream OpenID provider (a real HTTP server in this test), checks its answer with
 * openid-client, finds or provisions the person, and ends at the SPA's redirect URI with a code, as the widget does.
 */
describe.each(databaseKinds)('OIDC federation (%s)', (kind) => {
  let t: TestApp;
  let upstream: TestUpstream;
  let providerId: string;
  let clientId: string;

  beforeAll(async () => {
    let call;
    ({ t, call } = await openDemoWorld(kind, { identities: true }));
    upstream = await startUpstream();
    const [client] = await t.database.db
      .insert(clients)
      .values({ name: 'Initrode', oktaPrefix: 'INITRODE', portalAlias: 'initrode' })
      .returning({ id: clients.id });
    clientId = client!.id;
    const created = await call('POST', 'IdentityProvider', {
      body: {
        name: 'Initrode Workforce',
        issuer: upstream.issuer,
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
        claimMapping: { given_name: 'FirstName', family_name: 'LastName' },
        clientIdServed: clientId,
      },
    });
    if (created.statusCode !== 201) throw new Error(`registering the upstream failed: ${created.body}`);
    providerId = v.parse(IdentityProviderSchema, created.json()).id;
  });
  afterAll(async () => {
    await upstream.close();
    await t.dispose();
  });
  beforeEach(() => {
    upstream.next.fault = 'none';
  });

  const inject = (url: string, jar: InjectJar) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } }).then((answer) => {
      jar.store(answer.headers['set-cookie']);
      return answer;
    });

  /**
   * Follows the browser's redirects: the app through `inject`, the upstream over HTTP, until the SPA's redirect URI.
   * `atCallback` may rewrite the upstream's redirect back to us (a replay, a swapped state).
   */
  async function signIn(
    person: UpstreamPerson | null,
    { idp = providerId, atCallback }: { idp?: string; atCallback?: (url: URL, jar: InjectJar) => URL | undefined } = {},
  ) {
    if (person !== null) upstream.next.person = person;
    const jar = new InjectJar();
    const authorize = authorizeWithIdp(t.config.clientId, idp);
    let current = authorize;
    let callback: URL | undefined;
    for (let hop = 0; hop < 12; hop += 1) {
      if (current.href.startsWith(SPA_CALLBACK)) return { landed: current, callback, jar };
      let location: string | undefined;
      let status: number;
      if (current.origin === upstream.issuer) {
        const answer = await fetch(current, { redirect: 'manual' });
        status = answer.status;
        location = answer.headers.get('location') ?? undefined;
      } else {
        if (current.pathname.endsWith('/federation/callback')) {
          callback = new URL(current);
          current = atCallback?.(current, jar) ?? current;
        }
        const answer = await inject(`${current.pathname}${current.search}`, jar);
        status = answer.statusCode;
        location = answer.headers.location;
        if (location === undefined) return { landed: current, callback, jar, status, body: answer.body };
      }
      if (location === undefined || status < 300 || status >= 400) throw new Error(`stopped at ${current.href}`);
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }

  const linkOf = async (subject: string) =>
    (
      await t.database.db
        .select()
        .from(idpFederationLinks)
        .where(and(eq(idpFederationLinks.providerId, providerId), eq(idpFederationLinks.subject, subject)))
    )[0];
  const userByLogin = async (login: string) =>
    (
      await t.database.db
        .select()
        .from(idpUsers)
        .where(sql`lower(${idpUsers.login}) = lower(${login})`)
    )[0];

  it('signs a new person in at the upstream, provisions them into the served client and lands on the SPA with a code', async () => {
    const { landed, jar } = await signIn({
      sub: 'ann-1',
      email: 'ann@initrode.test',
      emailVerified: true,
      givenName: 'Ann',
      familyName: 'Archer',
    });
    expect(landed.searchParams.get('error')).toBeNull();
    expect(landed.searchParams.get('code')).toBeTruthy();
    expect(landed.searchParams.get('state')).toBe('spa-state');
    // The session cookie: the next authorization without idp needs no sign-in.
    expect(jar.cookies.has('_session')).toBe(true);
    const user = await userByLogin('INITRODE__ann@initrode.test');
    expect(user).toMatchObject({ firstName: 'Ann', lastName: 'Archer', status: 'ACTIVE', passwordHash: null });
    expect((await linkOf('ann-1'))?.userId).toBe(user?.id);
    const [profile] = await t.database.db.select().from(instances).where(eq(instances.idpUserId, user!.id));
    expect(profile).toMatchObject({ clientId, ssoUser: true, firstName: 'Ann' });
  });

  it('provisions just in time once: a second sign-in of the same subject is the same person', async () => {
    const person = { sub: 'bob-1', email: 'bob@initrode.test', emailVerified: true };
    const first = await signIn(person);
    const second = await signIn(person);
    expect(first.landed.searchParams.get('code')).toBeTruthy();
    expect(second.landed.searchParams.get('code')).toBeTruthy();
    const profiles = await t.database.db
      .select()
      .from(instances)
      .where(eq(instances.idpLogin, 'INITRODE__bob@initrode.test'));
    expect(profiles).toHaveLength(1);
    expect((await linkOf('bob-1'))?.userId).toBe(profiles[0]?.idpUserId);
  });

  it.each([
    ['wrong issuer', 'wrongIssuer'],
    ['bad signature', 'badSignature'],
    ['wrong audience', 'wrongAudience'],
    ['expired ID token', 'expired'],
  ] as const)('refuses an upstream answer with a %s: access_denied, no person, no link', async (_name, fault) => {
    upstream.next.fault = fault;
    const sub = `fault-${fault}`;
    const { landed } = await signIn({ sub, email: `${sub}@initrode.test`, emailVerified: true });
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
    expect(await linkOf(sub)).toBeUndefined();
    expect(await userByLogin(`INITRODE__${sub}@initrode.test`)).toBeUndefined();
  });

  it('refuses a replayed callback (state used) and a replayed code (upstream refuses it)', async () => {
    const person = { sub: 'cy-1', email: 'cy@initrode.test', emailVerified: true };
    const first = await signIn(person);
    expect(first.landed.searchParams.get('code')).toBeTruthy();
    const used = first.callback!;
    // The same callback again, with its state cookie: the state was taken.
    const jar = new InjectJar();
    jar.cookies.set('gatehouse_federation', used.searchParams.get('state')!);
    const replay = await inject(`${used.pathname}${used.search}`, jar);
    expect(replay.statusCode).toBe(400);
    // A fresh sign-in whose callback carries the old code: the upstream refuses it, the authorization ends refused.
    const second = await signIn(person, {
      atCallback: (url) => {
        const swapped = new URL(url);
        swapped.searchParams.set('code', used.searchParams.get('code')!);
        return swapped;
      },
    });
    expect(second.landed.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a callback whose state is not this browser’s (state mismatch)', async () => {
    const result = await signIn(
      { sub: 'dee-1', email: 'dee@initrode.test', emailVerified: true },
      {
        atCallback: (_url, jar) => {
          jar.cookies.set('gatehouse_federation', 'someone-elses-state');
          return undefined;
        },
      },
    );
    expect(result.status).toBe(400);
    expect(await linkOf('dee-1')).toBeUndefined();
  });

  it('links an existing person of the served client only by a verified e-mail', async () => {
    const [existing] = await t.database.db
      .insert(idpUsers)
      .values({ id: '00uexistinginitrode1', login: 'INITRODE__eve@initrode.test', email: 'eve@initrode.test' })
      .returning();
    const unverified = await signIn({ sub: 'eve-1', email: 'eve@initrode.test', emailVerified: false });
    expect(unverified.landed.searchParams.get('error')).toBe('access_denied');
    expect(await linkOf('eve-1')).toBeUndefined();
    const verified = await signIn({ sub: 'eve-1', email: 'eve@initrode.test', emailVerified: true });
    expect(verified.landed.searchParams.get('code')).toBeTruthy();
    expect((await linkOf('eve-1'))?.userId).toBe(existing!.id);
  });

  it('never links across clients: an Acme person’s e-mail makes a new person of the served client', async () => {
    const acmeUser = await userByLogin(logins.acmeUser);
    const email = logins.acmeUser.split('__')[1]!;
    const { landed } = await signIn({ sub: 'maria-upstream', email, emailVerified: true });
    expect(landed.searchParams.get('code')).toBeTruthy();
    const link = await linkOf('maria-upstream');
    expect(link?.userId).not.toBe(acmeUser?.id);
    expect((await userByLogin(`INITRODE__${email}`))?.id).toBe(link?.userId);
  });

  it('refuses an unknown idp at once, back at the client, and logs every outcome in the System Log', async () => {
    const { landed } = await signIn(null, { idp: '0oaunknownprovider01' });
    expect(landed.searchParams.get('error')).toBe('access_denied');
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/logs?limit=1000&filter=eventType eq "user.authentication.auth_via_IDP"',
      headers: { authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}`, accept: 'application/json' },
    });
    expect(logs.statusCode).toBe(200);
    const outcomes = logs.json<{ outcome: { result: string; reason: string } }[]>().map((e) => e.outcome);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { result: 'SUCCESS', reason: 'provisioned' },
        { result: 'DENY', reason: 'unknown identity provider' },
        expect.objectContaining({ result: 'FAILURE' }),
      ]),
    );
  });
});
