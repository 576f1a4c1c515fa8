import type * as v from 'valibot';
import type { UserGridQuerySchema, UserPage } from '@contracts/users';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/problem';
import { readUserPage } from '../users/queries';
import { usersRequestOf } from '../users/service';

type GridQuery = v.InferOutput<typeof UserGridQuerySchema>;

/**
 * GET Agent/People (docs/api.md "Find a person"): the people an agent may open in Agent mode — those `accessTo` gives
 * an agent (server/api/instance/service.ts): their own client's, never an administrator's, and not themselves. Only an
 * agent: any other role is refused (403), whatever it is (administrators have Manage users). A query naming another
 * client answers as a missing one (404), so an agent learns nothing about it.
 */
export async function listAgentPeople(db: Db, caller: Principal, query: GridQuery): Promise<UserPage> {
  if (caller.role !== 'agent') throw forbidden();
  if (query.clientId !== undefined && query.clientId !== caller.clientId) throw notFound('No client has this id.');
  const { after, before, skip } = query;
  const request = usersRequestOf({ kind: 'client', clientId: caller.clientId }, query);
  const { rows, total } = await readUserPage(db, {
    ...request,
    scope: { ...request.scope, agent: caller.userId },
    page: query.page,
    size: query.size,
    ...(after !== undefined ? { from: { after, skip } } : before !== undefined ? { from: { before, skip } } : {}),
  });
  return { rows, total, page: query.page, size: query.size };
}
