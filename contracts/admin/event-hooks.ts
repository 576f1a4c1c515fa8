import * as v from 'valibot';
import { EVENT_HOOK_TYPES, MAX_EVENT_HOOK_NAME, MAX_EVENT_HOOK_URI } from '../event-hooks';
import { requiredText } from './common';

/**
 * The provider administrator's event hooks page (issue 33 item 4, docs/api.md "Event hooks"): the portal's view of
 * the identity provider's hooks and of each hook's delivery log. The portal reaches them through the identity
 * provider's management API (`/api/v1/eventHooks`); the signing secret leaves the server once, in the answer to the
 * create, and the authorization header's value never comes back.
 */
export const eventHookStatuses = ['ACTIVE', 'INACTIVE'] as const;
export const eventHookVerifications = ['VERIFIED', 'UNVERIFIED'] as const;
export const eventHookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;

export const EventHookSchema = v.object({
  /** Okta's `who…` id. */
  id: v.string(),
  name: v.string(),
  uri: v.string(),
  eventTypes: v.array(v.string()),
  status: v.picklist(eventHookStatuses),
  verificationStatus: v.picklist(eventHookVerifications),
  /** The authorization header's name, when the hook sends one; its value is never shown. */
  authHeader: v.nullable(v.string()),
  /** ISO 8601. */
  createdAt: v.string(),
});
export type EventHook = v.InferOutput<typeof EventHookSchema>;
export const EventHookListSchema = v.array(EventHookSchema);

/** POST EventHook: name, HTTPS endpoint, the event types from the supported list, an optional authorization header. */
export const EventHookCreateSchema = v.pipe(
  v.object({
    name: requiredText(MAX_EVENT_HOOK_NAME),
    uri: v.pipe(requiredText(MAX_EVENT_HOOK_URI), v.url('must be an absolute URL')),
    eventTypes: v.pipe(
      v.array(v.picklist(EVENT_HOOK_TYPES, 'is not an event type a hook may subscribe to')),
      v.minLength(1, 'choose at least one event type'),
    ),
    /** A header the receiver checks (e.g. `Authorization`); blank: none. */
    authHeader: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
    authValue: v.optional(v.pipe(v.string(), v.maxLength(2_000)), ''),
  }),
  v.forward(
    v.check((hook) => (hook.authHeader === '') === (hook.authValue === ''), 'give the header both a name and a value'),
    ['authValue'],
  ),
);
export type EventHookCreate = v.InferInput<typeof EventHookCreateSchema>;

/** The create's answer: the hook and, this once, the secret its deliveries are signed with. */
export const EventHookCreatedSchema = v.object({ hook: EventHookSchema, signingSecret: v.string() });
export type EventHookCreated = v.InferOutput<typeof EventHookCreatedSchema>;

/** Path of the hook routes: Okta's hook id (not a uuid). */
export const EventHookParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,40}$/)) });

/** One delivery of one event to one hook: what the delivery log lists. */
export const EventHookDeliverySchema = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(eventHookDeliveryStatuses),
  attempts: v.number(),
  /** ISO 8601; when the event was put in the outbox. */
  createdAt: v.string(),
  /** The next try, while it is pending. */
  nextAttemptAt: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
});
export type EventHookDelivery = v.InferOutput<typeof EventHookDeliverySchema>;
export const EventHookDeliveryListSchema = v.array(EventHookDeliverySchema);
