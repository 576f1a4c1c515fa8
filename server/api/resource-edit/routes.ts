import {
  EditScopeQuerySchema,
  InputForEditSchema,
  LabelForEditSchema,
  SavedInputSchema,
  SavedLabelSchema,
} from '@contracts/resource-edit';
import { PatchInputSchema, PatchLabelSchema, ResourceVersionSchema } from '@contracts/resources';
import type { Db } from '../../db/client';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';
import { findClientId } from '../resources/scope';
import { bumpVersion } from '../resources/version';
import { actorOf } from '../support/caller';
import { patchInput } from './patch-input';
import { patchLabel } from './patch-label';
import { readInputForEdit, readLabelForEdit } from './read-for-edit';

async function clientIdOf(db: Db, ref: string | null): Promise<string | null> {
  if (ref === null) return null;
  const clientId = await findClientId(db, ref);
  if (clientId === null) throw notFound(`No client has the id or alias ${ref}.`);
  return clientId;
}

/**
 * Resource writes under /api/v1/resource: the provider administrator only (dashboard Edit Mode and the clear-cache
 * action, spec admin-and-board). The reads every page makes are the resources area.
 */
export const resourceEditArea = defineArea({
  name: 'resource-edit',
  prefix: '/api/v1/resource',
  guard: 'providerAdmin',
  routes: (app, { db, scopes }) => {
    /**
     * Every SPA reloads its resources on the next version check; nothing is cached anywhere under the old version. A
     * GET writes here (the spec's call), so it drops the remembered scopes itself; write requests do so by themselves.
     */
    const clearCache = async () => {
      const version = await bumpVersion(db, null);
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
        return readLabelForEdit(db, { ...scope, clientId: await clientIdOf(db, clientId ?? null) });
      },
    );

    app.get(
      '/input',
      { schema: { querystring: EditScopeQuerySchema, response: { 200: InputForEditSchema } } },
      async (request, reply) => {
        const { clientId, ...scope } = request.query;
        reply.header('cache-control', 'no-store');
        return readInputForEdit(db, { ...scope, clientId: await clientIdOf(db, clientId ?? null) });
      },
    );

    app.patch(
      '/label',
      { schema: { body: PatchLabelSchema, response: { 200: SavedLabelSchema } } },
      async (request) => {
        const { clientId, ...edit } = request.body;
        return patchLabel(db, { ...edit, clientId: await clientIdOf(db, clientId) }, actorOf(request));
      },
    );

    app.patch(
      '/input',
      { schema: { body: PatchInputSchema, response: { 200: SavedInputSchema } } },
      async (request) => {
        const { clientId, ...edit } = request.body;
        return patchInput(db, { ...edit, clientId: await clientIdOf(db, clientId) }, actorOf(request));
      },
    );
  },
});
