import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from './application-routes';
import { clientRoutes } from './client-routes';
import { fieldRoutes } from './field-routes';
import { templateRoutes } from './template-routes';
import { adminRouteKit, type AdminRoutesOptions } from './route-kit';

/**
 * The admin catalogue of spec admin-and-board §7 under /api/v1: applications, clients, client applications, fields
 * and templates. Who may call what is the table in docs/api.md "Admin catalogue".
 */
export function adminRoutes(parent: FastifyInstance, options: AdminRoutesOptions): void {
  const kit = adminRouteKit(parent, options);
  applicationRoutes(kit);
  clientRoutes(kit);
  fieldRoutes(kit);
  templateRoutes(kit);
}
