import type { FastifyRequest } from 'fastify';
import { oktaErrors } from '../authn/errors';
import { bodyField, textField } from '../request-fields';
import { findUserById, findUserByLogin } from '../users/directory';
import type { ManagementContext } from './context';
import { reachesLogin } from './guard';
import { isNotSupportedRoute } from './not-supported';

const USERS = '/api/v1/users';

/**
 * A client administrator's API token reaches the people of their client only (logins `{OktaPrefix}__…`): another
 * client's person answers 404, exactly as a missing one, so the token learns nothing about them; a person it would
 * create outside its client is refused (403). Groups and the System Log span every client, so such a token may not
 * use them at all (403). The list of users is narrowed by the users route itself. The server's own token and a
 * provider administrator's reach everything.
 */
export function enforceReach(ctx: ManagementContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const reach = request.apiToken?.reach;
    // An operation that is not built changes and reveals nothing: every token hears it is unsupported.
    if (reach === undefined || reach.kind === 'all' || isNotSupportedRoute(request)) return;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith(USERS)) throw oktaErrors.forbidden();
    // A new person, or a changed login, must stay inside the client.
    const login = textField(bodyField(request.body, 'profile'), 'login');
    if (login !== undefined && !reachesLogin(reach, login)) throw oktaErrors.forbidden();
    if (url === USERS) return;
    const named = (request.params as { user?: string }).user ?? '';
    const user = (await findUserById(ctx.db, named)) ?? (await findUserByLogin(ctx.db, named));
    if (user !== undefined && !reachesLogin(reach, user.login)) throw oktaErrors.notFound(`${named} (User)`);
  };
}
