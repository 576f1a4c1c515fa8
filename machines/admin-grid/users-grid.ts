import type { UserRow } from '@contracts/users';
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
 * The grid of Manage user profiles: paged, sorted and filtered by the server (100,000 people); one's own login is
 * never deleted (public-and-profile §8: Instance_Text_DeleteFailCurrentLogin under Instance_Text_DeleteFailTitle).
 */
export const usersGridMachine = createGridMachine<UserRow>({
  id: 'usersGrid',
  searchColumns: userSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => `${row.firstName} ${row.lastName}`.trim() || row.email,
  deleteFailTitle: 'Instance_Text_DeleteFailTitle',
  paging: 'server',
  undeletableLabel: 'Instance_Text_DeleteFailCurrentLogin',
});
