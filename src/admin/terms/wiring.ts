import { fromPromise } from 'xstate';
import { termsDialogMachine, type TermsLoaded } from '@machines/terms-editor/terms-dialog.machine';
import { termsGridMachine } from '@machines/terms-editor/terms-grid';
import { identified, signalOf } from '@src/app/identified-call';
import * as termsApi from '../../api/terms';
import { serverExport } from '../shared/grid-csv';

export type TermsApi = Pick<typeof termsApi, 'listTermsVersions' | 'publishTerms' | 'exportTermsAcceptances'>;

/**
 * The terms editor of one client joined to the API: the grid lists the versions, its export is the acceptances CSV
 * the server writes (who accepted which version), the dialog publishes.
 */
export function wireTermsEditor(clientId: string, api: TermsApi = termsApi) {
  const editor = termsDialogMachine.provide({
    actors: {
      load: fromPromise(({ input: { input, loaded }, signal }) =>
        identified(async (): Promise<TermsLoaded> => {
          // Always read: the current number is what the publish is based on, whatever row the dialog opened on.
          const [current] = await api.listTermsVersions(clientId, signalOf(signal));
          // The first opening starts from the row (a new version from it); a reload after a conflict from theirs.
          return { current, from: loaded === undefined ? (input.row ?? current) : current };
        }),
      ),
      save: fromPromise(({ input, signal }) => identified(() => api.publishTerms(clientId, input, signalOf(signal)))),
    },
  });
  return termsGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listTermsVersions(clientId, signalOf(signal)))),
      exportRows: serverExport('terms-acceptances.csv', (_input, options) =>
        api.exportTermsAcceptances(clientId, options),
      ),
      editor,
    },
  });
}
