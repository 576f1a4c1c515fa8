import type { FastifyInstance } from 'fastify';
import { oktaErrors } from '../authn/errors';
import {
  addMember,
  createGroup,
  deleteGroup,
  findGroup,
  GroupNameTakenError,
  listGroups,
  membersOf,
  removeMember,
  replaceGroupProfile,
  type GroupCondition,
} from '../groups/directory';
import { recordAdminEvent } from '../events/admin-events';
import { groupTarget, userTarget } from '../events/catalogue';
import { bodyField, textField } from '../request-fields';
import type { ManagementContext } from './context';
import { linkHeader, pageLimit, parseExpression } from './query';
import { groupBody, userBody } from './shapes';
import { userFromPath } from './users-routes';

const GROUPS = '/api/v1/groups';

/** Okta's group attribute paths in `filter` and `search`. */
const groupFields: Record<string, GroupCondition['field']> = {
  id: 'id',
  type: 'type',
  'profile.name': 'name',
  'profile.description': 'description',
};

const nameTaken = () =>
  oktaErrors.validation(['name: An object with this field already exists in the current organization']);

/** The profile of a create or a replace: a name is required (the `groups` claim carries it), a description optional. */
function readGroupProfile(body: unknown): { name: string; description: string } {
  const profile = bodyField(body, 'profile');
  const name = textField(profile, 'name')?.trim();
  if (!name) throw oktaErrors.validation(['name: The field cannot be left blank']);
  return { name, description: textField(profile, 'description') ?? '' };
}

interface ListQuery {
  Querystring: { q?: string; filter?: string; search?: string; after?: string; limit?: string };
}

/** Groups and membership (okta-compat §6). Group names are what the `groups` claim carries. */
export function groupsRoutes(scope: FastifyInstance, ctx: ManagementContext): void {
  const show = (group: Parameters<typeof groupBody>[1]) => groupBody(ctx.origin, group);
  const groupFromPath = async (id: string) => {
    const group = await findGroup(ctx.db, id);
    if (!group) throw oktaErrors.notFound(`${id} (UserGroup)`);
    return group;
  };

  scope.post(GROUPS, async (request) => {
    try {
      const group = await createGroup(ctx.db, readGroupProfile(request.body));
      recordAdminEvent(ctx.events, request, 'group.lifecycle.create', [groupTarget(group)]);
      return show(group);
    } catch (error) {
      if (error instanceof GroupNameTakenError) throw nameTaken();
      throw error;
    }
  });

  /** `q` (name prefix), `filter` (`eq`), `search` (`eq`, `sw`) on id, type and profile, paged by id with `Link`. */
  scope.get<ListQuery>(GROUPS, async (request, reply) => {
    const { q, filter, search, after } = request.query;
    const limit = pageLimit(request.query.limit);
    const conditions = [
      ...(filter ? parseExpression(filter, groupFields, ['eq']) : []),
      ...(search ? parseExpression(search, groupFields, ['eq', 'sw']) : []),
    ];
    const groups = await listGroups(ctx.db, { q, conditions, after, limit });
    linkHeader(reply, `${ctx.origin}${GROUPS}`, { q, filter, search }, groups, limit);
    return groups.map(show);
  });

  scope.get<{ Params: { group: string } }>(`${GROUPS}/:group`, async (request) =>
    show(await groupFromPath(request.params.group)),
  );

  /** Okta's replace: the whole profile (name required; an absent description becomes empty). */
  scope.put<{ Params: { group: string } }>(`${GROUPS}/:group`, async (request) => {
    const profile = readGroupProfile(request.body);
    const { group: id } = request.params;
    try {
      const group = await replaceGroupProfile(ctx.db, id, profile);
      if (!group) throw oktaErrors.notFound(`${id} (UserGroup)`);
      recordAdminEvent(ctx.events, request, 'group.profile.update', [groupTarget(group)]);
      return show(group);
    } catch (error) {
      if (error instanceof GroupNameTakenError) throw nameTaken();
      throw error;
    }
  });

  /** 204; the memberships go with the group, so its name leaves its members' `groups` claim at once. */
  scope.delete<{ Params: { group: string } }>(`${GROUPS}/:group`, async (request, reply) => {
    const group = await groupFromPath(request.params.group);
    if (!(await deleteGroup(ctx.db, group.id))) throw oktaErrors.notFound(`${group.id} (UserGroup)`);
    recordAdminEvent(ctx.events, request, 'group.lifecycle.delete', [groupTarget(group)]);
    return reply.status(204).send();
  });

  scope.get<{ Params: { group: string }; Querystring: { after?: string; limit?: string } }>(
    `${GROUPS}/:group/users`,
    async (request, reply) => {
      const group = await groupFromPath(request.params.group);
      const { after } = request.query;
      const limit = pageLimit(request.query.limit);
      const members = await membersOf(ctx.db, group.id, { after, limit });
      linkHeader(reply, `${ctx.origin}${GROUPS}/${group.id}/users`, {}, members, limit);
      return members.map((user) => userBody(ctx.origin, user));
    },
  );

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
