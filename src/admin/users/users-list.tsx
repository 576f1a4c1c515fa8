import { HStack, Text } from '@chakra-ui/react';
import { USER_PAGE_SIZES, type UserRow } from '@contracts/users';
import { userSearchColumns } from '@machines/admin-grid/users-grid';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import type { AdminListDefinition } from '../shared/AdminListPage';
import { UserDetails } from './UserDetails';

const nameOf = (row: UserRow) => `${row.firstName} ${row.lastName}`.trim() || row.email;

/** The columns of the users grid (the client column is the last: Find a person has one client and leaves it out). */
const userColumns: AdminListDefinition<UserRow>['columns'] = [
  { key: 'name', header: labels.Instance_Field_Name, cell: nameOf },
  { key: 'email', header: labels.Instance_Field_Email, cell: (row) => row.email },
  { key: 'login', header: labels.Instance_Field_Login, cell: (row) => row.typedLogin ?? row.login },
  {
    key: 'client',
    header: labels.Instance_Field_Client,
    cell: (row, i18n) => (
      <HStack gap="2" wrap="wrap">
        <span>{row.clientName}</span>
        {row.isAulAdmin ? <RoleTag text={i18n._(labels.Instance_Text_ProviderAdmin)} /> : null}
        {row.isClientAdmin ? <RoleTag text={i18n._(labels.Instance_Text_ClientAdmin)} /> : null}
      </HStack>
    ),
  },
];

/** What both pages of people share: the filter types (the server searches name, e-mail and login), rows, details. */
const peopleGrid = {
  pageSizes: USER_PAGE_SIZES,
  filters: [
    { column: 'name', label: labels.Instance_Text_SearchName },
    { column: 'email', label: labels.Instance_Text_SearchEmail },
    { column: 'login', label: labels.Instance_Text_SearchLogin },
  ],
  searchColumns: userSearchColumns,
  rowId: (row: UserRow) => row.id,
  rowName: nameOf,
  deleteTitle: (row: UserRow) => withValues(labels.Instance_Text_DeleteConfirm, { userName: nameOf(row) }),
  rowDetails: UserDetails,
} satisfies Partial<AdminListDefinition<UserRow>>;

/** Manage users: the grid's columns and filter types, Add, Delete and Export. */
export const usersList: AdminListDefinition<UserRow> = {
  ...peopleGrid,
  title: labels.Instance_Text_Title,
  addLabel: labels.Instance_Button_Add,
  columns: userColumns,
  deleteLabel: labels.Instance_Button_ConfirmDelete,
};

/** An administrator's row says so beside the client. */
function RoleTag({ text }: { text: string }) {
  return (
    <Text as="span" textStyle="xs" color="fg.muted" borderWidth="1px" rounded="sm" px="1">
      {text}
    </Text>
  );
}

/**
 * An agent's Find a person (docs/flows/find-person.md): the same grid over the people of their own client, without
 * the client column (one client), Add, Delete or Export; a row's edit opens the user dialog in Agent mode.
 */
export const findPersonList: AdminListDefinition<UserRow> = {
  ...peopleGrid,
  title: labels.Instance_Text_FindTitle,
  columns: userColumns.filter((column) => column.key !== 'client'),
  exportable: false,
};
