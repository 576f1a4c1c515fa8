import type { FastifyInstance } from 'fastify';
import { oktaErrors } from '../authn/errors';
import {
  addMember,
  createGroup,
  findGroup,
  GroupNameTakenError,
  listGroups,
  membersOf,
  removeMember,
} from '../groups/directory';
import { recordAdminEvent } from '../events/admin-events';
import { groupTarget, userTarget } from '../events/catalogue';
import { bodyField, textField } from '../request-fields';
import type { ManagementContext } from './context';
import { linkHeader, pageLimit } from './query';
import { groupBody, userBody } from './shapes';
import { userFromPath } from './users-routes';

const GROUPS = '/api/v1/groups';

/** Groups and membership (okta-compat §6). Group names are what the `groups` claim carries. */
export function groupsRoutes(scope: FastifyInstance, ctx: ManagementContext): void {
  const show = (group: Parameters<typeof groupBody>[1]) => groupBody(ctx.origin, group);
  const groupFromPath = async (id: string) => {
    const group = await findGroup(ctx.db, id);
    if (!group) throw oktaErrors.notFound(`${id} (UserGroup)`);
    return group;
  };

  scope.post(GROUPS, async (request) => {
    const profile = bodyField(request.body, 'profile');
    const name = textField(profile, 'name')?.trim();
    if (!name) throw oktaErrors.validation(['name: The field cannot be left blank']);
    try {
      return show(await createGroup(ctx.db, { name, description: textField(profile, 'description') ?? '' }));
    } catch (error) {
      if (error instanceof GroupNameTakenError) {
        throw oktaErrors.validation(['name: An object with this field already exists in the current organization']);
      }
      throw error;
    }
  });

  scope.get<{ Querystring: { q?: string; after?: string; limit?: string } }>(GROUPS, async (request, reply) => {
    const { q, after } = request.query;
    const limit = pageLimit(request.query.limit);
    const groups = await listGroups(ctx.db, { q, after, limit });
    linkHeader(reply, `${ctx.origin}${GROUPS}`, { q }, groups, limit);
    return groups.map(show);
  });

  scope.get<{ Params: { group: string } }>(`${GROUPS}/:group`, async (request) =>
    show(await groupFromPath(request.params.group)),
  );

  scope.get<{ Params: { group: string } }>(`${GROUPS}/:group/users`, async (request) => {
    const group = await groupFromPath(request.params.group);
    return (await membersOf(ctx.db, group.id)).map((user) => userBody(ctx.origin, user));
  });

  scope.put<{ Params: { group: string; user: string } }>(`${GROUPS}/:group/users/:user`, async (request, reply) => {
    const group = await groupFromPath(request.params.group);
    const user = await userFromPath(ctx, request.params.user);
    await addMember(ctx.db, group.id, user.id);
    recordAdminEvent(ctx.events, request, 'group.user_membership.add', [userTarget(user), groupTarget(group)]);
    return reply.status(204).send();
  });

  scope.delete<{ Params: { group: string; user: string } }>(`${GROUPS}/:group/users/:user`, async (request, reply) => {
    const group = await groupFromPath(request.params.group);
    const user = await userFromPath(ctx, request.params.user);
    await removeMember(ctx.db, group.id, user.id);
    recordAdminEvent(ctx.events, request, 'group.user_membership.remove', [userTarget(user), groupTarget(group)]);
    return reply.status(204).send();
  });
}
