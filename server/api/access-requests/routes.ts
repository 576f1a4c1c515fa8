import { eq } from 'drizzle-orm';
import {
  AccessRequestApproveSchema,
  AccessRequestCountSchema,
  AccessRequestCreateSchema,
  AccessRequestCreatedSchema,
  AccessRequestDeclineSchema,
  AccessRequestListQuerySchema,
  AccessRequestListSchema,
  MyAccessRequestsSchema,
} from '@contracts/access-requests';
import { IdParamsSchema } from '@contracts/admin/common';
import type { Db } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { instances } from '../../db/schema';
import { unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { reachOfCaller } from '../support/caller';
import {
  approveRequest,
  countOpenRequests,
  createAccessRequest,
  declineRequest,
  listOpenRequests,
  myAccessRequests,
} from './service';

/** The caller's own profile: the token names it, nothing in the request can name another. */
async function ownProfile(db: Db, userId: string | undefined): Promise<InstanceRow> {
  if (userId === undefined) throw unauthorized();
  const [person] = await db.select().from(instances).where(eq(instances.id, userId));
  if (person === undefined) throw unauthorized();
  return person;
}

/**
 * Access requests (issue 34 item 4, docs/api.md "Access requests"): a signed-in person asks for one of their client's
 * applications from the board (`MyAccessRequests`); administrators list, count, approve and decline the requests of
 * the clients they reach (`AccessRequest…`, narrowed to `admin`).
 */
export const accessRequestsArea = defineArea({
  name: 'access-requests',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, deps) => {
    const { db } = deps;
    const decideDeps = (log: { warn(fields: Record<string, unknown>, message: string): void }) => ({
      db,
      mailer: deps.mailer,
      log,
    });

    app.get('/MyAccessRequests', { schema: { response: { 200: MyAccessRequestsSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return myAccessRequests(db, await ownProfile(db, request.principal?.userId));
    });

    app.post(
      '/MyAccessRequests',
      { schema: { body: AccessRequestCreateSchema, response: { 201: AccessRequestCreatedSchema } } },
      async (request, reply) => {
        const person = await ownProfile(db, request.principal?.userId);
        return reply.status(201).send({ id: await createAccessRequest(db, person, request.body) });
      },
    );

    app.get(
      '/AccessRequest',
      {
        schema: { querystring: AccessRequestListQuerySchema, response: { 200: AccessRequestListSchema } },
        config: { guard: 'admin' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listOpenRequests(db, await reachOfCaller(deps, request), request.query.clientId);
      },
    );

    app.get(
      '/AccessRequest/Count',
      { schema: { response: { 200: AccessRequestCountSchema } }, config: { guard: 'admin' } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { open: await countOpenRequests(db, await reachOfCaller(deps, request)) };
      },
    );

    app.post(
      '/AccessRequest/:id/Approve',
      {
        schema: { params: IdParamsSchema, body: AccessRequestApproveSchema },
        config: { guard: 'admin', answer: 'empty' },
      },
      async (request, reply) => {
        if (request.principal === null) throw unauthorized();
        const reach = await reachOfCaller(deps, request);
        await approveRequest(decideDeps(request.log), request.principal, reach, request.params.id, request.body);
        return reply.code(204).send();
      },
    );

    app.post(
      '/AccessRequest/:id/Decline',
      {
        schema: { params: IdParamsSchema, body: AccessRequestDeclineSchema },
        config: { guard: 'admin', answer: 'empty' },
      },
      async (request, reply) => {
        if (request.principal === null) throw unauthorized();
        const reach = await reachOfCaller(deps, request);
        await declineRequest(decideDeps(request.log), request.principal, reach, request.params.id, request.body);
        return reply.code(204).send();
      },
    );
  },
});
