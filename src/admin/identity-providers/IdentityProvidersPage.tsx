import type { ActorRefFrom } from 'xstate';
import { identityProviderSearchColumns } from '@machines/admin-grid/identity-providers-grid';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { identityProviderDialogMachine } from '@machines/identity-provider-dialog/identity-provider-dialog.machine';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { IdentityProviderDialog } from './IdentityProviderDialog';
import { wireIdentityProviders } from './wiring';

/**
 * Identity providers (/identityProviders, issue 31 item 1): the provider administrator's federation registry — the
 * filter (Name, Protocol, Client served), the grid (name, protocol, upstream, whether a secret is set, the client
 * served; never the secret) and the identity-provider dialog.
 */
const identityProvidersList: AdminListDefinition<IdentityProvider> = {
  title: labels.IdentityProvider_Text_Title,
  addLabel: labels.IdentityProvider_Button_Add,
  columns: [
    { key: 'name', header: labels.IdentityProvider_Field_Name, cell: (row) => row.name },
    {
      key: 'kind',
      header: labels.IdentityProvider_Field_Kind,
      cell: (row, i18n) =>
        i18n._(row.kind === 'oidc' ? labels.IdentityProvider_Option_Oidc : labels.IdentityProvider_Option_Saml),
    },
    {
      key: 'upstream',
      header: labels.IdentityProvider_Field_Upstream,
      cell: (row) => (row.kind === 'oidc' ? row.issuer : row.entityId),
    },
    {
      key: 'secret',
      header: labels.IdentityProvider_Field_Secret,
      cell: (row, i18n) =>
        row.kind === 'oidc'
          ? i18n._(row.hasClientSecret ? labels.IdentityProvider_Text_Set : labels.IdentityProvider_Text_NotSet)
          : '',
    },
    {
      key: 'clientServed',
      header: labels.IdentityProvider_Field_ClientServed,
      cell: (row) => row.clientNameServed ?? '',
    },
  ],
  filters: [
    { column: 'name', label: labels.IdentityProvider_Text_SearchName },
    { column: 'kind', label: labels.IdentityProvider_Text_SearchKind },
    { column: 'client', label: labels.IdentityProvider_Text_SearchClient },
  ],
  searchColumns: identityProviderSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteLabel: labels.IdentityProvider_Button_ConfirmDelete,
  deleteTitle: (row) => withValues(labels.IdentityProvider_Text_DeleteConfirm, { name: row.name }),
};

/** The page joined to the API and the root's notifications singleton. */
export function IdentityProvidersPage() {
  const { logic, notifications } = useAdminListLogic(() => wireIdentityProviders());
  return notifications ? <IdentityProvidersScreen logic={logic} notifications={notifications} /> : null;
}

export function IdentityProvidersScreen({
  logic,
  notifications,
}: {
  logic: ReturnType<typeof wireIdentityProviders>;
  notifications: NotificationsRef;
}) {
  return (
    <AdminListScreen
      definition={identityProvidersList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof identityProviderDialogMachine>) => (
        <IdentityProviderDialog dialogRef={editorRef} />
      )}
    />
  );
}
