import { fromPromise } from 'xstate';
import { templateEditorMachine } from '@machines/template-editor/template-editor.machine';
import { templatesGridMachine } from '@machines/template-editor/templates-grid';
import { listFields } from '../../api/admin/fields';
import * as templatesApi from '../../api/admin/templates';
import { templateCsv } from '@contracts/exports';
import { identified, signalOf } from '@src/app/identified-call';
import { catalogueExport } from '../shared/grid-csv';

export type TemplatesApi = Pick<
  typeof templatesApi,
  'listTemplates' | 'getTemplate' | 'createTemplate' | 'updateTemplate' | 'deleteTemplate'
> & { listFields: typeof listFields };

const defaultApi: TemplatesApi = { ...templatesApi, listFields };

/** Manage Templates joined to the API: the grid's list and delete; the editor's template, field catalogue and save. */
export function wireTemplates(api: TemplatesApi = defaultApi) {
  const editor = templateEditorMachine.provide({
    actors: {
      load: fromPromise(({ input: { input }, signal }) =>
        identified(async () => {
          const [template, fields] = await Promise.all([
            input.row === undefined ? undefined : api.getTemplate(input.row.id, signalOf(signal)),
            api.listFields(signalOf(signal)),
          ]);
          const catalogue = fields.map(({ id, dictionaryName, dataType }) => ({ id, dictionaryName, dataType }));
          return { template, catalogue };
        }),
      ),
      save: fromPromise(({ input, signal }) =>
        identified(() =>
          input.id === undefined || input.version === undefined
            ? api.createTemplate(input.body, signalOf(signal))
            : api.updateTemplate(input.id, { ...input.body, version: input.version }, signalOf(signal)),
        ),
      ),
    },
  });
  return templatesGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ signal }) => identified(() => api.listTemplates(signalOf(signal)))),
      exportRows: catalogueExport('templates.csv', templateCsv),
      deleteRow: fromPromise(({ input, signal }) =>
        identified(() => api.deleteTemplate(input.row.id, signalOf(signal))),
      ),
      editor,
    },
  });
}
