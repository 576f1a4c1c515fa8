import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { faqDialogMachine, type FaqLoaded } from '@machines/faq-editor/faq-dialog.machine';
import { faqGridMachine } from '@machines/faq-editor/faq-grid';
import { FaqScreen } from '@src/admin/faq/FaqEditorPage';
import type { FaqEntry } from '@contracts/admin/faq';
import { ApiError } from '@contracts/failures';
import { faqEntry, manyFaqEntries } from '../support/faq-fixtures';
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
import { renderAdminView } from '../support/render-admin';
import { describeWalks } from '../support/walk';

const rows = manyFaqEntries(12);
const first = rows[0]!;
const saved = faqEntry({ id: 'e0b7a0f2-5c1d-4f7e-9a3b-7d2c1e0f9a11', header: 'Can I pay by card?', version: 1 });
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });
const stale = new ApiError({
  status: 409,
  code: 'stale_update',
  message: 'The record was changed by someone else.',
  requestId: 'q2',
});

const graph = gridWalkGraph({
  gridId: 'faqGrid',
  rows,
  readFailure: serverDown,
  deleteRefusal: stale,
  saved,
  deleteId: first.id,
  filterColumn: 'part',
  filterText: 'billing',
});

function renderPage() {
  const harness = gridHarness<FaqEntry>();
  const { loadRows, exportRows, deleteRow, notifications } = harness;
  // The real dialog machine, answering at once: its own walk is tests/model/faq-dialog.model.test.tsx.
  const editor = faqDialogMachine.provide({
    actors: {
      load: fromPromise(({ input }) => Promise.resolve({ record: input.input.row } satisfies FaqLoaded)),
      save: fromPromise(() => Promise.resolve(saved)),
    },
  });
  const logic = faqGridMachine.provide({
    actors: { loadRows: loadRows.logic, exportRows: exportRows.logic, deleteRow: deleteRow.logic, editor },
  });
  renderAdminView(<FaqScreen logic={logic} notifications={notifications.ref} />);
  return harness;
}

/** The Question column: the grid's second (the first is the category, shared by many rows). */
const questionColumn = 1;

describeWalks(faqGridMachine, {
  title: 'FAQ editor grid walk (issue 11, docs/flows/faq-editor.md), through the real page of one scope',
  events: graph.events,
  scenarios: [graph.scenario],
  start: renderPage,
  describeEvent: graph.describeEvent,
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 30_000,
  states: {
    ...gridStates<FaqEntry>(),
    loading: expectLoading,
    'ready.browsing': (s) => expectBrowsing(s, (row) => row.header, questionColumn),
    'ready.confirmingDelete': async () => {
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(`Delete the question "${first.header}"?`);
    },
    'ready.editing': async () => {
      expect(await screen.findByRole('heading', { name: 'New question' })).toBeInTheDocument();
    },
  },
  executors: {
    ...gridExecutors({
      loaded: rows,
      readFailure: serverDown,
      deleteRefusal: stale,
      deleteFailTitle: 'Faq_Text_DeleteFailTitle',
      filterColumn: 'part',
    }),
    ...graph.offlineExecutors,
    ...clientPagedNotWalked,
    ...clientPagedPageExecutors({
      searchText: 'billing',
      addLabel: 'Add question',
      deleteLabel: `Delete ${first.header}`,
      dialogWalk: 'faq-dialog',
      fillDialog: async (dialog) => {
        await waitFor(() => {
          expect(within(dialog).getByLabelText(/^Category/)).toBeEnabled();
        });
        await userEvent.type(within(dialog).getByLabelText(/^Category/), saved.part);
        await userEvent.type(within(dialog).getByLabelText(/^Question/), saved.header);
        await userEvent.type(within(dialog).getByLabelText(/^Answer/), saved.questionText);
      },
    }),
  },
});
