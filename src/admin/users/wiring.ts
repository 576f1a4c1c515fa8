import { fromPromise } from 'xstate';
import type { GridQuery } from '@machines/admin-grid/grid.types';
import { userSortOf, usersGridMachine } from '@machines/admin-grid/users-grid';
import { closeAccountMachine } from '@machines/user-dialog/close-account.machine';
import { signInResetsMachine } from '@machines/user-dialog/sign-in-resets.machine';
import {
  createUserDialogMachine,
  type ClientChoice,
  type UserDialogSettings,
} from '@machines/user-dialog/user-dialog.machine';
import type { UserGridQuery, UserSearchType } from '@contracts/users';
import * as usersApi from '../../api/admin/users';
import { closeAccountOf } from '../../api/my-account';
import { getPublicConfig } from '../../api/identity';
import * as instanceApi from '../../api/instance';
import { getAggregatedByPage } from '../../api/resources';
import { identified, signalOf } from '@src/app/identified-call';
import { serverExport } from '../shared/grid-csv';
import { wireProfileForm, type ProfileFormApi } from '../../profile/wiring';

export type UsersApi = Pick<
  typeof usersApi,
  'listUsers' | 'exportUsers' | 'getUserDetails' | 'deleteUser' | 'resetSignInOf'
>;

const profileApi: ProfileFormApi = { ...instanceApi, getPublicConfig, getAggregatedByPage };

/**
 * The grid's query as the server's: the filter last searched (only a complete one), the client filter, the page (and
 * for Next and Previous the row on screen it follows or precedes), and the header sorted by (none: the server's
 * order, by last name).
 */
export function userQueryOf(query: GridQuery): UserGridQuery {
  const search = query.filter.text.trim();
  const sort = query.sort === undefined ? undefined : userSortOf[query.sort.column as keyof typeof userSortOf];
  return {
    page: query.pageIndex,
    size: query.pageSize,
    ...query.from,
    ...(query.sort === undefined || sort === undefined ? {} : { sort, direction: query.sort.direction }),
    ...(query.scope === undefined ? {} : { clientId: query.scope }),
    ...(query.filter.column === undefined || search === ''
      ? {}
      : { searchBy: query.filter.column as UserSearchType, search }),
  };
}

/**
 * Manage user profiles joined to the API: the grid's pages and delete, the dialog's profile form and its resets of a
 * person's sign-in, and the clients the
 * provider administrator's Add offers (GET Client, the page's own read).
 */
export function wireUsers(
  settings: UserDialogSettings,
  loadClients: () => Promise<readonly ClientChoice[]>,
  api: UsersApi = usersApi,
  profile: ProfileFormApi = profileApi,
  closeAccount: typeof closeAccountOf = closeAccountOf,
) {
  const profileForm = wireProfileForm(profile);
  const editor = createUserDialogMachine(settings).provide({
    actors: {
      profileForm,
      loadClients: fromPromise(() => identified(loadClients)),
      closeAccount: closeAccountMachine.provide({
        actors: {
          closeAccount: fromPromise(({ input, signal }) =>
            identified(async () => {
              await closeAccount(input.id, signalOf(signal));
              return undefined;
            }),
          ),
        },
      }),
      signInResets: signInResetsMachine.provide({
        actors: {
          resetSignIn: fromPromise(({ input, signal }) =>
            identified(async () => {
              await api.resetSignInOf(input.id, input.reset, signalOf(signal));
              return undefined;
            }),
          ),
        },
      }),
    },
  });
  return usersGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ input, signal }) =>
        identified(() => api.listUsers(userQueryOf(input), signalOf(signal))),
      ),
      loadDetails: fromPromise(({ input, signal }) =>
        identified(() => api.getUserDetails(input.row.id, signalOf(signal))),
      ),
      // Every person the query keeps: no page, so no row to read from.
      exportRows: serverExport('users.csv', (input, options) =>
        api.exportUsers(userQueryOf({ ...input, from: undefined }), options),
      ),
      deleteRow: fromPromise(({ input, signal }) => identified(() => api.deleteUser(input.row.id, signalOf(signal)))),
      editor,
    },
  });
}
