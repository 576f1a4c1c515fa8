import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Sealer } from '../../secrets/seal';
import { eventHookTarget, logEvent } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import { eventHookAuthContext, eventHookSecretContext } from '../sealing';
import { idpEventHookDeliveries } from '../tables';
import { sendToEndpoint, type EndpointPolicy } from './endpoint';

/** The header that carries a delivery's signature: `sha256=` and the hex HMAC-SHA256 of the body under the secret. */
export const SIGNATURE_HEADER = 'x-gatehouse-signature';

export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export interface DeliverySettings {
  /** The first retry waits this long; each next one twice as long (EVENT_HOOKS_RETRY_BASE_SECONDS). Default 30 s. */
  baseDelayMs: number;
  /** Attempts before a delivery is given up (FAILED) (EVENT_HOOKS_MAX_ATTEMPTS). Default 8: about two hours. */
  maxAttempts: number;
  /** How long a receiver may take to answer. Default 10 s. */
  timeoutMs: number;
  /** How often the outbox is looked at. Default 1 s. */
  pollMs: number;
  /** A claimed delivery belongs to its process this long; after a crash another process takes it. Default 60 s. */
  leaseMs: number;
  /** Deliveries claimed at once. Default 20. */
  batch: number;
}

export const defaultDeliverySettings: DeliverySettings = {
  baseDelayMs: 30_000,
  maxAttempts: 8,
  timeoutMs: 10_000,
  pollMs: 1_000,
  leaseMs: 60_000,
  batch: 20,
};

export interface DeliveryOptions {
  db: Db;
  sealer: Sealer;
  policy: EndpointPolicy;
  /** Gatehouse's origin: the body's `source` names the hook under it. */
  origin: string;
  settings: DeliverySettings;
  /** A delivery given up on is logged (`event_hook.delivery`, FAILURE). */
  events: EventRecorder;
  now?: () => Date;
  onError: (error: unknown) => void;
}

export interface ClaimedDelivery {
  id: number;
  hookId: string;
  hookName: string;
  eventUuid: string;
  event: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  uri: string;
  authKey: string | null;
  sealedAuthValue: string | null;
  sealedSecret: string;
}

/** A type, not an interface: db.execute's row needs an index signature. */
type ClaimedRow = {
  id: string | number;
  hook_id: string;
  hook_name: string;
  event_uuid: string;
  event: Record<string, unknown> | string;
  attempts: number;
  created_at: string | Date;
  uri: string;
  auth_key: string | null;
  sealed_auth_value: string | null;
  sealed_secret: string;
};

/**
 * Claims due deliveries of active, verified hooks: `for update skip locked` so two processes never take the same row,
 * then a lease (`locked_until`) and the attempt counted, committed before anything is sent. A process that dies
 * while it holds a lease leaves the row to whoever looks after the lease ends.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  { batch, leaseMs }: Pick<DeliverySettings, 'batch' | 'leaseMs'>,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute<ClaimedRow>(sql`
    with due as (
      select d.id from idp_event_hook_deliveries d
      join idp_event_hooks h on h.id = d.hook_id
      where d.status = 'PENDING' and d.next_attempt_at <= ${at}::timestamptz
        and (d.locked_until is null or d.locked_until <= ${at}::timestamptz)
        and h.status = 'ACTIVE' and h.verification_status = 'VERIFIED'
      order by d.next_attempt_at, d.id
      limit ${batch}
      for update of d skip locked
    )
    update idp_event_hook_deliveries d
    set locked_until = ${lease}::timestamptz, attempts = d.attempts + 1
    from due, idp_event_hooks h
    where d.id = due.id and h.id = d.hook_id
    returning d.id, d.hook_id, h.name as hook_name, d.event_uuid, d.event, d.attempts, d.created_at, h.uri,
      h.auth_key, h.sealed_auth_value, h.sealed_secret`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    hookId: row.hook_id,
    hookName: row.hook_name,
    eventUuid: row.event_uuid,
    event: typeof row.event === 'string' ? (JSON.parse(row.event) as Record<string, unknown>) : row.event,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    uri: row.uri,
    authKey: row.auth_key,
    sealedAuthValue: row.sealed_auth_value,
    sealedSecret: row.sealed_secret,
  }));
}

/** Okta's event-hook request body (docs/event-hooks.md "The request"), one LogEvent per delivery. */
export function eventHookBody(
  origin: string,
  delivery: Pick<ClaimedDelivery, 'hookId' | 'eventUuid' | 'event' | 'createdAt'>,
) {
  return {
    eventType: 'com.okta.event_hook',
    eventTypeVersion: '1.0',
    cloudEventsVersion: '0.1',
    source: `${origin}/api/v1/eventHooks/${delivery.hookId}`,
    // The same on every retry: a receiver drops a second copy by it.
    eventId: delivery.eventUuid,
    eventTime: delivery.createdAt.toISOString(),
    contentType: 'application/json',
    data: { events: [delivery.event] },
  };
}

/** The headers every call to a hook carries besides the signature: its own authorization header, when it has one. */
export function hookHeaders(
  sealer: Sealer,
  hook: { id: string; authKey: string | null; sealedAuthValue: string | null },
): Record<string, string> {
  if (hook.authKey === null || hook.sealedAuthValue === null) return {};
  return { [hook.authKey]: sealer.open(hook.sealedAuthValue, eventHookAuthContext(hook.id)) };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export interface DeliveryWorker {
  /** Claims and sends what is due now; answers how many were attempted. Tests call it instead of waiting. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the deliveries under way. */
  stop(): Promise<void>;
}

/**
 * The delivery worker (docs/event-hooks.md "Delivery"): every `pollMs` it claims due deliveries and sends each in
 * Okta's body, signed. A 2xx answer delivers it; anything else (another status, a refused address, a timeout) waits
 * `baseDelayMs × 2^(attempts−1)` for the next try, and after `maxAttempts` the delivery is FAILED and logged.
 */
export function startDeliveryWorker(
  options: DeliveryOptions,
  { poll = true }: { poll?: boolean } = {},
): DeliveryWorker {
  const { db, sealer, policy, origin, settings, events, onError } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const finish = async (
    delivery: ClaimedDelivery,
    outcome: { ok: true } | { ok: false; status: number | null; error: string },
  ) => {
    if (outcome.ok) {
      await db
        .update(idpEventHookDeliveries)
        .set({ status: 'DELIVERED', deliveredAt: now(), lockedUntil: null, lastError: null, lastStatus: 200 })
        .where(eq(idpEventHookDeliveries.id, delivery.id));
      return;
    }
    const givenUp = delivery.attempts >= settings.maxAttempts;
    const wait = settings.baseDelayMs * 2 ** (delivery.attempts - 1);
    await db
      .update(idpEventHookDeliveries)
      .set({
        status: givenUp ? 'FAILED' : 'PENDING',
        nextAttemptAt: new Date(now().getTime() + wait),
        lockedUntil: null,
        lastStatus: outcome.status,
        lastError: outcome.error,
      })
      .where(eq(idpEventHookDeliveries.id, delivery.id));
    if (givenUp) {
      events.record(
        logEvent(
          'event_hook.delivery',
          { ipAddress: null, userAgent: null, requestId: null },
          { id: 'gatehouse', type: 'SystemPrincipal', alternateId: 'system@gatehouse', displayName: 'Gatehouse' },
          {
            result: 'FAILURE',
            reason: outcome.error,
            targets: [eventHookTarget({ id: delivery.hookId, name: delivery.hookName })],
          },
        ),
      );
    }
  };

  const deliver = async (delivery: ClaimedDelivery) => {
    try {
      const body = JSON.stringify(eventHookBody(origin, delivery));
      const secret = sealer.open(delivery.sealedSecret, eventHookSecretContext(delivery.hookId));
      const answer = await sendToEndpoint(
        {
          method: 'POST',
          uri: delivery.uri,
          headers: {
            ...hookHeaders(sealer, { ...delivery, id: delivery.hookId }),
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureOf(secret, body),
          },
          body,
          timeoutMs: settings.timeoutMs,
        },
        policy,
      );
      if (answer.status >= 200 && answer.status < 300) await finish(delivery, { ok: true });
      else
        await finish(delivery, { ok: false, status: answer.status, error: `the receiver answered ${answer.status}` });
    } catch (error) {
      await finish(delivery, { ok: false, status: null, error: describe(error) });
    }
  };

  const tick = async (): Promise<number> => {
    const claimed = await claimDueDeliveries(db, now(), settings);
    await Promise.all(claimed.map((delivery) => deliver(delivery).catch(onError)));
    return claimed.length;
  };

  const runOnce = () => {
    running = running.then(tick, tick).catch((error: unknown) => {
      onError(error);
      return 0;
    });
    return running;
  };

  const schedule = () => {
    if (stopped || !poll) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, settings.pollMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
