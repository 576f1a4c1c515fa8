import type { IdentityProvider } from '@contracts/admin/identity-providers';
import { createGridMachine } from './grid.machine';

/** The identity providers page's filter types (issue 31 item 1): Name, Kind, Client served. */
export const identityProviderSearchColumns = {
  name: (row: IdentityProvider) => row.name,
  kind: (row: IdentityProvider) => row.kind,
  client: (row: IdentityProvider) => row.clientNameServed,
};

/** The grid of the federation registry. */
export const identityProvidersGridMachine = createGridMachine<IdentityProvider>({
  id: 'identityProvidersGrid',
  searchColumns: identityProviderSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteFailTitle: 'IdentityProvider_Text_DeleteFailTitle',
});
