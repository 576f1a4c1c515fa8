import { fromPromise } from 'xstate';
import { accessRequestsMachine, type AccessDecision } from '@machines/access-requests/access-requests.machine';
import { fallbackRoles, offeredRoles, parseRoleList, roleListUrl } from '@machines/profile-form/role-list';
import type { AccessRequest } from '@contracts/access-requests';
import type { RoleOption } from '@contracts/profile-form';
import * as accessApi from '@src/api/admin/access-requests';
import { getRoleList } from '@src/api/instance';
import { identified, signalOf } from '@src/app/identified-call';

export type AccessRequestsApi = typeof accessApi & { getRoleList: typeof getRoleList };

/**
 * The application's roles for the person asking, as the user dialog's role lists read them: its role URL with the
 * placeholders filled, else (or on failure) its default role, without the roles the client's site rules exclude.
 */
export async function rolesOfRequest(
  api: Pick<AccessRequestsApi, 'getRoleList'>,
  request: AccessRequest,
  signal: AbortSignal,
): Promise<RoleOption[]> {
  const application = {
    roleValue: null,
    defaultRoleValue: request.defaultRoleValue,
    excludedRoles: request.excludedRoles,
  };
  let options = fallbackRoles(application);
  if (request.rolesApiUrl !== null) {
    const url = roleListUrl(request.rolesApiUrl, {
      userName: request.email,
      clientId: request.clientId,
      appRole: request.defaultRoleValue,
    });
    const answer = await api.getRoleList(url, signalOf(signal)).catch(() => undefined);
    options = parseRoleList(answer) ?? options;
  }
  return offeredRoles(options, application, { ownProfile: false });
}

/** The access requests panel joined to the API (tests give controlled calls). */
export function wireAccessRequests(api: AccessRequestsApi = { ...accessApi, getRoleList }) {
  return accessRequestsMachine.provide({
    actors: {
      loadRequests: fromPromise(({ signal }) => identified(() => api.listAccessRequests(signalOf(signal)))),
      loadRoles: fromPromise(({ input, signal }: { input: { request: AccessRequest }; signal: AbortSignal }) =>
        rolesOfRequest(api, input.request, signal),
      ),
      decide: fromPromise(({ input, signal }: { input: AccessDecision; signal: AbortSignal }) =>
        identified(async () => {
          await (input.kind === 'approve'
            ? api.approveAccessRequest(
                input.id,
                { version: input.version, roleValue: input.roleValue },
                signalOf(signal),
              )
            : api.declineAccessRequest(input.id, { version: input.version, reason: input.reason }, signalOf(signal)));
          return undefined;
        }),
      ),
    },
  });
}
