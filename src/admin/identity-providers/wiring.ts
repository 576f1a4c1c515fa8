import { fromPromise } from 'xstate';
import { identityProvidersGridMachine } from '@machines/admin-grid/identity-providers-grid';
import { identityProviderDialogMachine } from '@machines/identity-provider-dialog/identity-provider-dialog.machine';
import * as providersApi from '../../api/admin/identity-providers';
import * as clientsApi from '../../api/admin/clients';
import { identityProviderCsv } from '@contracts/exports';
import { identified, signalOf } from '@src/app/identified-call';
import { catalogueExport } from '../shared/grid-csv';

export type IdentityProvidersApi = Pick<
  typeof providersApi,
  'listIdentityProviders' | 'createIdentityProvider' | 'updateIdentityProvider' | 'deleteIdentityProvider'
> &
  Pick<typeof clientsApi, 'listClients'>;

const defaultApi: IdentityProvidersApi = { ...providersApi, listClients: clientsApi.listClients };

/** The identity providers page joined to the API: the grid's list and delete, the dialog's clients and saves. */
export function wireIdentityProviders(api: IdentityProvidersApi = defaultApi) {
  const editor = identityProviderDialogMachine.provide({
    actors: {
      load: fromPromise(({ input: { input, loaded }, signal }) =>
        identified(async () => {
          const clients = (await api.listClients(signalOf(signal))).map(({ id, name }) => ({ id, name }));
          // The first opening edits the row the grid shows; a reload after a conflict reads the provider afresh.
          if (loaded === undefined || input.row === undefined) return { clients, record: input.row };
          const id = input.row.id;
          const rows = await api.listIdentityProviders(signalOf(signal));
          return { clients, record: rows.find((row) => row.id === id) };
        }),
      ),
      save: fromPromise(({ input, signal }) =>
        identified(() =>
          input.id === undefined
            ? api.createIdentityProvider(input.body, signalOf(signal))
            : api.updateIdentityProvider(input.id, input.body, signalOf(signal)),
        ),
      ),
    },
  });
  return identityProvidersGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listIdentityProviders(signalOf(signal)))),
      exportRows: catalogueExport('identity-providers.csv', identityProviderCsv),
      deleteRow: fromPromise(({ input, signal }) =>
        identified(() => api.deleteIdentityProvider(input.row.id, signalOf(signal))),
      ),
      editor,
    },
  });
}
