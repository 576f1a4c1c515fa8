// What recording System Log events costs a sign-in (issue #13: within 5 % of sign-ins/s). A sign-in records one
// event (two on a failure that locks). Measured on in-memory PGlite, the default database: the buffered recorder
// (a push onto an array, one multi-row INSERT per batch) against the alternative of one awaited INSERT per event,
// as writing inside the sign-in's own statements would cost. The share is against a sign-in's server CPU on PGlite
// (about 60 ms, argon2id the most of it: docs/benchmarks.md "Identity").
import { IN_MEMORY, openDatabase } from '@server/db/client';
import { migrateIdp } from '@server/idp/migrate';
import { API_TOKEN_ACTOR, logEvent } from '@server/idp/events/catalogue';
import { bufferedRecorder } from '@server/idp/events/recorder';
import { idpLogEvents } from '@server/idp/tables';
import { figure, type Figure } from './support';

const EVENTS = 2_000;
const SIGN_IN_CPU_MS = 60;
const client = { ipAddress: '203.0.113.9', userAgent: 'bench', requestId: 'bench-request' };
const event = () => logEvent('user.session.start', client, API_TOKEN_ACTOR);

export async function benchSystemLog(): Promise<Figure[]> {
  const database = await openDatabase({ dataDir: IN_MEMORY });
  await migrateIdp(database);
  const { db } = database;
  try {
    const recorder = bufferedRecorder(db, { onError: (error) => console.error(error) });
    let started = performance.now();
    for (let n = 0; n < EVENTS; n += 1) recorder.record(event());
    await recorder.close();
    const bufferedMs = (performance.now() - started) / EVENTS;

    started = performance.now();
    for (let n = 0; n < EVENTS; n += 1) {
      await db.insert(idpLogEvents).values({
        uuid: crypto.randomUUID(),
        published: new Date(),
        eventType: 'user.session.start',
        severity: 'INFO',
        outcomeResult: 'SUCCESS',
        displayMessage: 'User login to Okta',
        actorId: 'bench',
        actorType: 'User',
        actorAlternateId: 'bench',
        actorDisplayName: 'bench',
        clientIp: client.ipAddress,
        clientUserAgent: client.userAgent,
        requestId: client.requestId,
      });
    }
    const singleMs = (performance.now() - started) / EVENTS;
    const round = (ms: number) => Math.round(ms * 1000) / 1000;
    return [
      figure('system log: buffered record + batched write, per event', round(bufferedMs), 'ms', null),
      figure('system log: one awaited INSERT per event (not used)', round(singleMs), 'ms', null),
      figure(
        'system log: buffered cost as a share of a sign-in',
        Math.round((bufferedMs / SIGN_IN_CPU_MS) * 1000) / 10,
        '%',
        5,
      ),
    ];
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await benchSystemLog()) console.log(`${f.name}: ${f.value} ${f.unit}`);
}
