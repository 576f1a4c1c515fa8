import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { primaryAuth, startIdp, type IdpHarness } from './harness';

const API_TOKEN = '00-test-api-token-for-the-system-log';
const PASSWORD = 'System-Log-2026!';

interface LogEvent {
  uuid: string;
  published: string;
  eventType: string;
  version: string;
  severity: string;
  displayMessage: string;
  actor: { id: string; type: string; alternateId: string; displayName: string };
  client: { ipAddress: string; userAgent: { rawUserAgent: string } | null; zone: string };
  outcome: { result: string; reason: string | null };
  target: { id: string; type: string; alternateId: string; displayName: string }[];
  transaction: { type: string; id: string };
  debugContext: { debugData: { requestId?: string } };
}

/** The rel="next" URL of a Link header, if any. */
const nextLink = (response: Response) =>
  /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? undefined;

describe.each(databaseKinds)('System Log: GET /api/v1/logs (%s)', (kind) => {
  let h: IdpHarness;
  let serial = 0;

  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: API_TOKEN, lockout: { maxFailedAttempts: 2 } });
  });
  afterAll(() => h.close());

  const newUser = async () => {
    serial += 1;
    const login = `log-person${serial}@example.com`;
    return createUser(h.test.database.db, {
      login,
      email: login,
      firstName: 'Lola',
      lastName: `Logger${serial}`,
      password: PASSWORD,
    });
  };
  /** `token` null: no Authorization header at all. */
  const api = (method: string, path: string, token: string | null = API_TOKEN) =>
    fetch(path.startsWith('http') ? path : `${h.origin}${path}`, {
      method,
      headers: { accept: 'application/json', ...(token === null ? {} : { authorization: `SSWS ${token}` }) },
    });
  const logs = async (query: Record<string, string>) => {
    const response = await api('GET', `/api/v1/logs?${new URLSearchParams(query).toString()}`);
    const body = (await response.json()) as LogEvent[];
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    return { response, events: body };
  };
  const eventsOf = async (userId: string, extra: Record<string, string> = {}) =>
    (await logs({ filter: `actor.id eq "${userId}" or target.id eq "${userId}"`, ...extra })).events;

  it('refuses a call without the SSWS token in Okta’s envelope (401 E0000011)', async () => {
    for (const token of [null, 'wrong-token']) {
      const response = await api('GET', '/api/v1/logs', token);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000011', errorSummary: 'Invalid token provided' });
    }
  });

  it('records a failed and a successful sign-in as user.session.start, in Okta’s LogEvent shape', async () => {
    const user = await newUser();
    expect((await primaryAuth(h.origin, user.login, 'Wrong-Password-1')).status).toBe(401);
    expect((await primaryAuth(h.origin, user.login, PASSWORD)).status).toBe(200);

    const events = await eventsOf(user.id);
    expect(events.map((e) => [e.eventType, e.outcome.result, e.outcome.reason])).toEqual([
      ['user.session.start', 'FAILURE', 'INVALID_CREDENTIALS'],
      ['user.session.start', 'SUCCESS', null],
    ]);
    const [failure, success] = events as [LogEvent, LogEvent];
    expect(failure.severity).toBe('WARN');
    expect(success).toMatchObject({
      version: '0',
      severity: 'INFO',
      displayMessage: 'User login to Okta',
      actor: { id: user.id, type: 'User', alternateId: user.login, displayName: user.firstName + ' ' + user.lastName },
      client: { ipAddress: '127.0.0.1', zone: 'null' },
      transaction: { type: 'WEB' },
    });
    expect(success.client.userAgent?.rawUserAgent).toBeTruthy();
    expect(success.transaction.id).toBeTruthy();
    expect(success.debugContext.debugData.requestId).toBe(success.transaction.id);
    expect(new Date(success.published).toISOString()).toBe(success.published);
    expect(success.uuid).not.toBe(failure.uuid);
  });

  it('records an unknown login’s failure with the login typed and an unknown actor', async () => {
    const login = 'nobody-at-all@example.com';
    expect((await primaryAuth(h.origin, login, 'Whatever-1')).status).toBe(401);
    const { events } = await logs({ filter: `actor.alternateId eq "${login}"` });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventType: 'user.session.start',
      actor: { id: 'unknown', alternateId: login },
      outcome: { result: 'FAILURE', reason: 'INVALID_CREDENTIALS' },
    });
  });

  it('records the lockout, a refused right password, and an administrator’s unlock', async () => {
    const user = await newUser();
    await primaryAuth(h.origin, user.login, 'Wrong-Password-1');
    await primaryAuth(h.origin, user.login, 'Wrong-Password-2'); // the limit: the account locks
    const locked = (await (await primaryAuth(h.origin, user.login, PASSWORD)).json()) as { status: string };
    expect(locked.status).toBe('LOCKED_OUT');
    expect((await api('POST', `/api/v1/users/${user.id}/lifecycle/unlock`)).status).toBe(200);

    const events = await eventsOf(user.id);
    expect(events.map((e) => [e.eventType, e.outcome.result, e.outcome.reason])).toEqual([
      ['user.session.start', 'FAILURE', 'INVALID_CREDENTIALS'],
      ['user.session.start', 'FAILURE', 'INVALID_CREDENTIALS'],
      ['user.account.lock', 'SUCCESS', null],
      ['user.session.start', 'FAILURE', 'LOCKED_OUT'],
      ['user.account.unlock', 'SUCCESS', null],
    ]);
    const unlock = events.at(-1);
    expect(unlock?.actor).toMatchObject({ type: 'SystemPrincipal' });
    expect(unlock?.target).toEqual([expect.objectContaining({ id: user.id, type: 'User', alternateId: user.login })]);
    const lockedOut = await logs({ filter: 'eventType eq "user.account.lock"' });
    expect(lockedOut.events.map((e) => e.actor.id)).toContain(user.id);
  });

  it('pages with limit and the after cursor of the Link header, in both orders, never repeating an event', async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < 5; attempt += 1) await primaryAuth(h.origin, user.login, PASSWORD);
    const filter = `actor.id eq "${user.id}"`;
    const all = (await logs({ filter })).events.map((e) => e.uuid);
    expect(all).toHaveLength(5);

    const walk = async (sortOrder: string) => {
      const seen: string[] = [];
      let url: string | undefined = `/api/v1/logs?${new URLSearchParams({ filter, limit: '2', sortOrder }).toString()}`;
      let pages = 0;
      while (url !== undefined && pages < 10) {
        const response = await api('GET', url);
        expect(response.headers.get('link')).toMatch(/rel="self"/);
        const page = (await response.json()) as LogEvent[];
        seen.push(...page.map((e) => e.uuid));
        pages += 1;
        url = page.length === 0 ? undefined : nextLink(response);
      }
      return { seen, pages };
    };
    const ascending = await walk('ASCENDING');
    expect(ascending.seen).toEqual(all);
    const descending = await walk('DESCENDING');
    expect(descending.seen).toEqual([...all].reverse());
    // Descending is bounded: the last, short page has no next link, so the walk stops at page 3.
    expect(descending.pages).toBe(3);
  });

  it('reads only events between since and until (until exclusive)', async () => {
    const user = await newUser();
    await primaryAuth(h.origin, user.login, PASSWORD);
    const [event] = await eventsOf(user.id);
    if (!event) throw new Error('no event');
    const at = new Date(event.published).getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await eventsOf(user.id, { since: iso(at), until: iso(at + 1) })).toHaveLength(1);
    expect(await eventsOf(user.id, { since: iso(at + 1) })).toHaveLength(0);
    expect(await eventsOf(user.id, { since: iso(at - 60_000), until: iso(at) })).toHaveLength(0);
  });

  it('filters with eq terms joined by and/or, with parentheses', async () => {
    const user = await newUser();
    await primaryAuth(h.origin, user.login, 'Wrong-Password-1');
    await primaryAuth(h.origin, user.login, PASSWORD);
    const count = async (filter: string) => (await logs({ filter })).events.length;
    const me = `actor.id eq "${user.id}"`;
    expect(await count(`${me} and outcome.result eq "FAILURE"`)).toBe(1);
    expect(await count(`${me} and (outcome.result eq "FAILURE" or outcome.result eq "SUCCESS")`)).toBe(2);
    expect(await count(`(${me}) AND eventType eq "user.session.start" and outcome.result eq "SUCCESS"`)).toBe(1);
    expect(await count(`${me} and eventType eq "user.account.lock"`)).toBe(0);
  });

  it.each([
    ['an unsupported operator', 'eventType sw "user."'],
    ['an unknown attribute', 'displayMessage eq "x"'],
    ['an unquoted value', 'eventType eq user.session.start'],
    ['an unclosed parenthesis', '(eventType eq "user.session.start"'],
    ['trailing text', 'eventType eq "a" eventType'],
  ])('refuses %s in a filter with 400 E0000031', async (_what, filter) => {
    const response = await api('GET', `/api/v1/logs?${new URLSearchParams({ filter }).toString()}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errorCode: string; errorCauses: { errorSummary: string }[] };
    expect(body).toMatchObject({ errorCode: 'E0000031', errorSummary: 'Invalid search criteria.' });
    expect(body.errorCauses[0]?.errorSummary).toMatch(/^filter: /);
  });

  it.each([
    ['limit', '0'],
    ['limit', 'ten'],
    ['since', 'yesterday'],
    ['sortOrder', 'SIDEWAYS'],
    ['after', 'not-a-cursor'],
  ])('refuses %s=%s with 400 E0000001', async (name, value) => {
    const response = await api('GET', `/api/v1/logs?${name}=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000001' });
  });

  it('finds events by keywords in the message, the actor or a target, case-insensitively', async () => {
    const user = await newUser();
    await primaryAuth(h.origin, user.login, PASSWORD);
    const lastName = user.lastName.toUpperCase();
    const found = await logs({ q: `${lastName} login` });
    expect(found.events.map((e) => e.actor.id)).toEqual([user.id]);
    expect((await logs({ q: `${lastName} logout` })).events).toEqual([]);
    // `like` wildcards are taken literally.
    expect((await logs({ q: '%' })).events).toEqual([]);
  });

  it('records management changes with the API token as actor and the user and group as targets', async () => {
    const user = await newUser();
    const group = (await (
      await fetch(`${h.origin}/api/v1/groups`, {
        method: 'POST',
        headers: { authorization: `SSWS ${API_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ profile: { name: `Loggers ${serial}` } }),
      })
    ).json()) as { id: string };
    expect((await api('PUT', `/api/v1/groups/${group.id}/users/${user.id}`)).status).toBe(204);
    expect((await api('DELETE', `/api/v1/groups/${group.id}/users/${user.id}`)).status).toBe(204);
    expect((await api('POST', `/api/v1/users/${user.id}/lifecycle/deactivate`)).status).toBe(200);

    const events = await eventsOf(user.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'group.user_membership.add',
      'group.user_membership.remove',
      'user.lifecycle.deactivate',
    ]);
    expect(events[0]?.target.map((t) => [t.type, t.id])).toEqual([
      ['User', user.id],
      ['UserGroup', group.id],
    ]);
    // The group's creation, then the membership's add and remove.
    expect((await logs({ filter: `target.id eq "${group.id}"` })).events.map((e) => e.eventType)).toEqual([
      'group.lifecycle.create',
      'group.user_membership.add',
      'group.user_membership.remove',
    ]);
    // A keyword finds a target by its name, never by the names of the stored target's keys.
    expect((await logs({ q: `Loggers ${serial}` })).events).toHaveLength(3);
    expect((await logs({ q: 'alternateId' })).events).toEqual([]);
  });
});

describe.each(databaseKinds)('System Log kept for 0 days (%s)', (kind) => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: API_TOKEN, logRetentionDays: 0 });
  });
  afterAll(() => h.close());

  it('records nothing: a sign-in works and leaves no event', async () => {
    const login = 'unlogged@example.com';
    await createUser(h.test.database.db, { login, email: login, password: PASSWORD });
    expect((await primaryAuth(h.origin, login, 'Wrong-Password-1')).status).toBe(401);
    expect((await primaryAuth(h.origin, login, PASSWORD)).status).toBe(200);
    await h.idp.events.flush();
    const response = await fetch(`${h.origin}/api/v1/logs`, { headers: { authorization: `SSWS ${API_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});
