import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Db } from '../db/client';
import type { ValibotTypeProvider } from '../http/validation';
import type { ScopeReader } from '../resources/scope';
import type { ListCache } from './list-cache';
import { reachOf, type AdminReach } from './reach';

export interface AdminRoutesOptions {
  db: Db;
  scopes: ScopeReader;
  /** The provider administrator's catalogue lists, remembered until the next write request (see ListCache). */
  lists: ListCache;
  providerPrefix: string;
}

/** What each group of admin routes is given: the typed app, and how to learn who is calling and what they reach. */
export interface AdminRouteKit extends AdminRoutesOptions {
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ValibotTypeProvider
  >;
  reach: (request: FastifyRequest) => Promise<AdminReach>;
}

/**
 * The auth preHandler ran in preValidation (so anonymous callers get 401 before any 400), so a principal is there;
 * the fallback only keeps the audit column honest if it is not.
 */
export const actorOf = (request: FastifyRequest) => request.principal?.login ?? 'unknown';

export function adminRouteKit(parent: FastifyInstance, options: AdminRoutesOptions): AdminRouteKit {
  return {
    ...options,
    app: parent.withTypeProvider<ValibotTypeProvider>(),
    reach: (request) => reachOf(options.db, request.principal, options.providerPrefix),
  };
}

/** Sends an answer already serialised (a remembered list). */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
