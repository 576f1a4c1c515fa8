/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { selectPageRows, selectPaging } from '@machines/admin-grid/grid.selectors';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import { ApplicationsScreen } from '@src/admin/applications/ApplicationsPage';
import type { Application } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, manyApplications, regions } from '../support/admin-fixtures';
import { doneEventType } from '../support/controlled-actor';
import { expectLoading, gridExecutors, gridHarness, gridStates, gridWalkGraph, tableNames } from '../support/grid-walk';
import { recordingNotifications } from '../support/recording-ref';
import { iconList, renderAdminView } from '../support/render-admin';
import { describeWalks, notWalked } from '../support/walk';

const rows = manyApplications(12);
const first = rows[0]!;
const saved = applicationRow({ applicationName: 'Wellness Hub', alias: null });
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });
const inUse = new ApiError({ status: 409, code: 'conflict', message: 'Still used by 2 clients.', requestId: 'q2' });

const graph = gridWalkGraph({
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
  const { loadRows, deleteRow, notifications } = harness;
  // The real dialog machine, answering at once: its own walk is tests/model/application-dialog.model.test.tsx.
  const editor = applicationDialogMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve({ regions, record: undefined })) as never,
      save: fromPromise(() => Promise.resolve(saved)),
    },
  });
  const logic = applicationsGridMachine.provide({
    actors: { loadRows: loadRows.logic, deleteRow: deleteRow.logic, editor },
  });
  renderAdminView(<ApplicationsScreen logic={logic} notifications={notifications.ref} icons={iconList} />);
  return harness;
}

describeWalks(applicationsGridMachine, {
  title: 'Manage Applications walk (admin-and-board §2, §4, §8, through the real page)',
  events: graph.events,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref },
      serializeState: graph.serializeState,
      journeys: graph.journeys,
    },
  ],
  start: renderPage,
  describeEvent: (event) => ('output' in event && event.output !== undefined ? 'saved' : undefined),
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 30_000,
  states: {
    ...gridStates<Application>(),
    loading: expectLoading,
    'ready.browsing': async (s) => {
      const expected = selectPageRows(s).map((row) => row.applicationName);
      await waitFor(() => {
        expect(tableNames()).toEqual(expected);
      });
      const paging = selectPaging(s);
      expect(screen.getByText(`Page ${paging.pageIndex + 1} of ${paging.pageCount}`)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Search' })).toHaveProperty(
        'disabled',
        !(s.context.filter.column !== undefined && s.context.filter.text.trim() !== ''),
      );
    },
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
    'filter.text': async () => {
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), 'claims');
    },
    'filter.search': notWalked('not offered to this graph: when Search applies is pinned in tests/unit/admin/grid'),
    'page.size': notWalked('not offered to this graph: page sizes are pinned in tests/unit/admin/grid'),
    'filter.scope': notWalked('server paging only: walked in tests/model/users.model'),
    'sort.by': notWalked('this grid names no sort columns; header sorting is walked in tests/model/users.model'),
    'row.add': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Add application' }));
    },
    'row.edit': notWalked('not offered to this graph: the edit dialog is walked in application-dialog'),
    'row.delete': async () => {
      await userEvent.click(screen.getByRole('button', { name: `Delete ${first.applicationName}` }));
    },
    [doneEventType('editor')]: async ({ event }) => {
      const dialog = await screen.findByRole('dialog');
      if (event.output === undefined) {
        await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        return;
      }
      await userEvent.type(within(dialog).getByLabelText(/Application name/), saved.applicationName);
      await userEvent.type(within(dialog).getByLabelText(/Application link/), 'https://wellness.example.test/');
      await waitFor(() => {
        expect(within(dialog).getAllByRole('option', { name: regions[1]!.name })).toHaveLength(1);
      });
      await userEvent.selectOptions(within(dialog).getByLabelText(/Region/), regions[1]!.id);
      await userEvent.selectOptions(within(dialog).getByLabelText(/Icon/), 'file-text');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    },
  },
});
