import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { EventHookBodySchema, EventHookDeliveriesQuerySchema, type EventHookBody } from '@contracts/event-hooks';
import { oktaErrors } from '../authn/errors';
import { recordAdminEvent } from '../events/admin-events';
import { eventHookTarget, type LogEventType } from '../events/catalogue';
import { hookHeaders } from '../hooks/delivery';
import { endpointAddressProblem, endpointFormProblem, sendToEndpoint, type EndpointPolicy } from '../hooks/endpoint';
import { newEventHookId } from '../ids';
import { eventHookAuthContext, eventHookSecretContext } from '../sealing';
import { idpEventHookDeliveries, idpEventHooks } from '../tables';
import type { ManagementContext } from './context';

const HOOKS = '/api/v1/eventHooks';
/** Okta's most active, verified hooks per org; we apply it to every hook registered. */
export const MAX_EVENT_HOOKS = 25;

export interface EventHooksContext extends ManagementContext {
  policy: EndpointPolicy;
  /** How long a receiver may take to answer the verification. */
  timeoutMs: number;
}

type HookRow = typeof idpEventHooks.$inferSelect;
interface HookParams {
  Params: { hook: string };
}

/** A hook as Okta's EventHook object: the authorization header's name, never its value nor the signing secret. */
export function eventHookShape(origin: string, hook: HookRow) {
  const self = `${origin}${HOOKS}/${hook.id}`;
  return {
    id: hook.id,
    status: hook.status,
    verificationStatus: hook.verificationStatus,
    name: hook.name,
    created: hook.createdAt.toISOString(),
    createdBy: hook.createdBy,
    lastUpdated: hook.updatedAt.toISOString(),
    events: { type: 'EVENT_TYPE', items: hook.eventTypes, filter: null },
    channel: {
      type: 'HTTP',
      version: '1.0.0',
      config: {
        uri: hook.uri,
        headers: [],
        authScheme: hook.authKey === null ? null : { type: 'HEADER', key: hook.authKey },
      },
    },
    _links: {
      self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
      verify: { href: `${self}/lifecycle/verify`, hints: { allow: ['POST'] } },
      ...(hook.status === 'ACTIVE'
        ? { deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } } }
        : { activate: { href: `${self}/lifecycle/activate`, hints: { allow: ['POST'] } } }),
    },
  };
}

function readBody(body: unknown): EventHookBody {
  const parsed = v.safeParse(EventHookBodySchema, body);
  if (!parsed.success)
    throw oktaErrors.validation(parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`));
  return parsed.output;
}

const nameTaken = () =>
  oktaErrors.validation(['name: An object with this field already exists in the current organization']);
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
const isUniqueViolationDeep = (error: unknown): boolean =>
  isUniqueViolation(error) || (error instanceof Error && isUniqueViolationDeep(error.cause));

/**
 * Okta's Event Hooks API (docs/event-hooks.md): create, list, get, replace, delete, activate, deactivate, verify, and
 * Gatehouse's own delivery log. Provider-wide: a client administrator's token is refused (reach.ts), since a hook
 * hears every client's events.
 */
export function eventHooksRoutes(scope: FastifyInstance, ctx: EventHooksContext): void {
  const show = (hook: HookRow) => eventHookShape(ctx.origin, hook);
  const hookFromPath = async (id: string) => {
    const [hook] = await ctx.db.select().from(idpEventHooks).where(eq(idpEventHooks.id, id));
    if (hook === undefined) throw oktaErrors.notFound(`${id} (EventHook)`);
    return hook;
  };
  const record = (request: FastifyRequest, type: LogEventType, hook: HookRow) =>
    recordAdminEvent(ctx.events, request, type, [eventHookTarget(hook)]);
  const checkEndpoint = async (uri: string) => {
    const problem = endpointFormProblem(uri, ctx.policy) ?? (await endpointAddressProblem(uri, ctx.policy));
    if (problem !== undefined) throw oktaErrors.validation([problem]);
  };

  scope.post(HOOKS, async (request) => {
    const body = readBody(request.body);
    const { uri, authScheme } = body.channel.config;
    await checkEndpoint(uri);
    if (authScheme && authScheme.value === undefined)
      throw oktaErrors.validation(['channel.config.authScheme.value: The field cannot be left blank']);
    const id = newEventHookId();
    const secret = randomBytes(32).toString('base64url');
    try {
      const hook = await ctx.db.transaction(async (tx) => {
        const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(idpEventHooks);
        if (count >= MAX_EVENT_HOOKS)
          throw oktaErrors.validation([`at most ${MAX_EVENT_HOOKS} event hooks may be registered`]);
        const [created] = await tx
          .insert(idpEventHooks)
          .values({
            id,
            name: body.name,
            uri,
            authKey: authScheme?.key ?? null,
            sealedAuthValue:
              authScheme?.value === undefined ? null : ctx.sealer.seal(authScheme.value, eventHookAuthContext(id)),
            sealedSecret: ctx.sealer.seal(secret, eventHookSecretContext(id)),
            eventTypes: [...new Set(body.events.items)],
            createdBy: request.apiToken?.actor.id ?? 'unknown',
          })
          .returning();
        if (created === undefined) throw oktaErrors.internal();
        return created;
      });
      record(request, 'event_hook.created', hook);
      // The signing secret, this once: it is sealed and never shown again.
      return { ...show(hook), signingSecret: secret };
    } catch (error) {
      if (isUniqueViolationDeep(error)) throw nameTaken();
      throw error;
    }
  });

  scope.get(HOOKS, async () => {
    const hooks = await ctx.db.select().from(idpEventHooks).orderBy(idpEventHooks.createdAt, idpEventHooks.id);
    return hooks.map(show);
  });

  scope.get<HookParams>(`${HOOKS}/:hook`, async (request) => show(await hookFromPath(request.params.hook)));

  scope.put<HookParams>(`${HOOKS}/:hook`, async (request) => {
    const existing = await hookFromPath(request.params.hook);
    const body = readBody(request.body);
    const { uri, authScheme } = body.channel.config;
    await checkEndpoint(uri);
    const id = existing.id;
    const auth =
      authScheme === undefined || authScheme === null
        ? { authKey: null, sealedAuthValue: null }
        : authScheme.value !== undefined
          ? { authKey: authScheme.key, sealedAuthValue: ctx.sealer.seal(authScheme.value, eventHookAuthContext(id)) }
          : existing.sealedAuthValue === null
            ? undefined
            : { authKey: authScheme.key, sealedAuthValue: existing.sealedAuthValue };
    if (auth === undefined)
      throw oktaErrors.validation(['channel.config.authScheme.value: The field cannot be left blank']);
    try {
      const [hook] = await ctx.db
        .update(idpEventHooks)
        .set({
          name: body.name,
          uri,
          ...auth,
          eventTypes: [...new Set(body.events.items)],
          // Another endpoint has proved nothing yet.
          ...(uri === existing.uri ? {} : { verificationStatus: 'UNVERIFIED' as const }),
          version: sql`${idpEventHooks.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(idpEventHooks.id, id))
        .returning();
      if (hook === undefined) throw oktaErrors.notFound(`${id} (EventHook)`);
      record(request, 'event_hook.updated', hook);
      return show(hook);
    } catch (error) {
      if (isUniqueViolationDeep(error)) throw nameTaken();
      throw error;
    }
  });

  const setStatus = (status: HookRow['status'], type: LogEventType) => async (request: FastifyRequest<HookParams>) => {
    const existing = await hookFromPath(request.params.hook);
    const [hook] = await ctx.db
      .update(idpEventHooks)
      .set({ status, version: sql`${idpEventHooks.version} + 1`, updatedAt: new Date() })
      .where(eq(idpEventHooks.id, existing.id))
      .returning();
    if (hook === undefined) throw oktaErrors.notFound(`${existing.id} (EventHook)`);
    if (existing.status !== status) record(request, type, hook);
    return show(hook);
  };
  scope.post<HookParams>(`${HOOKS}/:hook/lifecycle/activate`, setStatus('ACTIVE', 'event_hook.activated'));
  scope.post<HookParams>(`${HOOKS}/:hook/lifecycle/deactivate`, setStatus('INACTIVE', 'event_hook.deactivated'));

  /**
   * Okta's one-time verification: a GET to the endpoint with `x-okta-verification-challenge`, which must answer
   * `{ "verification": <the same value> }`. Only a verified hook receives events.
   */
  scope.post<HookParams>(`${HOOKS}/:hook/lifecycle/verify`, async (request) => {
    const existing = await hookFromPath(request.params.hook);
    const challenge = randomBytes(24).toString('base64url');
    let cause: string | undefined;
    try {
      const answer = await sendToEndpoint(
        {
          method: 'GET',
          uri: existing.uri,
          headers: { ...hookHeaders(ctx.sealer, existing), 'x-okta-verification-challenge': challenge },
          timeoutMs: ctx.timeoutMs,
        },
        ctx.policy,
      );
      let verification: unknown;
      try {
        verification = (JSON.parse(answer.body) as { verification?: unknown }).verification;
      } catch {
        verification = undefined;
      }
      if (answer.status < 200 || answer.status >= 300) cause = `the endpoint answered ${answer.status}`;
      else if (verification !== challenge) cause = 'the endpoint did not answer the verification challenge';
    } catch (error) {
      cause = `the endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (cause !== undefined) throw oktaErrors.validation([`Verification of the event hook failed: ${cause}`]);
    const [hook] = await ctx.db
      .update(idpEventHooks)
      .set({ verificationStatus: 'VERIFIED', version: sql`${idpEventHooks.version} + 1`, updatedAt: new Date() })
      .where(and(eq(idpEventHooks.id, existing.id), eq(idpEventHooks.uri, existing.uri)))
      .returning();
    // The endpoint changed while it was being verified: what was verified is no longer the hook's.
    if (hook === undefined)
      throw oktaErrors.validation(['Verification of the event hook failed: it changed meanwhile']);
    record(request, 'event_hook.verified', hook);
    return show(hook);
  });

  /** As Okta: an active hook must be deactivated before it is deleted. Its pending deliveries go with it. */
  scope.delete<HookParams>(`${HOOKS}/:hook`, async (request, reply) => {
    const existing = await hookFromPath(request.params.hook);
    if (existing.status === 'ACTIVE')
      throw oktaErrors.validation(['Cannot delete an ACTIVE event hook: deactivate it first']);
    await ctx.db.delete(idpEventHooks).where(eq(idpEventHooks.id, existing.id));
    record(request, 'event_hook.deleted', existing);
    return reply.code(204).send();
  });

  /** Gatehouse's own (Okta shows it only in the System Log): the hook's recent deliveries, the newest first. */
  scope.get<HookParams & { Querystring: Record<string, string | undefined> }>(
    `${HOOKS}/:hook/deliveries`,
    async (request) => {
      const hook = await hookFromPath(request.params.hook);
      const parsed = v.safeParse(EventHookDeliveriesQuerySchema, request.query);
      if (!parsed.success)
        throw oktaErrors.validation(
          parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'query'}: ${issue.message}`),
        );
      const rows = await ctx.db
        .select()
        .from(idpEventHookDeliveries)
        .where(eq(idpEventHookDeliveries.hookId, hook.id))
        .orderBy(desc(idpEventHookDeliveries.id))
        .limit(parsed.output.limit ?? 50);
      return rows.map((row) => ({
        id: String(row.id),
        eventId: row.eventUuid,
        eventType: row.eventType,
        status: row.status,
        attempts: row.attempts,
        created: row.createdAt.toISOString(),
        nextAttempt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
        delivered: row.deliveredAt?.toISOString() ?? null,
        lastStatus: row.lastStatus,
        lastError: row.lastError,
      }));
    },
  );
}
