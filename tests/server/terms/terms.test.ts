import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CurrentTermsAnswerSchema,
  PendingTermsSchema,
  TermsVersionListSchema,
  TermsVersionSchema,
} from '@contracts/terms';
import { auditLog, instances, termsAcceptances } from '@server/db/schema';
import { adminCaller, clientIdOf, fieldsOf, problemOf } from '../admin/harness';
import { acmeSignUp, cheapAltcha, registerAs } from '../profile/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';

/**
 * Terms of use and privacy notice per client (issue 34 item 2; server/api/terms): published versions, sign-up refused
 * without acceptance of the current one and recorded with it, re-acceptance after a new version, and the export of
 * acceptances scoped to the administrator's client.
 */
describe.each(databaseKinds)('terms of use (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acmeId: string;

  const personByEmail = async (email: string) =>
    t.database.db.select().from(instances).where(eq(instances.email, email));
  const acceptancesOf = async (instanceId: string) =>
    t.database.db.select().from(termsAcceptances).where(eq(termsAcceptances.instanceId, instanceId));
  /** Calls as a person the tests signed up (their login is `ACME__<email>`). */
  const asLogin = async (login: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: bearer(await t.tokens.sign({ sub: login })),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const publish = (basedOn: number, as: 'admin' | 'acmeClientAdmin' = 'acmeClientAdmin', client = 'acme') =>
    call('POST', `Terms/${client}`, {
      as,
      body: {
        basedOn,
        texts: [
          {
            culture: 'en-us',
            termsHtml: `<p>Terms ${basedOn + 1}</p><script>alert(1)</script>`,
            privacyHtml: `<p>Privacy ${basedOn + 1}</p>`,
          },
          {
            culture: 'es',
            termsHtml: `<p>Condiciones ${basedOn + 1}</p>`,
            privacyHtml: `<p>Privacidad ${basedOn + 1}</p>`,
          },
        ],
      },
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: cheapAltcha });
    call = adminCaller(t);
    acmeId = await clientIdOf(t, 'acme');
  });
  afterAll(() => t.dispose());

  it("shows a client's current terms before sign-in, in the culture asked for; a client without terms has none", async () => {
    const es = await t.app.inject({ url: '/api/v1/Terms/Current/acme?culture=es' });
    expect(es).toAnswer(200);
    const current = (response: { json(): unknown }) => v.parse(CurrentTermsAnswerSchema, response.json()).current;
    expect(current(es)).toMatchObject({ number: 1, culture: 'es' });
    expect(current(es)?.termsHtml).toContain('Condiciones de uso de Acme Health');
    expect(current(await t.app.inject({ url: '/api/v1/Terms/Current/acme' }))?.culture).toBe('en-us');
    // Globex has published none: an answer, not an error; an unknown client is a 404.
    const none = await t.app.inject({ url: '/api/v1/Terms/Current/globex' });
    expect(none).toAnswer(200);
    expect(current(none)).toBeNull();
    expect(await t.app.inject({ url: '/api/v1/Terms/Current/nosuchclient' })).toAnswer(404);
  });

  it('refuses a sign-up that does not accept the current terms, and creates nobody', async () => {
    const email = 'no-terms@example.test';
    // No `terms` at all (an undefined key is left out of the JSON body).
    const refused = await registerAs(t, acmeSignUp(email, { terms: undefined }));
    expect(refused).toAnswer(400);
    expect(fieldsOf(problemOf(refused))).toEqual(['body.terms']);
    const stale = await registerAs(t, acmeSignUp(email, { terms: { number: 7, culture: 'es' } }));
    expect(stale).toAnswer(400);
    expect(fieldsOf(problemOf(stale))).toEqual(['body.terms']);
    expect(await personByEmail(email)).toEqual([]);
  });

  it('records the acceptance (person, version, culture, time, address) with the sign-up', async () => {
    const before = Date.now();
    const accepted = await registerAs(t, acmeSignUp('accepts@example.test'), { ip: '198.51.100.23' });
    expect(accepted).toAnswer(200);
    const [person] = await personByEmail('accepts@example.test');
    expect(person).toBeDefined();
    const rows = await acceptancesOf(person?.id ?? '');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: acmeId, number: 1, culture: 'es', address: '198.51.100.23' });
    expect(rows[0]?.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('publishes a new immutable version, cleaned, audited; a publish based on an old version is refused 409', async () => {
    const listed = v.parse(TermsVersionListSchema, (await call('GET', 'Terms/acme', { as: 'acmeClientAdmin' })).json());
    expect(listed.map((version) => version.number)).toEqual([1]);
    const response = await publish(1);
    expect(response).toAnswer(201);
    const published = v.parse(TermsVersionSchema, response.json());
    expect(published.number).toBe(2);
    expect(published.publishedBy).toBe('ACME__clientadmin@acme.test');
    const english = published.texts.find((text) => text.culture === 'en-us');
    expect(english?.termsHtml).toContain('Terms 2');
    expect(english?.termsHtml).not.toContain('script');
    // Someone who read version 1 as current cannot publish over version 2 unseen.
    expect(await publish(1)).toAnswer(409);
    const after = v.parse(TermsVersionListSchema, (await call('GET', 'Terms/acme', { as: 'acmeClientAdmin' })).json());
    expect(after.map((version) => version.number)).toEqual([2, 1]);
    // Version 1 is unchanged.
    expect(after[1]?.texts.find((text) => text.culture === 'es')?.termsHtml).toContain('Condiciones de uso de Acme');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'terms_version'), eq(auditLog.entityId, `${acmeId}:2`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', clientId: acmeId, actor: 'ACME__clientadmin@acme.test' });
  });

  it('asks for the new version at the next sign-in until the person accepts it', async () => {
    const maria = 'ACME__maria@acme.test';
    const pending = v.parse(PendingTermsSchema, (await asLogin(maria, 'GET', 'profile/terms?culture=es')).json());
    expect(pending.pending).toMatchObject({ number: 2, culture: 'es' });
    // Accepting the old version does not count.
    expect(await asLogin(maria, 'POST', 'profile/terms', { number: 1, culture: 'es' })).toAnswer(409);
    expect(await asLogin(maria, 'POST', 'profile/terms', { number: 2, culture: 'es' })).toAnswer(204);
    expect(v.parse(PendingTermsSchema, (await asLogin(maria, 'GET', 'profile/terms')).json()).pending).toBeNull();
    const [person] = await personByEmail('maria@acme.test');
    const rows = await acceptancesOf(person?.id ?? '');
    expect(rows.map((row) => row.number).sort()).toEqual([1, 2]);
    // A sign-up must now accept version 2: version 1 is refused.
    const old = await registerAs(t, acmeSignUp('late@example.test'));
    expect(fieldsOf(problemOf(old))).toEqual(['body.terms']);
  });

  it('answers a person whose client has no terms with nothing to accept', async () => {
    const sam = 'GLBX__sam@globex.test';
    expect(v.parse(PendingTermsSchema, (await asLogin(sam, 'GET', 'profile/terms')).json()).pending).toBeNull();
    expect(await asLogin(sam, 'POST', 'profile/terms', { number: 1, culture: 'en-us' })).toAnswer(404);
  });

  it("exports who accepted which version, to the client's own administrators only", async () => {
    // Globex publishes too, and its person accepts: Acme's export must not show them.
    expect(await publish(0, 'admin', 'globex')).toAnswer(201);
    expect(await asLogin('GLBX__sam@globex.test', 'POST', 'profile/terms', { number: 1, culture: 'en-us' })).toAnswer(
      204,
    );
    const response = await call('GET', 'Terms/acme/Acceptances', { as: 'acmeClientAdmin' });
    expect(response).toAnswer(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('"#","Email","First name","Last name","Version","Culture","Accepted at","Address"');
    expect(lines.some((line) => line.includes('maria@acme.test') && line.includes('"2","es"'))).toBe(true);
    expect(lines.some((line) => line.includes('accepts@example.test') && line.includes('198.51.100.23'))).toBe(true);
    expect(response.body).not.toContain('globex.test');
    // Another client's terms and acceptances are missing to Acme's administrator; a member is no administrator.
    expect(await call('GET', 'Terms/globex/Acceptances', { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('GET', 'Terms/globex', { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await publish(1, 'acmeClientAdmin', 'globex')).toAnswer(404);
    expect(await call('GET', 'Terms/acme/Acceptances', { as: 'acmeUser' })).toAnswer(403);
    // The provider administrator reaches every client.
    const globex = await call('GET', 'Terms/globex/Acceptances');
    expect(globex).toAnswer(200);
    expect(globex.body).toContain('sam@globex.test');
  });
});
