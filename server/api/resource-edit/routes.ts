import type { FastifyRequest } from 'fastify';
import {
  EditScopeQuerySchema,
  InputForEditSchema,
  LabelForEditSchema,
  SavedInputSchema,
  SavedLabelSchema,
} from '@contracts/resource-edit';
import { PatchInputSchema, PatchLabelSchema, ResourceVersionSchema } from '@contracts/resources';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/problem';
import { defineArea } from '../area';
import { clientIdOrNotFound } from '../resources/scope';
import { bumpVersion } from '../resources/version';
import { actorOf, reachOfCaller } from '../support/caller';
import { assertEditable, editScopeChoices } from './edit-reach';
import { patchInput } from './patch-input';
import { patchLabel } from './patch-label';
import { readInputForEdit, readLabelForEdit } from './read-for-edit';

async function clientIdOf(db: Db, ref: string | null): Promise<string | null> {
  if (ref === null) return null;
  return clientIdOrNotFound(db, ref);
}

/**
 * Resource writes under /api/v1/resource (dashboard Edit Mode and the clear-cache action, spec admin-and-board §2
 * "Edit Mode toggle and clear cache for administrators", §6 "The dashboard clear-cache action is for administrators").
 * Both are for administrators within their reach (issue 29 §4, issue 30 §3, `edit-reach.ts`): the provider
 * administrator any scope, a client administrator their own client only (403 otherwise). Clearing the cache bumps the
 * version of the caller's reach: the global one for the provider administrator (every page reloads its texts), the
 * client's for a client administrator (that client's pages do). The reads every page makes are the resources area.
 */
export const resourceEditArea = defineArea({
  name: 'resource-edit',
  prefix: '/api/v1/resource',
  guard: 'admin',
  routes: (app, deps) => {
    const { db, scopes } = deps;
    /** The scope's client id, once the caller may edit it (403) and it exists (404), with the caller's choices. */
    const editable = async (request: FastifyRequest, ref: string | null) => {
      const reach = await reachOfCaller(deps, request);
      const choices = await editScopeChoices(db, reach);
      const clientId = await clientIdOf(db, ref);
      assertEditable(reach, clientId);
      return { clientId, choices };
    };
    /**
     * Every SPA of the scope reloads its resources on the next version check; nothing is cached anywhere under the old
     * version. A GET writes here (the spec's call), so it drops the remembered scopes itself; write requests do so by
     * themselves.
     */
    const clearCache = async (request: FastifyRequest) => {
      const reach = await reachOfCaller(deps, request);
      if (reach.kind === 'client' && reach.clientId === null) throw forbidden();
      const version = await bumpVersion(db, reach.kind === 'all' ? null : reach.clientId);
      scopes.invalidate();
      return { version };
    };
    const cleared = { schema: { response: { 200: ResourceVersionSchema } } };
    app.get('/ClearResourceCache', cleared, clearCache);
    app.post('/ClearResourceCache', cleared, clearCache);

    // What an Edit Mode dialog starts from, with the row version its PATCH sends back (never cached: it must be current).
    app.get(
      '/label',
      { schema: { querystring: EditScopeQuerySchema, response: { 200: LabelForEditSchema } } },
      async (request, reply) => {
        const { clientId, ...scope } = request.query;
        reply.header('cache-control', 'no-store');
        const { clientId: resolved, choices } = await editable(request, clientId ?? null);
        return { ...(await readLabelForEdit(db, { ...scope, clientId: resolved })), choices };
      },
    );

    app.get(
      '/input',
      { schema: { querystring: EditScopeQuerySchema, response: { 200: InputForEditSchema } } },
      async (request, reply) => {
        const { clientId, ...scope } = request.query;
        reply.header('cache-control', 'no-store');
        const { clientId: resolved, choices } = await editable(request, clientId ?? null);
        return { ...(await readInputForEdit(db, { ...scope, clientId: resolved })), choices };
      },
    );

    app.patch(
      '/label',
      { schema: { body: PatchLabelSchema, response: { 200: SavedLabelSchema } } },
      async (request) => {
        const { clientId, ...edit } = request.body;
        const { clientId: resolved } = await editable(request, clientId);
        return patchLabel(db, { ...edit, clientId: resolved }, actorOf(request));
      },
    );

    app.patch(
      '/input',
      { schema: { body: PatchInputSchema, response: { 200: SavedInputSchema } } },
      async (request) => {
        const { clientId, ...edit } = request.body;
        const { clientId: resolved } = await editable(request, clientId);
        return patchInput(db, { ...edit, clientId: resolved }, actorOf(request));
      },
    );
  },
});
