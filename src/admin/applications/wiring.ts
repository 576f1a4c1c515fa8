import { fromPromise } from 'xstate';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import * as applicationsApi from '../../api/admin/applications';
import { identified, signalOf } from '../shared/identified-call';

export type ApplicationsApi = Pick<
  typeof applicationsApi,
  'listApplications' | 'listRegions' | 'createApplication' | 'updateApplication' | 'deleteApplication'
>;

/** Manage Applications joined to the API: the grid's list and delete, the dialog's regions and saves. */
export function wireApplications(api: ApplicationsApi = applicationsApi) {
  const editor = applicationDialogMachine.provide({
    actors: {
      loadRegions: fromPromise(({ signal }) => identified(() => api.listRegions(signalOf(signal)))),
      createApplication: fromPromise(({ input, signal }) =>
        identified(() => api.createApplication(input, signalOf(signal))),
      ),
      updateApplication: fromPromise(({ input, signal }) =>
        identified(() => api.updateApplication(input.id, input.body, signalOf(signal))),
      ),
    },
  });
  return applicationsGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listApplications(signalOf(signal)))),
      deleteRow: fromPromise(({ input, signal }) =>
        identified(() => api.deleteApplication(input.row.applicationId, signalOf(signal))),
      ),
      editor,
    },
  });
}
