import {
  InvitationCreateSchema,
  InvitationIdParamsSchema,
  InvitationListQuerySchema,
  InvitationListSchema,
  InvitationSchema,
  InviteClientListSchema,
} from '@contracts/invitations';
import { defineArea } from '../area';
import { actorOf, reachOfCaller } from '../support/caller';
import type { FastifyRequest } from 'fastify';
import { createInvitation, inviteClients, listInvitations, resendInvitation, revokeInvitation } from './service';
import { invitationDepsOf } from './deps';

/**
 * Invitations to sign up (docs/api.md "Invitations"), for administrators, each within their reach (a client
 * administrator their own client; another client's answers as a missing one). Every change is audited.
 */
export const invitationsArea = defineArea({
  name: 'invitations',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    const inviter = async (request: FastifyRequest) => ({
      login: actorOf(request),
      reach: await reachOfCaller(deps, request),
    });

    app.get(
      '/Invitation/clients',
      { schema: { response: { 200: InviteClientListSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return inviteClients(deps.db, await reachOfCaller(deps, request));
      },
    );

    app.get(
      '/Invitation',
      { schema: { querystring: InvitationListQuerySchema, response: { 200: InvitationListSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listInvitations(deps.db, await reachOfCaller(deps, request), request.query.clientId);
      },
    );

    app.post(
      '/Invitation',
      { schema: { body: InvitationCreateSchema, response: { 201: InvitationSchema } } },
      async (request, reply) => {
        const created = await createInvitation(invitationDepsOf(deps), await inviter(request), request.body);
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/Invitation/:id/resend',
      { schema: { params: InvitationIdParamsSchema, response: { 200: InvitationSchema } } },
      async (request) => resendInvitation(invitationDepsOf(deps), await inviter(request), request.params.id),
    );

    app.post(
      '/Invitation/:id/revoke',
      { schema: { params: InvitationIdParamsSchema, response: { 200: InvitationSchema } } },
      async (request) => revokeInvitation(deps.db, await inviter(request), request.params.id),
    );
  },
});
