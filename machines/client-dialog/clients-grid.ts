import type { Client } from '@contracts/admin/clients';
import { createGridMachine } from '../admin-grid/grid.machine';

/** Manage Clients' filter types (admin-and-board §2): name, portal alias, Okta prefix and id. */
export const clientSearchColumns = {
  name: (row: Client) => row.name,
  portalAlias: (row: Client) => row.portalAlias,
  oktaPrefix: (row: Client) => row.oktaPrefix,
  id: (row: Client) => row.id,
};

/** The grid of Manage Clients; a failed delete is titled Client_Text_DeleteFailTitle (spec §8). */
export const clientsGridMachine = createGridMachine<Client>({
  id: 'clientsGrid',
  searchColumns: clientSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteFailTitle: 'Client_Text_DeleteFailTitle',
});
