import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import { ApplicationsScreen } from '@src/admin/applications/ApplicationsPage';
import type { Application } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, manyApplications, regions } from '../support/admin-fixtures';
import {
  clientPagedNotWalked,
  clientPagedPageExecutors,
  expectBrowsing,
  expectLoading,
  gridExecutors,
  gridHarness,
  gridStates,
  gridWalkGraph,
} from '../support/grid-walk';
import { iconList, renderAdminView } from '../support/render-admin';
import { describeWalks } from '../support/walk';

const rows = manyApplications(12);
const first = rows[0]!;
const saved = applicationRow({ applicationName: 'Wellness Hub', alias: null });
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });
const inUse = new ApiError({ status: 409, code: 'conflict', message: 'Still used by 2 clients.', requestId: 'q2' });

const graph = gridWalkGraph({
  gridId: 'applicationsGrid',
  rows,
  readFailure: serverDown,
  deleteRefusal: inUse,
  saved,
  deleteId: first.applicationId,
  filterColumn: 'name',
  filterText: 'claims',
});

function renderPage() {
  const harness = gridHarness<Application>();
  const { loadRows, exportRows, deleteRow, notifications } = harness;
  // The real dialog machine, answering at once: its own walk is tests/model/application-dialog.model.test.tsx.
  const editor = applicationDialogMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve({ regions, record: undefined })) as never,
      save: fromPromise(() => Promise.resolve(saved)),
    },
  });
  const logic = applicationsGridMachine.provide({
    actors: { loadRows: loadRows.logic, exportRows: exportRows.logic, deleteRow: deleteRow.logic, editor },
  });
  renderAdminView(<ApplicationsScreen logic={logic} notifications={notifications.ref} icons={iconList} />);
  return harness;
}

describeWalks(applicationsGridMachine, {
  title: 'Manage Applications walk (admin-and-board §2, §4, §8, through the real page)',
  events: graph.events,
  scenarios: [graph.scenario],
  start: renderPage,
  describeEvent: graph.describeEvent,
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 30_000,
  states: {
    ...gridStates<Application>(),
    loading: expectLoading,
    'ready.browsing': (s) => expectBrowsing(s, (row) => row.applicationName),
    'ready.confirmingDelete': async () => {
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(`Delete the application ${first.applicationName}?`);
    },
    'ready.editing': async () => {
      expect(await screen.findByRole('heading', { name: 'Add application' })).toBeInTheDocument();
    },
  },
  executors: {
    ...gridExecutors({
      loaded: rows,
      readFailure: serverDown,
      deleteRefusal: inUse,
      deleteFailTitle: 'Application_Text_DeleteFailTitle',
    }),
    ...graph.offlineExecutors,
    ...clientPagedNotWalked,
    ...clientPagedPageExecutors({
      searchText: 'claims',
      addLabel: 'Add application',
      deleteLabel: `Delete ${first.applicationName}`,
      dialogWalk: 'application-dialog',
      fillDialog: async (dialog) => {
        await userEvent.type(within(dialog).getByLabelText(/Application name/), saved.applicationName);
        await userEvent.type(within(dialog).getByLabelText(/Application link/), 'https://wellness.example.test/');
        await waitFor(() => {
          expect(within(dialog).getAllByRole('option', { name: regions[1]!.name })).toHaveLength(1);
        });
        await userEvent.selectOptions(within(dialog).getByLabelText(/Region/), regions[1]!.id);
        await userEvent.selectOptions(within(dialog).getByLabelText(/Icon/), 'file-text');
      },
    }),
  },
});
