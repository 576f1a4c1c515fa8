import * as v from 'valibot';

/**
 * Okta's event hooks (/api/v1/eventHooks, issue 33 item 4, docs/event-hooks.md): the body the embedded IdP accepts
 * to create or replace a hook, and the event types a hook may name (the System Log's, under Okta's names).
 */

/**
 * What a hook may hear, with what the administrator sees it as: sign-ins (success and failure are one type; the
 * LogEvent's `outcome.result` tells them apart, as Okta does), lockouts, a person's lifecycle and password changes.
 */
export const EVENT_HOOK_TYPES = [
  'user.session.start',
  'user.session.end',
  'user.authentication.auth_via_mfa',
  'user.account.lock',
  'user.account.unlock',
  'user.lifecycle.create',
  'user.lifecycle.activate',
  'user.account.update_profile',
  'user.lifecycle.deactivate',
  'user.lifecycle.suspend',
  'user.lifecycle.unsuspend',
  'user.lifecycle.delete.initiated',
  'user.account.reset_password',
  'user.account.update_password',
  'group.user_membership.add',
  'group.user_membership.remove',
  'system.import.complete',
] as const;
export type EventHookType = (typeof EVENT_HOOK_TYPES)[number];

/** The most event types one hook may name and the longest URI, header name and value it may carry. */
export const MAX_EVENT_HOOK_NAME = 255;
export const MAX_EVENT_HOOK_URI = 1_024;

/** A header name as HTTP allows it (a token); the ones the delivery itself sets are refused. */
const headerName = v.pipe(
  v.string(),
  v.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'must be an HTTP header name'),
  v.check(
    (name) =>
      !['content-type', 'content-length', 'host', 'x-gatehouse-signature', 'x-okta-verification-challenge'].includes(
        name.toLowerCase(),
      ),
    'is set by Gatehouse itself',
  ),
);

/** Okta's EventHook body for create and replace (`channel.config.headers` beyond the auth scheme is not built). */
export const EventHookBodySchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'The field cannot be left blank'),
    v.maxLength(MAX_EVENT_HOOK_NAME),
  ),
  events: v.object({
    type: v.literal('EVENT_TYPE'),
    items: v.pipe(
      v.array(v.picklist(EVENT_HOOK_TYPES, 'is not an event type a hook may subscribe to')),
      v.minLength(1, 'name at least one event type'),
      v.maxLength(EVENT_HOOK_TYPES.length),
    ),
  }),
  channel: v.object({
    type: v.literal('HTTP'),
    version: v.optional(v.literal('1.0.0')),
    config: v.object({
      uri: v.pipe(v.string(), v.trim(), v.maxLength(MAX_EVENT_HOOK_URI)),
      headers: v.optional(v.nullable(v.pipe(v.array(v.unknown()), v.maxLength(0, 'custom headers are not supported')))),
      authScheme: v.optional(
        v.nullable(
          v.object({
            type: v.literal('HEADER'),
            key: headerName,
            // On a replace, leaving the value out keeps the one stored.
            value: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2_000))),
          }),
        ),
      ),
    }),
  }),
});
export type EventHookBody = v.InferOutput<typeof EventHookBodySchema>;

/** The delivery log's query: the most recent first, at most 200. */
export const EventHookDeliveriesQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1), v.maxValue(200))),
});
