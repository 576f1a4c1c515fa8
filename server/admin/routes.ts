import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from './application-routes';
import { clientRoutes } from './client-routes';
import { fieldRoutes } from './field-routes';
import { createListCache } from './list-cache';
import { templateRoutes } from './template-routes';
import { adminRouteKit, type AdminRoutesOptions } from './route-kit';

/**
 * The admin catalogue of spec admin-and-board §7 under /api/v1: applications, clients, client applications, fields
 * and templates. Who may call what is the table in docs/api.md "Admin catalogue".
 */
export function adminRoutes(parent: FastifyInstance, options: AdminRoutesOptions): void {
  const lists = createListCache(options.databaseKind);
  // Every write of this group (its transaction committed or rolled back by now) may change a list; before the answer
  // leaves, so the caller's next read already misses the old one.
  parent.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') lists.invalidate();
    done(null, payload);
  });
  const kit = adminRouteKit(parent, options, lists);
  applicationRoutes(kit);
  clientRoutes(kit);
  fieldRoutes(kit);
  templateRoutes(kit);
}
