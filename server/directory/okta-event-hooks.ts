import * as v from 'valibot';
import type { EventHook } from '@contracts/admin/event-hooks';
import { eventHookDeliveryStatuses, eventHookStatuses, eventHookVerifications } from '@contracts/admin/event-hooks';
import type { DirectoryPort } from './port';

/** Okta's EventHook object, as far as the portal reads it (the header's value never comes back). */
const OktaEventHookSchema = v.object({
  id: v.string(),
  name: v.string(),
  status: v.picklist(eventHookStatuses),
  verificationStatus: v.picklist(eventHookVerifications),
  created: v.string(),
  events: v.object({ items: v.array(v.string()) }),
  channel: v.object({
    config: v.object({ uri: v.string(), authScheme: v.nullish(v.object({ key: v.string() })) }),
  }),
});

const CreatedSchema = v.object({ ...OktaEventHookSchema.entries, signingSecret: v.string() });

/** Gatehouse's own delivery log route (event-hooks-routes.ts `/deliveries`). */
const OktaDeliverySchema = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(eventHookDeliveryStatuses),
  attempts: v.number(),
  created: v.string(),
  nextAttempt: v.nullable(v.string()),
  delivered: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
});

const toHook = (hook: v.InferOutput<typeof OktaEventHookSchema>): EventHook => ({
  id: hook.id,
  name: hook.name,
  uri: hook.channel.config.uri,
  eventTypes: hook.events.items,
  status: hook.status,
  verificationStatus: hook.verificationStatus,
  authHeader: hook.channel.config.authScheme?.key ?? null,
  createdAt: hook.created,
});

type EventHookCalls = Pick<
  DirectoryPort,
  | 'listEventHooks'
  | 'createEventHook'
  | 'verifyEventHook'
  | 'setEventHookActive'
  | 'deleteEventHook'
  | 'listEventHookDeliveries'
>;

/**
 * The directory port's event-hook calls over Okta's Event Hooks API (docs/event-hooks.md), with the adapter's own
 * `call` (its token, timeout and error mapping) and `parse` (an answer of another shape is unavailability).
 */
export function oktaEventHookCalls(
  call: (operation: string, method: string, path: string, body?: unknown) => Promise<unknown>,
  parse: <S extends v.GenericSchema>(schema: S, value: unknown, operation: string) => v.InferOutput<S>,
): EventHookCalls {
  const hookPath = (id: string) => `/eventHooks/${encodeURIComponent(id)}`;
  const hook = async (operation: string, method: string, path: string) =>
    toHook(parse(OktaEventHookSchema, await call(operation, method, path), operation));
  return {
    listEventHooks: async () =>
      parse(v.array(OktaEventHookSchema), await call('list event hooks', 'GET', '/eventHooks'), 'list event hooks').map(
        toHook,
      ),
    createEventHook: async ({ name, uri, eventTypes, auth }) => {
      const created = parse(
        CreatedSchema,
        await call('create event hook', 'POST', '/eventHooks', {
          name,
          events: { type: 'EVENT_TYPE', items: eventTypes },
          channel: {
            type: 'HTTP',
            version: '1.0.0',
            config: {
              uri,
              headers: [],
              authScheme: auth === null ? null : { type: 'HEADER', key: auth.header, value: auth.value },
            },
          },
        }),
        'create event hook',
      );
      return { hook: toHook(created), signingSecret: created.signingSecret };
    },
    verifyEventHook: (id) => hook('verify event hook', 'POST', `${hookPath(id)}/lifecycle/verify`),
    setEventHookActive: (id, active) =>
      hook(
        active ? 'activate event hook' : 'deactivate event hook',
        'POST',
        `${hookPath(id)}/lifecycle/${active ? 'activate' : 'deactivate'}`,
      ),
    deleteEventHook: async (id) => {
      await call('delete event hook', 'DELETE', hookPath(id));
    },
    listEventHookDeliveries: async (id, limit) =>
      parse(
        v.array(OktaDeliverySchema),
        await call('list event hook deliveries', 'GET', `${hookPath(id)}/deliveries?limit=${limit}`),
        'list event hook deliveries',
      ).map((row) => ({
        id: row.id,
        eventId: row.eventId,
        eventType: row.eventType,
        status: row.status,
        attempts: row.attempts,
        createdAt: row.created,
        nextAttemptAt: row.nextAttempt,
        deliveredAt: row.delivered,
        lastError: row.lastError,
      })),
  };
}
