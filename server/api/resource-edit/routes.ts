import type { FastifyInstance } from 'fastify';
import { EditScopeQuerySchema } from '@contracts/resource-edit';
import { PatchInputSchema, PatchLabelSchema } from '@contracts/resources';
import type { Db } from '../../db/client';
import { notFound } from '../../http/problem';
import type { ValibotTypeProvider } from '../../http/validation';
import { patchInput } from './patch-input';
import { patchLabel } from './patch-label';
import { readInputForEdit, readLabelForEdit } from './read-for-edit';
import { findClientId, type ScopeReader } from '../resources/scope';
import { bumpVersion } from '../resources/version';

/** Resource writes: administrators only (dashboard Edit Mode and the clear-cache action, spec admin-and-board). */
export function resourceAdminRoutes(parent: FastifyInstance, { db, scopes }: { db: Db; scopes: ScopeReader }): void {
  const app = parent.withTypeProvider<ValibotTypeProvider>();

  async function clientIdOf(ref: string | null): Promise<string | null> {
    if (ref === null) return null;
    const clientId = await findClientId(db, ref);
    if (clientId === null) throw notFound(`No client has the id or alias ${ref}.`);
    return clientId;
  }

  /**
   * Every SPA reloads its resources on the next version check; nothing is cached anywhere under the old version. A GET
   * writes here (the spec's call), so it drops the remembered scopes itself; write requests do so by themselves.
   */
  const clearCache = async () => {
    const version = await bumpVersion(db, null);
    scopes.invalidate();
    return { version };
  };
  app.get('/ClearResourceCache', { preValidation: app.requireAdmin }, clearCache);
  app.post('/ClearResourceCache', { preValidation: app.requireAdmin }, clearCache);

  // What an Edit Mode dialog starts from, with the row version its PATCH sends back (never cached: it must be current).
  app.get(
    '/label',
    { preValidation: app.requireAdmin, schema: { querystring: EditScopeQuerySchema } },
    async (request, reply) => {
      const { clientId, ...scope } = request.query;
      reply.header('cache-control', 'no-store');
      return readLabelForEdit(db, { ...scope, clientId: await clientIdOf(clientId ?? null) });
    },
  );

  app.get(
    '/input',
    { preValidation: app.requireAdmin, schema: { querystring: EditScopeQuerySchema } },
    async (request, reply) => {
      const { clientId, ...scope } = request.query;
      reply.header('cache-control', 'no-store');
      return readInputForEdit(db, { ...scope, clientId: await clientIdOf(clientId ?? null) });
    },
  );

  app.patch('/label', { preValidation: app.requireAdmin, schema: { body: PatchLabelSchema } }, async (request) => {
    const { clientId, ...edit } = request.body;
    return patchLabel(db, { ...edit, clientId: await clientIdOf(clientId) }, actorOf(request.principal?.login));
  });

  app.patch('/input', { preValidation: app.requireAdmin, schema: { body: PatchInputSchema } }, async (request) => {
    const { clientId, ...edit } = request.body;
    return patchInput(db, { ...edit, clientId: await clientIdOf(clientId) }, actorOf(request.principal?.login));
  });
}

/** requireAdmin ran first (before validation, so anonymous callers learn nothing about the body rules), so a principal is there; the fallback only keeps the audit column honest if it is not. */
const actorOf = (login: string | undefined) => login ?? 'unknown';
