import { and, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardFiguresSchema, type DashboardFigures, type SignInBucket } from '@contracts/dashboard';
import { auditLog, clientApplications, clients, errorLog, instances } from '@server/db/schema';
import { DEMO_PASSWORD } from '@server/db/seed/world/people';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { injectFetch } from '@server/directory/inject-fetch';
import { createOktaDirectory } from '@server/directory/okta-directory';
import { embeddedSignInCounts, systemLogSignInCounts } from '@server/directory/sign-in-counts';
import { discardingRecorder } from '@server/idp/events/recorder';
import { addHourlyCounts, hourlyCountsOf } from '@server/idp/events/rollup';
import { idpLogEvents, idpUsers, type LogOutcome } from '@server/idp/tables';
import { adminCaller, openDemoWorld } from '../admin/harness';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Seeded {
  login: string;
  type: 'user.session.start' | 'user.account.lock';
  result: LogOutcome;
  ago: number;
}

/**
 * Events made for this file, at times before the moment they are written: Acme's and Globex's people, a login
 * without a client prefix, and events older than the 30 days (which no figure counts).
 */
const times = (n: number, event: Seeded): Seeded[] => Array.from({ length: n }, () => event);
const seededEvents = (): Seeded[] => [
  ...times(3, { login: 'ACME__maria@acme.test', type: 'user.session.start', result: 'SUCCESS', ago: 2 * HOUR }),
  { login: 'ACME__maria@acme.test', type: 'user.session.start', result: 'FAILURE', ago: 2 * HOUR },
  { login: 'acme__ana@acme.test', type: 'user.session.start', result: 'SUCCESS', ago: 5 * DAY },
  { login: 'ACME__ana@acme.test', type: 'user.session.start', result: 'SUCCESS', ago: 5 * DAY },
  { login: 'ACME__ana@acme.test', type: 'user.session.start', result: 'FAILURE', ago: 5 * DAY },
  { login: 'ACME__ana@acme.test', type: 'user.account.lock', result: 'SUCCESS', ago: 5 * DAY },
  ...times(4, { login: 'GLBX__sam@globex.test', type: 'user.session.start', result: 'SUCCESS', ago: 3 * HOUR }),
  { login: 'GLBX__sam@globex.test', type: 'user.session.start', result: 'FAILURE', ago: 10 * DAY },
  { login: 'GLBX__sam@globex.test', type: 'user.account.lock', result: 'SUCCESS', ago: 10 * DAY },
  { login: 'nobody@nowhere.test', type: 'user.session.start', result: 'FAILURE', ago: 6 * HOUR },
  { login: 'ACME__maria@acme.test', type: 'user.session.start', result: 'SUCCESS', ago: 40 * DAY },
  { login: 'GLBX__sam@globex.test', type: 'user.session.start', result: 'FAILURE', ago: 45 * DAY },
];

/** What a series should hold: each event in the bucket (of the answer's own instants) its time falls in. */
function expectedSeries(series: SignInBucket[], events: { at: number; type: string; result: string }[], unit: number) {
  return series.map((bucket) => {
    const start = Date.parse(bucket.at);
    const within = events.filter((event) => event.at >= start && event.at < start + unit);
    return {
      at: bucket.at,
      signIns: within.filter((e) => e.type === 'user.session.start' && e.result === 'SUCCESS').length,
      failures: within.filter((e) => e.type === 'user.session.start' && e.result === 'FAILURE').length,
      lockouts: within.filter((e) => e.type === 'user.account.lock').length,
    };
  });
}

describe.each(databaseKinds)('dashboard figures: GET Dashboard/Figures (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let globex: string;
  /** Every event the figures may count: the seeded ones and the sign-ins made through the IdP. */
  const counted: { login: string; at: number; type: string; result: string }[] = [];

  const figures = async (as: 'admin' | 'acmeClientAdmin'): Promise<DashboardFigures> => {
    const response = await call('GET', 'Dashboard/Figures', { as });
    expect(response).toAnswer(200);
    return v.parse(DashboardFiguresSchema, response.json());
  };
  const eventsOf = (prefix: string | null) =>
    counted.filter((e) => prefix === null || e.login.toUpperCase().startsWith(`${prefix}__`));
  const signIn = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      payload: { username: 'ACME__maria@acme.test', password },
    });

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind, { identities: true }));
    // The seeded events go in as the recorder writes a batch: the events and their hourly counts (rollup.ts).
    const now = Date.now();
    const rows = seededEvents().map((event, index) => ({
      uuid: `dashboard-${String(index)}`,
      published: new Date(now - event.ago),
      eventType: event.type,
      severity: 'INFO' as const,
      outcomeResult: event.result,
      displayMessage: 'seeded',
      actorId: `00u${String(index)}`,
      actorType: 'User',
      actorAlternateId: event.login,
      actorDisplayName: 'Seeded',
    }));
    await t.database.db.transaction(async (tx) => {
      await tx.insert(idpLogEvents).values(rows);
      await addHourlyCounts(tx, hourlyCountsOf(rows));
    });
    counted.push(
      ...rows.map((row) => ({
        login: row.actorAlternateId,
        at: row.published.getTime(),
        type: row.eventType,
        result: row.outcomeResult,
      })),
    );
    // A wrong password, then the right one, through the IdP itself: its recorder counts them.
    const before = Date.now();
    const statuses = [(await signIn('not-her-password')).statusCode, (await signIn(DEMO_PASSWORD)).statusCode];
    // Setup, not an assertion: the figures below would be wrong, and say so less clearly.
    if (statuses.join() !== '401,200') throw new Error(`Maria's sign-ins answered ${statuses.join()}`);
    counted.push(
      { login: 'ACME__maria@acme.test', at: before, type: 'user.session.start', result: 'FAILURE' },
      { login: 'ACME__maria@acme.test', at: before, type: 'user.session.start', result: 'SUCCESS' },
    );
    // Sam signed in three days ago; Globex's Jo long before the 30 days.
    await t.database.db
      .update(idpUsers)
      .set({ lastLoginAt: new Date(now - 3 * DAY) })
      .where(eq(sql`lower(${idpUsers.login})`, 'glbx__sam@globex.test'));
    await t.database.db.insert(auditLog).values([
      ...Array.from({ length: 6 }, (_, i) => ({
        actor: `dash${String(i)}@acme.test`,
        action: 'update',
        entity: 'client',
        entityId: `a${String(i)}`,
        clientId: acme,
        at: new Date(now + 60_000 + i * 1_000),
      })),
      {
        actor: 'dash@globex.test',
        action: 'delete',
        entity: 'field',
        entityId: 'g',
        clientId: globex,
        at: new Date(now + 63_500),
      },
    ]);
    await t.database.db.insert(errorLog).values(
      [acme, globex, acme].map((clientId, i) => ({
        code: `Dash${String(i)}`,
        message: 'dashboard test',
        level: 'ERROR' as const,
        locationUrl: 'http://localhost/dashboard',
        environment: 'LOCAL' as const,
        clientId,
        createdAt: new Date(now + 60_000 + i * 1_000),
      })),
    );
  });
  afterAll(() => t.dispose());

  it('counts sign-ins, failures and lockouts per hour over 24 hours and per day over 30 days, for every client', async () => {
    const all = await figures('admin');
    expect(all.hours).toHaveLength(24);
    expect(all.days).toHaveLength(30);
    expect(all.hours).toEqual(expectedSeries(all.hours, eventsOf(null), HOUR));
    expect(all.days).toEqual(expectedSeries(all.days, eventsOf(null), DAY));
    // Against the seeded numbers too, so an empty expectation cannot pass: 3 + 1 + 4 + 2 sign-ins in 24 h …
    expect(all.hours.reduce((sum, h) => sum + h.signIns, 0)).toBe(8);
    expect(all.hours.reduce((sum, h) => sum + h.failures, 0)).toBe(3);
    expect(all.days.reduce((sum, d) => sum + d.signIns, 0)).toBe(10);
    expect(all.days.reduce((sum, d) => sum + d.failures, 0)).toBe(5);
    expect(all.lockouts).toBe(2);
    // Maria (just now) and Sam (three days ago).
    expect(all.activePeople).toBe(2);
  });

  it('gives a client administrator only their client’s figures and rows, whatever happened elsewhere', async () => {
    const own = await figures('acmeClientAdmin');
    expect(own.hours).toEqual(expectedSeries(own.hours, eventsOf('ACME'), HOUR));
    expect(own.days).toEqual(expectedSeries(own.days, eventsOf('ACME'), DAY));
    expect(own.days.reduce((sum, d) => sum + d.signIns, 0)).toBe(6);
    expect(own.days.reduce((sum, d) => sum + d.failures, 0)).toBe(3);
    expect(own.lockouts).toBe(1);
    expect(own.activePeople).toBe(1);
    expect(own.peoplePerClient.map((row) => row.clientId)).toEqual([acme]);
    expect(own.applicationsPerClient.map((row) => row.clientId)).toEqual([acme]);
    expect(own.recentChanges.map((row) => row.actor)).toEqual([5, 4, 3, 2, 1].map((i) => `dash${String(i)}@acme.test`));
    expect(own.recentErrors.map((row) => row.code)).toEqual(['Dash2', 'Dash0']);
  });

  it('lists people and active applications per client, and the newest changes and errors of all clients', async () => {
    const all = await figures('admin');
    const people = await t.database.db
      .select({ clientId: instances.clientId, count: count() })
      .from(instances)
      .where(eq(instances.signUpPending, false))
      .groupBy(instances.clientId);
    const everyClient = await t.database.db.select({ id: clients.id, name: clients.name }).from(clients);
    const peopleOf = (id: string) => people.find((row) => row.clientId === id)?.count ?? 0;
    expect(all.peoplePerClient).toHaveLength(everyClient.length);
    for (const row of all.peoplePerClient) expect(row.count).toBe(peopleOf(row.clientId));
    expect(all.peoplePerClient.find((row) => row.clientId === acme)?.clientName).toBe('Acme Health');
    const [acmeApps] = await t.database.db
      .select({ count: count() })
      .from(clientApplications)
      .where(and(eq(clientApplications.clientId, acme), eq(clientApplications.active, true)));
    expect(all.applicationsPerClient.find((row) => row.clientId === acme)?.count).toBe(acmeApps?.count);
    expect(acmeApps?.count).toBeGreaterThan(0);
    expect(all.recentChanges.map((row) => row.actor)).toEqual([
      'dash5@acme.test',
      'dash4@acme.test',
      'dash@globex.test',
      'dash3@acme.test',
      'dash2@acme.test',
    ]);
    expect(all.recentErrors.map((row) => row.code)).toEqual(['Dash2', 'Dash1', 'Dash0']);
  });

  it('counts the same from a System Log read through the directory port (a real Okta org’s way)', async () => {
    const directory = createOktaDirectory({
      baseUrl: 'http://localhost/api/v1',
      apiToken: embeddedApiToken(TEST_SERVER_SECRET),
      fetch: injectFetch(t.app),
    });
    const fromLog = systemLogSignInCounts(directory);
    // Every event is already in the tables: a recorder with nothing to flush.
    const fromCounts = embeddedSignInCounts(t.database.db, discardingRecorder);
    const since = new Date(Date.now() - 30 * DAY);
    for (const key of [null, 'ACME', 'GLBX']) {
      const counted = await fromCounts.hours(since, key);
      expect(counted.length).toBeGreaterThan(0);
      // The log's hours hold every event; the counts' hours start at the hour `since` falls in.
      expect((await fromLog.hours(since, key)).filter((h) => h.hour >= counted[0]!.hour)).toEqual(counted);
    }
    // The log counts distinct actors of successful sign-ins: each seeded event has an actor of its own (3 + 2 in the
    // 30 days), and Maria's real sign-in one more.
    expect(await fromLog.activePeople(since, 'ACME')).toBe(6);
  });

  it('reads a real org’s System Log once per dashboard request, newest first, so a bound keeps the newest hours', async () => {
    const logReads: URL[] = [];
    const inject = injectFetch(t.app);
    const directory = createOktaDirectory({
      baseUrl: 'http://localhost/api/v1',
      apiToken: embeddedApiToken(TEST_SERVER_SECRET),
      fetch: (url, init) => {
        if (new URL(url).pathname.endsWith('/logs')) logReads.push(new URL(url));
        return inject(url, init);
      },
    });
    const since = new Date(Date.now() - 30 * DAY);
    const everything = systemLogSignInCounts(directory);
    await Promise.all([everything.hours(since, 'ACME'), everything.activePeople(since, 'ACME')]);
    expect(logReads).toHaveLength(1);
    expect(logReads[0]?.searchParams.get('sortOrder')).toBe('DESCENDING');

    // The two newest events are Maria's real sign-ins (the seeded ones are hours to days old).
    const newestTwo = [...counted].sort((a, b) => b.at - a.at).slice(0, 2);
    const bounded = await systemLogSignInCounts(directory, { maxEvents: 2 }).hours(since, null);
    const hourOf = (at: number) => Math.floor(at / HOUR) * HOUR;
    expect(bounded.reduce((sum, h) => sum + h.signIns + h.failures, 0)).toBe(2);
    expect(bounded.every((h) => h.hour.getTime() >= hourOf(Math.min(...newestTwo.map((e) => e.at))))).toBe(true);
  });

  it('refuses people who are not administrators', async () => {
    expect(await call('GET', 'Dashboard/Figures', { as: 'acmeUser' })).toAnswer(403);
    expect(await call('GET', 'Dashboard/Figures', { as: 'anonymous' })).toAnswer(401);
  });
});
