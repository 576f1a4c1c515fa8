import { fromPromise } from 'xstate';
import { faqDialogMachine } from '@machines/faq-editor/faq-dialog.machine';
import { faqGridMachine } from '@machines/faq-editor/faq-grid';
import * as faqApi from '../../api/admin/faq';
import type { FaqScope } from '../../api/admin/faq';
import { faqCsv } from '@contracts/exports';
import { identified, signalOf } from '@src/app/identified-call';
import { catalogueExport } from '../shared/grid-csv';

export type FaqApi = Pick<typeof faqApi, 'listFaq' | 'createFaq' | 'updateFaq' | 'deleteFaq'>;

/** The FAQ editor of one scope (a client, a culture) joined to the API: the grid's list and delete, the dialog's saves. */
export function wireFaqEditor(scope: FaqScope, api: FaqApi = faqApi) {
  const editor = faqDialogMachine.provide({
    actors: {
      load: fromPromise(({ input: { input, loaded }, signal }) =>
        identified(async () => {
          // The first opening edits the row the grid shows; a reload after a conflict reads the question afresh.
          if (loaded === undefined || input.row === undefined) return { record: input.row };
          const current = await api.listFaq(scope, signalOf(signal));
          return { record: current.find((row) => row.id === input.row?.id) };
        }),
      ),
      save: fromPromise(({ input, signal }) =>
        identified(() => {
          const body = { ...input.body, culture: scope.culture };
          return input.id === undefined || input.version === undefined
            ? api.createFaq(scope.clientId, body, signalOf(signal))
            : api.updateFaq(scope.clientId, input.id, { ...body, version: input.version }, signalOf(signal));
        }),
      ),
    },
  });
  return faqGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listFaq(scope, signalOf(signal)))),
      exportRows: catalogueExport(`help-${scope.culture}.csv`, faqCsv),
      deleteRow: fromPromise(({ input, signal }) => identified(() => api.deleteFaq(input.row, signalOf(signal)))),
      editor,
    },
  });
}
