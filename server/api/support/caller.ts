import type { FastifyRequest } from 'fastify';
import type { ApiDeps } from '../area';
import { clientIdOrNotFound } from '../resources/scope';
import { assertReaches, reachOf, type AdminReach } from './reach';

/**
 * The audit column's actor. The area's guard ran before the handler (an anonymous caller never gets this far), so a
 * principal is there; the fallback only keeps the column honest if it is not.
 */
export const actorOf = (request: FastifyRequest) => request.principal?.login ?? 'unknown';

/**
 * The identity provider's directory port acting for the calling person (their identity-provider login, which the
 * principal's `login` is): the System Log names them, not the portal's token, as the actor of what the call changes
 * (docs/identity.md "System Log"). For calls made on someone's behalf; the system's own calls use the port as it is.
 */
export const directoryOfCaller = ({ identity }: ApiDeps, request: FastifyRequest) =>
  identity.directory.actingFor(actorOf(request));

/** Whose records the calling administrator may read (see AdminReach). */
export const reachOfCaller = ({ db, config }: ApiDeps, request: FastifyRequest): Promise<AdminReach> =>
  reachOf(db, request.principal, config.providerPrefix);

/** The client behind a UUID or portal alias, once the calling administrator reaches it: 404 otherwise, as a missing one. */
export async function reachedClientId(deps: ApiDeps, request: FastifyRequest, clientRef: string): Promise<string> {
  const clientId = await clientIdOrNotFound(deps.db, clientRef);
  assertReaches(await reachOfCaller(deps, request), clientId);
  return clientId;
}
