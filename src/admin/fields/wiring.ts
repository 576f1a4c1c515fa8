import { fromPromise } from 'xstate';
import { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import { fieldsGridMachine } from '@machines/field-dialog/fields-grid';
import * as fieldsApi from '../../api/admin/fields';
import { fieldCsv } from '@contracts/exports';
import { identified, signalOf } from '@src/app/identified-call';
import { catalogueExport } from '../shared/grid-csv';

export type FieldsApi = Pick<
  typeof fieldsApi,
  'listFields' | 'getField' | 'createField' | 'updateField' | 'deleteField' | 'getResourceLists'
>;

/** What the page knows that the calls need: the lists' culture and client. */
export type FieldsPorts = {
  culture: string;
  clientId: string | undefined;
};

/** Manage Fields joined to the API: the grid's list and delete, the dialog's lists, field and saves. */
export function wireFields(ports: FieldsPorts, api: FieldsApi = fieldsApi) {
  const editor = fieldDialogMachine.provide({
    actors: {
      load: fromPromise(({ input: { input, loaded }, signal }) =>
        identified(async () => {
          const names = ['Global_List_DataType', 'Global_List_MetaTag'];
          const [lists, record] = await Promise.all([
            api.getResourceLists({ names, culture: ports.culture, clientId: ports.clientId }, signalOf(signal)),
            // The first opening edits the row the grid shows; a reload after a conflict reads the field afresh.
            loaded === undefined || input.row === undefined ? input.row : api.getField(input.row.id, signalOf(signal)),
          ]);
          return {
            dataTypes: lists['Global_List_DataType'] ?? [],
            metaTags: lists['Global_List_MetaTag'] ?? [],
            record,
          };
        }),
      ),
      save: fromPromise(({ input, signal }) =>
        identified(() =>
          input.id === undefined || input.version === undefined
            ? api.createField(input.body, signalOf(signal))
            : api.updateField(input.id, { ...input.body, version: input.version }, signalOf(signal)),
        ),
      ),
    },
    actions: {
      // Spec §8: a data-type or meta-tag list that fails to load is logged only; the person is not interrupted.
      logLoadFailure: (_, error) => {
        console.warn('The field dialog lists could not be loaded', error);
      },
    },
  });
  return fieldsGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listFields(signalOf(signal)))),
      exportRows: catalogueExport('fields.csv', fieldCsv),
      deleteRow: fromPromise(({ input, signal }) => identified(() => api.deleteField(input.row.id, signalOf(signal)))),
      editor,
    },
  });
}
