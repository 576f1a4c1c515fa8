import { createActor } from 'xstate';
import { auditGridMachine } from '@machines/admin-grid/log-grids';
import type { GridExportInput, GridLoad, GridQuery } from '@machines/admin-grid/grid.types';
import type { AuditRow } from '@contracts/audit-log';
import { createControlledActor } from './controlled-actor';
import { recordingNotifications } from './recording-ref';

/** The audit grid (a grid like any other), its reads and exports parked until the test answers them. */
export function startAuditGrid() {
  const loadRows = createControlledActor<GridLoad<AuditRow>, GridQuery>();
  const exportRows = createControlledActor<unknown, GridExportInput<AuditRow>>();
  const recorder = recordingNotifications();
  const actor = createActor(
    auditGridMachine.provide({ actors: { loadRows: loadRows.logic, exportRows: exportRows.logic } }),
    { input: { notifications: recorder.ref } },
  ).start();
  return { actor, loadRows, exportRows, recorder };
}
