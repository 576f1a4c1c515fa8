import { fromPromise } from 'xstate';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import * as applicationsApi from '../../api/admin/applications';
import { applicationCsv } from '@contracts/exports';
import { identified, signalOf } from '@src/app/identified-call';
import { catalogueExport } from '../shared/grid-csv';

export type ApplicationsApi = Pick<
  typeof applicationsApi,
  'listApplications' | 'listRegions' | 'createApplication' | 'updateApplication' | 'deleteApplication'
>;

/** Manage Applications joined to the API: the grid's list and delete, the dialog's regions and saves. */
export function wireApplications(api: ApplicationsApi = applicationsApi) {
  const editor = applicationDialogMachine.provide({
    actors: {
      load: fromPromise(({ input: { input, loaded }, signal }) =>
        identified(async () => {
          const regions = await api.listRegions(signalOf(signal));
          // The first opening edits the row the grid shows; a reload after a conflict reads the application afresh.
          if (loaded === undefined || input.row === undefined) return { regions, record: input.row };
          const id = input.row.applicationId;
          const rows = await api.listApplications(signalOf(signal));
          return { regions, record: rows.find((row) => row.applicationId === id) };
        }),
      ),
      save: fromPromise(({ input, signal }) =>
        identified(() =>
          input.id === undefined
            ? api.createApplication(input.body, signalOf(signal))
            : api.updateApplication(input.id, input.body, signalOf(signal)),
        ),
      ),
    },
  });
  return applicationsGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listApplications(signalOf(signal)))),
      exportRows: catalogueExport('applications.csv', applicationCsv),
      deleteRow: fromPromise(({ input, signal }) =>
        identified(() => api.deleteApplication(input.row.applicationId, signalOf(signal))),
      ),
      editor,
    },
  });
}
