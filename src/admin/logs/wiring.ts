import { fromPromise } from 'xstate';
import { auditGridMachine, errorGridMachine } from '@machines/admin-grid/log-grids';
import { auditEntryMachine, errorEntryMachine } from '@machines/log-entry/log-entry.machine';
import * as logsApi from '../../api/admin/logs';
import { identified, signalOf } from '@src/app/identified-call';
import { serverExport } from '../shared/grid-csv';
import { auditQueryOf, errorQueryOf } from './log-query';

export type LogsApi = typeof logsApi;

/** The audit log page joined to the API: its pages, a row's detail, the export saved as a file. */
export function wireAuditLog(api: LogsApi = logsApi) {
  const editor = auditEntryMachine.provide({
    actors: {
      loadEntry: fromPromise(({ input, signal }) => identified(() => api.getAuditEntry(input.id, signalOf(signal)))),
    },
  });
  return auditGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ input, signal }) =>
        identified(() => api.listAudit(auditQueryOf(input), signalOf(signal))),
      ),
      exportRows: serverExport('audit-log.csv', (input, options) => api.exportAudit(auditQueryOf(input), options)),
      editor,
    },
  });
}

/** The error log page joined to the API: its pages, an error's detail, the export saved as a file. */
export function wireErrorLog(api: LogsApi = logsApi) {
  const editor = errorEntryMachine.provide({
    actors: {
      loadEntry: fromPromise(({ input, signal }) => identified(() => api.getErrorEntry(input.id, signalOf(signal)))),
    },
  });
  return errorGridMachine.provide({
    actors: {
      loadRows: fromPromise(({ input, signal }) =>
        identified(() => api.listErrors(errorQueryOf(input), signalOf(signal))),
      ),
      exportRows: serverExport('error-log.csv', (input, options) => api.exportErrors(errorQueryOf(input), options)),
      editor,
    },
  });
}
