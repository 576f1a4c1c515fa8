import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { EventHook, EventHookCreateSchema, EventHookCreated } from '@contracts/admin/event-hooks';
import { DirectoryRefusal } from '../../directory/errors';
import type { ApiDeps } from '../area';
import { auditTrail } from '../support/audit';
import { actorOf, directoryOfCaller } from '../support/caller';
import { duplicate } from '../support/problems';

type EventHookInput = v.InferOutput<typeof EventHookCreateSchema>;

/**
 * The event hooks page's changes (docs/api.md "Event hooks"). Each is made in the identity provider first, through
 * the directory port (its management API, which checks the endpoint, seals the header and the secret, and logs the
 * change in the System Log, the administrator as its actor); then the portal's audit row records who asked. A hook
 * hears every client's events: the rows are provider-wide (no client).
 */

async function audit(deps: ApiDeps, request: FastifyRequest, action: string, before: unknown, after: EventHook | null) {
  const id = after?.id ?? (before as EventHook).id;
  await deps.db.transaction((tx) =>
    auditTrail.record(tx, {
      actor: actorOf(request),
      action,
      entity: 'event_hook',
      entityId: id,
      clientId: null,
      before,
      after,
    }),
  );
}

/** POST EventHook: registered ACTIVE and UNVERIFIED (Okta's); the signing secret is answered once, never audited. */
export async function createEventHook(
  deps: ApiDeps,
  request: FastifyRequest,
  input: EventHookInput,
): Promise<EventHookCreated> {
  let created: EventHookCreated;
  try {
    created = await directoryOfCaller(deps, request).createEventHook({
      name: input.name,
      uri: input.uri,
      eventTypes: input.eventTypes,
      auth: input.authHeader === '' ? null : { header: input.authHeader, value: input.authValue },
    });
  } catch (error) {
    // Okta's "already exists" is the hook's name (the directory maps it as a taken login).
    if (error instanceof DirectoryRefusal && error.statusCode === 409) throw duplicate('name', 'name');
    throw error;
  }
  await audit(deps, request, 'create', null, created.hook);
  return created;
}

/** The hooks as they are now: a change answers the hook read back, so what the page shows is what the IdP holds. */
const hookNamed = async (deps: ApiDeps, id: string) =>
  (await deps.identity.directory.listEventHooks()).find((hook) => hook.id === id) ?? null;

/** POST EventHook/{id}/verify: Okta's one-time challenge to the endpoint; a wrong answer is a 400 that says why. */
export async function verifyEventHook(deps: ApiDeps, request: FastifyRequest, id: string): Promise<EventHook> {
  const before = await hookNamed(deps, id);
  const after = await directoryOfCaller(deps, request).verifyEventHook(id);
  await audit(deps, request, 'verify', before, after);
  return after;
}

/** POST EventHook/{id}/activate and …/deactivate; setting the status a hook has changes nothing and is not audited. */
export async function setEventHookActive(
  deps: ApiDeps,
  request: FastifyRequest,
  id: string,
  active: boolean,
): Promise<EventHook> {
  const before = await hookNamed(deps, id);
  const after = await directoryOfCaller(deps, request).setEventHookActive(id, active);
  if (before?.status !== after.status) await audit(deps, request, active ? 'activate' : 'deactivate', before, after);
  return after;
}

/** DELETE EventHook/{id}: an active hook is refused (deactivate it first); its pending deliveries go with it. */
export async function deleteEventHook(deps: ApiDeps, request: FastifyRequest, id: string): Promise<void> {
  const before = await hookNamed(deps, id);
  await directoryOfCaller(deps, request).deleteEventHook(id);
  if (before !== null) await audit(deps, request, 'delete', before, null);
}
