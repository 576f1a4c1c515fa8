/* eslint-disable vitest/no-standalone-expect -- the states map runs inside each walk's test (path.test) */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise, matchesState, type SnapshotFrom } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { selectPageRows, selectPaging } from '@machines/admin-grid/grid.selectors';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import { ApplicationsScreen } from '@src/admin/applications/ApplicationsPage';
import type { Application } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, manyApplications, regions } from '../support/admin-fixtures';
import {
  createControlledActor,
  doneEvent,
  doneEventType,
  errorEvent,
  errorEventType,
  isStartEvent,
} from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { iconList, renderAdminView } from '../support/render-admin';

type GridSnapshot = SnapshotFrom<typeof applicationsGridMachine>;

const rows = manyApplications(12);
const first = rows[0]!;
const saved = applicationRow({ applicationName: 'Wellness Hub', alias: null });
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });
const inUse = new ApiError({ status: 409, code: 'conflict', message: 'Still used by 2 clients.', requestId: 'q2' });

/** The events each state can meet through the page: actors answer only while they run. */
const eventsOf = (s: GridSnapshot) => {
  if (s.matches('loading')) return [doneEvent('loadRows', rows), errorEvent('loadRows', serverDown)];
  if (s.matches('failed')) return [{ type: 'grid.refresh' as const }];
  if (s.matches({ ready: 'browsing' })) {
    return [
      { type: 'filter.column' as const, column: 'name' },
      { type: 'filter.text' as const, text: 'claims' },
      { type: 'filter.clear' as const },
      { type: 'page.go' as const, index: 1 },
      { type: 'row.add' as const },
      // The first application is on the first page, filtered or not.
      ...(s.context.pageIndex === 0 ? [{ type: 'row.delete' as const, id: first.applicationId }] : []),
    ];
  }
  if (s.matches({ ready: 'confirmingDelete' }))
    return [{ type: 'delete.confirm' as const }, { type: 'delete.cancel' as const }];
  if (s.matches({ ready: 'deleting' })) return [doneEvent('deleteRow', undefined), errorEvent('deleteRow', inUse)];
  if (s.matches({ ready: 'editing' })) return [doneEvent('editor', saved), doneEvent('editor', undefined)];
  return [];
};

const model = new TestModel(applicationsGridMachine, {
  stateMatcher: (s, key) => matchesState(key, s.value),
  // Browsing states differ by what the filter and pager show; the others by their state alone.
  serializeState: (s) =>
    JSON.stringify(s.matches({ ready: 'browsing' }) ? [s.value, s.context.filter, s.context.pageIndex] : [s.value]),
});
const paths = model.getPaths(getShortestPaths, {
  input: { notifications: recordingNotifications().ref },
  events: eventsOf as never,
});

function renderPage() {
  const loadRows = createControlledActor<readonly Application[], undefined>();
  const deleteRow = createControlledActor<unknown, { row: Application }>();
  const notifications = recordingNotifications();
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
  return { loadRows, deleteRow, notifications };
}
type Harness = ReturnType<typeof renderPage>;

const tableNames = () =>
  within(screen.getByRole('table'))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const states = (h: Harness) => ({
  loading: async () => {
    expect(await screen.findByText('Loading the list…')).toBeInTheDocument();
  },
  failed: async () => {
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
  },
  'ready.browsing': async (s: GridSnapshot) => {
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
  'ready.deleting': async () => {
    await waitFor(() => {
      expect(h.deleteRow.waiting()).toBe(1);
    });
  },
  'ready.editing': async () => {
    expect(await screen.findByRole('heading', { name: 'Add application' })).toBeInTheDocument();
  },
});

const executors = (h: Harness) => ({
  [doneEventType('loadRows')]: async () => {
    await waitFor(() => {
      expect(h.loadRows.waiting()).toBe(1);
    });
    act(() => {
      h.loadRows.resolve(rows);
    });
  },
  [errorEventType('loadRows')]: async () => {
    await waitFor(() => {
      expect(h.loadRows.waiting()).toBe(1);
    });
    act(() => {
      h.loadRows.reject(serverDown);
    });
  },
  'grid.refresh': async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  },
  'filter.column': async () => {
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'name');
  },
  'filter.text': async () => {
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), 'claims');
  },
  'filter.clear': async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
  },
  'page.go': async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  },
  'row.add': async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Add application' }));
  },
  'row.delete': async () => {
    await userEvent.click(screen.getByRole('button', { name: `Delete ${first.applicationName}` }));
  },
  'delete.confirm': async () => {
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
  },
  'delete.cancel': async () => {
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }));
  },
  [doneEventType('deleteRow')]: () => {
    act(() => {
      h.deleteRow.resolve(undefined);
    });
    return Promise.resolve();
  },
  [errorEventType('deleteRow')]: async () => {
    act(() => {
      h.deleteRow.reject(inUse);
    });
    // §8: an error snackbar with the server's message under Application_Text_DeleteFailTitle.
    await waitFor(() => {
      expect(h.notifications.received).toContainEqual({
        type: 'snackbar.show',
        snackbar: {
          type: 'error',
          title: { id: 'Application_Text_DeleteFailTitle' },
          message: { raw: 'Still used by 2 clients.' },
        },
      });
    });
  },
  [doneEventType('editor')]: async ({ event }: { event: { output?: unknown } }) => {
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
});

const describeStep = (event: { type: string; output?: unknown }) =>
  event.type.startsWith('xstate.')
    ? `${event.type.replace(/^xstate\./, '')}${event.output === undefined ? '' : '(saved)'}`
    : event.type;

describe('Manage Applications walk (admin-and-board §2, §4, §8, through the real page)', () => {
  it.each(
    paths.map((path) => ({
      title:
        path.steps
          .filter(({ event }) => !isStartEvent(event.type))
          .map(({ event }) => describeStep(event))
          .join(', ') + ` → ${JSON.stringify(path.state.value)}`,
      path,
    })),
  )(
    '$title',
    async ({ path }) => {
      expect.hasAssertions();
      const harness = renderPage();
      await path.test({ states: states(harness), events: executors(harness) });
    },
    // A bound so a stuck walk fails instead of hanging (not a speed check).
    30_000,
  );

  it('reaches every state it asserts, and asserts every state it reaches', () => {
    const key = (value: unknown) =>
      typeof value === 'string'
        ? value
        : Object.entries(value as Record<string, string>).map(([k, v]) => `${k}.${v}`)[0];
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => key(step.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(states({} as Harness)).sort());
  });
});
