import { fromPromise } from 'xstate';
import { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import { offeredTemplates } from '@machines/client-application-dialog/template-draft';
import { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import { clientsGridMachine } from '@machines/client-dialog/clients-grid';
import * as clientApplicationsApi from '../../api/admin/client-applications';
import * as clientsApi from '../../api/admin/clients';
import { listIdentityProviders } from '../../api/admin/identity-providers';
import { listTemplates } from '../../api/admin/templates';
import { clientCsv } from '@contracts/exports';
import { ApiError } from '@contracts/failures';
import { identified, signalOf } from '@src/app/identified-call';
import { catalogueExport } from '../shared/grid-csv';

/** The calls Manage Clients makes; the page passes the real ones, tests pass controlled fakes. */
export type ClientsApi = Pick<
  typeof clientsApi,
  'listClients' | 'listCmsClients' | 'createClient' | 'updateClient' | 'deleteClient'
> &
  Pick<
    typeof clientApplicationsApi,
    | 'listClientApplications'
    | 'saveClientApplications'
    | 'getClientApplicationTemplate'
    | 'saveClientApplicationTemplate'
  > & { listTemplates: typeof listTemplates; listIdentityProviders: typeof listIdentityProviders };

const realApi: ClientsApi = { ...clientsApi, ...clientApplicationsApi, listTemplates, listIdentityProviders };

/**
 * The registry's entries for the SSOID select. A registry that cannot be read (a real Okta org has none here: 404)
 * leaves the select with the stored SSOID only; the client dialog still opens.
 */
async function ssoChoices(api: ClientsApi, signal: AbortSignal) {
  try {
    return (await api.listIdentityProviders(signalOf(signal))).map(({ id, name }) => ({ id, name }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** Manage Clients joined to the API: the grid's list and delete, the client dialog and the client-application one. */
export function wireClients(api: ClientsApi = realApi) {
  const clientApplicationDialog = clientApplicationDialogMachine.provide({
    actors: {
      load: fromPromise(async ({ input: { input }, signal }) => {
        const templates = await identified(() => api.listTemplates(signalOf(signal)));
        const record = await identified(() =>
          api.getClientApplicationTemplate(input.clientApplicationId, signalOf(signal)),
        );
        return { templates: offeredTemplates(templates), record };
      }),
      save: fromPromise(({ input, signal }) =>
        identified(() => api.saveClientApplicationTemplate(input.id, input.body, signalOf(signal))),
      ),
    },
  });
  const editor = clientDialogMachine.provide({
    actors: {
      load: fromPromise(({ input: { input, loaded }, signal }) =>
        identified(async () => {
          const sites = await api.listCmsClients(signalOf(signal));
          const identityProviders = await ssoChoices(api, signal);
          // The first opening edits the grid's row; a read again (after a conflict, or the client's first save) reads
          // the client as it is now, so a save sends its current version.
          const known = loaded ? loaded.client : input.row;
          const client =
            loaded && known
              ? ((await api.listClients(signalOf(signal))).find((row) => row.id === known.id) ?? known)
              : known;
          const applications = client ? await api.listClientApplications(client.id, signalOf(signal)) : undefined;
          return { sites, client, applications, identityProviders };
        }),
      ),
      save: fromPromise(({ input, signal }) =>
        identified(async () =>
          input.id === undefined
            ? (await api.createClient(input.body, signalOf(signal))).object
            : api.updateClient(input.id, input.body, signalOf(signal)),
        ),
      ),
      followUp: fromPromise(async ({ input, signal }) => {
        await identified(() => api.saveClientApplications(input.clientId, input.body, signalOf(signal)));
        return undefined;
      }),
      nested: clientApplicationDialog,
    },
  });
  return clientsGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listClients(signalOf(signal)))),
      exportRows: catalogueExport('clients.csv', clientCsv),
      deleteRow: fromPromise(({ input, signal }) => identified(() => api.deleteClient(input.row.id, signalOf(signal)))),
      editor,
    },
  });
}
