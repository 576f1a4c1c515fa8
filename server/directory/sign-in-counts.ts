import type { Db } from '../db/client';
import { countSignedInSince, LOCKOUT, readHourlyTotals, SIGN_IN, type HourlyTotals } from '../idp/events/hourly-reads';
import type { EventRecorder } from '../idp/events/recorder';
import { clientKeyOf, hourOf } from '../idp/events/rollup';
import type { DirectoryLogEvent, DirectoryPort } from './port';

/** One UTC hour of sign-in activity (the hourly counts' own shape). Hours without any are left out. */
export type SignInHour = HourlyTotals;

/**
 * Where the dashboard's sign-in figures come from (docs/identity.md "Hourly counts and the dashboard's figures"). Okta's management API has no
 * counts, only events, so this is beside the directory port rather than in it: the embedded IdP answers from its
 * hourly counts in process, a real Okta org from its System Log read through the directory port. `clientKey` is a
 * client's Okta prefix in capitals, or null for everyone.
 */
export interface SignInCountsPort {
  hours(since: Date, clientKey: string | null): Promise<SignInHour[]>;
  /** People whose last sign-in is at or after `since`. */
  activePeople(since: Date, clientKey: string | null): Promise<number>;
}

function hourOfMap(byHour: Map<number, SignInHour>, hour: Date): SignInHour {
  const known = byHour.get(hour.getTime());
  if (known) return known;
  const made = { hour, signIns: 0, failures: 0, lockouts: 0 };
  byHour.set(hour.getTime(), made);
  return made;
}

const sorted = (byHour: Map<number, SignInHour>) =>
  [...byHour.values()].sort((a, b) => a.hour.getTime() - b.hour.getTime());

/**
 * The embedded IdP: the hourly counts its recorder keeps with each batch of events (idp_log_hourly), a few hundred
 * rows for 30 days whatever the number of events. The recorder is flushed first, so a sign-in of a moment ago counts.
 */
export function embeddedSignInCounts(db: Db, events: EventRecorder): SignInCountsPort {
  return {
    async hours(since, clientKey) {
      await events.flush();
      return readHourlyTotals(db, { since, clientKey });
    },
    async activePeople(since, clientKey) {
      await events.flush();
      return countSignedInSince(db, since, clientKey);
    },
  };
}

/** Beyond this many events a real org's figures stop counting (the System Log is read page by page over HTTP). */
export const SYSTEM_LOG_COUNT_LIMIT = 50_000;

/**
 * A real Okta org: its System Log, read through the directory port and counted here. Slower than the embedded
 * IdP's counts (pages of 1,000 events over HTTP) and bounded by `maxEvents`; Okta offers nothing better.
 * - The log is read newest first, so a busy org that reaches the bound loses its oldest hours, never today's.
 * - One read serves both figures of a dashboard request: `hours` and `activePeople` are asked together, so the second
 *   call joins the read the first one started (keyed by `since`) instead of paging through the log again.
 * - A client's events are picked here by their login's prefix: Okta's System Log filter compares whole values
 *   (`eq`), so it cannot ask for "logins starting with ACME__" (docs/okta-real-org.md).
 */
export function systemLogSignInCounts(
  directory: DirectoryPort,
  { maxEvents = SYSTEM_LOG_COUNT_LIMIT }: { maxEvents?: number } = {},
): SignInCountsPort {
  const reading = new Map<number, Promise<DirectoryLogEvent[]>>();
  const readAll = (since: Date) => {
    const started = reading.get(since.getTime());
    if (started) return started;
    const read = directory
      .listLogEvents({
        since,
        filter: `eventType eq "${SIGN_IN}" or eventType eq "${LOCKOUT}"`,
        sortOrder: 'DESCENDING',
        maxEvents,
      })
      .finally(() => reading.delete(since.getTime()));
    reading.set(since.getTime(), read);
    return read;
  };
  const read = async (since: Date, clientKey: string | null) =>
    (await readAll(since)).filter(
      (event) => clientKey === null || clientKeyOf(event.actor.alternateId ?? '') === clientKey,
    );
  return {
    async hours(since, clientKey) {
      const byHour = new Map<number, SignInHour>();
      for (const event of await read(since, clientKey)) {
        const hour = hourOfMap(byHour, hourOf(event.published));
        if (event.eventType === LOCKOUT) hour.lockouts += 1;
        else if (event.outcome?.result === 'SUCCESS') hour.signIns += 1;
        else if (event.outcome?.result === 'FAILURE') hour.failures += 1;
      }
      return sorted(byHour);
    },
    async activePeople(since, clientKey) {
      const people = new Set<string>();
      for (const event of await read(since, clientKey)) {
        if (event.eventType === SIGN_IN && event.outcome?.result === 'SUCCESS') people.add(event.actor.id);
      }
      return people.size;
    },
  };
}
