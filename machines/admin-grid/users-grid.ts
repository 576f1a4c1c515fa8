import type { UserRow, UserSortColumn } from '@contracts/users';
import { createGridMachine } from './grid.machine';

/**
 * The manage-users page's filter types (the spec's filter control over the server's search): name, e-mail, login.
 * The readers say what each type searches; the server runs the search (contracts/users.ts).
 */
export const userSearchColumns = {
  name: (row: UserRow) => `${row.firstName} ${row.lastName}`,
  email: (row: UserRow) => row.email,
  login: (row: UserRow) => row.login,
};

/**
 * The columns a header click sorts by (the grid's column keys); the server orders (`userSortOf` names its column),
 * the readers say what each orders by.
 */
export const userSortColumns = {
  name: (row: UserRow) => `${row.lastName} ${row.firstName}`,
  email: (row: UserRow) => row.email,
  login: (row: UserRow) => row.login,
  client: (row: UserRow) => row.clientName,
};

/** The server's sort column of a grid column (contracts/users.ts `USER_SORT_COLUMNS`): a name sorts by the last name. */
export const userSortOf: Record<keyof typeof userSortColumns, UserSortColumn> = {
  name: 'lastName',
  email: 'email',
  login: 'login',
  client: 'client',
};

/**
 * The grid of Manage user profiles: paged, sorted and filtered by the server (100,000 people); a row expands to show
 * the person's applications and roles; one's own login is never deleted (public-and-profile §8: Instance_Text_DeleteFailCurrentLogin under Instance_Text_DeleteFailTitle).
 */
export const usersGridMachine = createGridMachine<UserRow>({
  id: 'usersGrid',
  searchColumns: userSearchColumns,
  sortColumns: userSortColumns,
  rowId: (row) => row.id,
  rowName: (row) => `${row.firstName} ${row.lastName}`.trim() || row.email,
  deleteFailTitle: 'Instance_Text_DeleteFailTitle',
  paging: 'server',
  undeletableLabel: 'Instance_Text_DeleteFailCurrentLogin',
  rowDetails: true,
});
