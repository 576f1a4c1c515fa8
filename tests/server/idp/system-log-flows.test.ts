import * as oidc from 'openid-client';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogEventSchema } from '@contracts/system-log';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import {
  browserSession,
  discoverOverHttp,
  postJson,
  primaryAuth,
  signInForTokens,
  startIdp,
  type IdpHarness,
} from './harness';
import { codeAt, wrongCode } from './totp-codes';

const API_TOKEN = '00-test-api-token-for-system-log-flows';
const PASSWORD = 'Flow-Logged-2026!';

/** The System Log events of the journeys that go beyond one password: MFA, logout, token refresh. */
describe.each(databaseKinds)('System Log events of sign-in journeys (%s)', (kind) => {
  let h: IdpHarness;
  let serial = 0;

  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: API_TOKEN, mfa: { requiredForGroups: ['Log MFA'] } });
  });
  afterAll(() => h.close());

  const newUser = async (): Promise<IdpUser> => {
    serial += 1;
    const login = `journey${serial}@example.com`;
    return createUser(h.test.database.db, { login, email: login, password: PASSWORD });
  };
  /** The person's events as the directory adapter reads them: the answer must pass the shared LogEvent contract. */
  const logEventsOf = async (userId: string) => {
    const filter = new URLSearchParams({ filter: `actor.id eq "${userId}"` });
    const response = await fetch(`${h.origin}/api/v1/logs?${filter.toString()}`, {
      headers: { authorization: `SSWS ${API_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return v.parse(v.array(LogEventSchema), await response.json());
  };
  const eventsOf = async (userId: string) =>
    (await logEventsOf(userId)).map((e) => [e.eventType, e.outcome?.result, e.outcome?.reason]);

  it('records factor enrolment, a failed and a passed MFA check, and the session start after them', async () => {
    const user = await newUser();
    const group = await createGroup(h.test.database.db, { name: 'Log MFA' });
    await addMember(h.test.database.db, group.id, user.id);
    const enroll = (await (await primaryAuth(h.origin, user.login, PASSWORD)).json()) as { stateToken: string };
    const enrolled = (await (
      await postJson(h.origin, '/api/v1/authn/factors', {
        stateToken: enroll.stateToken,
        factorType: 'token:software:totp',
        provider: 'GOOGLE',
      })
    ).json()) as { _embedded: { factor: { id: string; _embedded: { activation: { sharedSecret: string } } } } };
    const { id: factorId } = enrolled._embedded.factor;
    const secret = enrolled._embedded.factor._embedded.activation.sharedSecret;
    const activate = (passCode: string) =>
      postJson(h.origin, `/api/v1/authn/factors/${factorId}/lifecycle/activate`, {
        stateToken: enroll.stateToken,
        passCode,
      });
    expect((await activate(wrongCode(secret))).status).toBe(403);
    expect((await activate(codeAt(secret, Date.now()))).status).toBe(200);

    expect(await eventsOf(user.id)).toEqual([
      ['user.authentication.auth_via_mfa', 'FAILURE', 'VERIFICATION_ERROR'],
      ['user.authentication.auth_via_mfa', 'SUCCESS', null],
      ['user.mfa.factor.activate', 'SUCCESS', null],
      ['user.session.start', 'SUCCESS', null],
    ]);
  });

  it('records the end of a session ended through the Sessions API', async () => {
    const user = await newUser();
    const jar = await browserSession(h, user.login, PASSWORD);
    const ended = await fetch(`${h.origin}/api/v1/sessions/me`, {
      method: 'DELETE',
      headers: { cookie: jar.header() },
    });
    expect(ended.status).toBe(204);
    expect(await eventsOf(user.id)).toEqual([
      ['user.session.start', 'SUCCESS', null],
      ['user.session.end', 'SUCCESS', null],
    ]);
  });

  it('records the end of a session ended at /v1/logout', async () => {
    const user = await newUser();
    const jar = await browserSession(h, user.login, PASSWORD);
    const page = await fetch(`${h.issuer}/v1/logout`, { headers: { cookie: jar.header() } });
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const form = new URLSearchParams([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    const confirmed = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(confirmed.status).toBe(303);
    // The event is recorded once the user is looked up, after the answer: read until it is there (or give up).
    let events = await eventsOf(user.id);
    for (let tries = 0; events.length < 2 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      events = await eventsOf(user.id);
    }
    expect(events).toEqual([
      ['user.session.start', 'SUCCESS', null],
      ['user.session.end', 'SUCCESS', null],
    ]);
  });

  it('records a refresh-token grant with the application as its target', async () => {
    const user = await newUser();
    const config: oidc.Configuration = await discoverOverHttp(h.issuer);
    const tokens = await signInForTokens(h, config, {
      username: user.login,
      password: PASSWORD,
      scope: 'openid offline_access',
    });
    await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    const events = await eventsOf(user.id);
    expect(events).toEqual([
      ['user.session.start', 'SUCCESS', null],
      ['app.oauth2.token.grant.refresh_token', 'SUCCESS', null],
    ]);
    const refresh = (await logEventsOf(user.id))[1];
    expect(refresh?.target?.map((target) => target.type)).toEqual(['AppInstance']);
    expect(refresh?.target?.[0]?.id).not.toBe('');
  });
});
