/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { selectPageRows, selectPaging } from '@machines/admin-grid/grid.selectors';
import type { GridLoad, GridPage } from '@machines/admin-grid/grid.types';
import { usersGridMachine } from '@machines/admin-grid/users-grid';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileResult } from '@machines/profile-form/profile-form.types';
import { createUserDialogMachine, type ClientChoice } from '@machines/user-dialog/user-dialog.machine';
import { UsersScreen } from '@src/admin/users/UsersPage';
import type { Client } from '@contracts/admin/clients';
import { ApiError } from '@contracts/failures';
import type { InstanceRecord } from '@contracts/instance';
import type { UserDetails, UserRow } from '@contracts/users';
import { actorDone, actorError, doneEventType } from '../support/controlled-actor';
import { formDefinition, profileLoaded } from '../support/profile-fixtures';
import {
  expectErrorSnackbar,
  expectLoading,
  gridExecutors,
  gridHarness,
  gridStates,
  logControlsNotWalked,
  serverFilterExecutors,
  tableNames,
  gridNoAnswer,
} from '../support/grid-walk';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { userRow as person } from '../support/user-fixtures';
import { describeWalks } from '../support/walk';
import { notWalked } from '../support/walk-types';

type GridSnapshot = SnapshotFrom<typeof usersGridMachine>;

const ME = 'me';
/** The page the server answers: the administrator's own row first, then nine others, of 57 people. */
const page: GridPage<UserRow> = {
  rows: [
    person(0, { id: ME, firstName: 'Ada', lastName: 'Admin', isAulAdmin: true }),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => person(n)),
  ],
  total: 57,
};
const first = page.rows[1]!;
const nameOfFirst = `${first.firstName} ${first.lastName}`;
/** What the server answers for the first person's details (GET ManageUsers/{id}/Details). */
const firstDetails: UserDetails = {
  applications: [
    { applicationId: 'claims', application: 'Claims Portal', roleValue: 'Member' },
    { applicationId: 'wellness', application: 'Wellness Hub', roleValue: 'Coach' },
  ],
};
const clients: Client[] = [
  {
    id: 'acme',
    name: 'Acme Health',
    portalAlias: 'acme',
    oktaPrefix: 'ACME',
    autoSignUp: true,
    allowAccountClosing: true,
    recaptchaFeatureEnabled: true,
    cmsClientId: null,
    ssoId: null,
    scimSignIn: 'activationMail',
    version: 1,
  },
  {
    id: 'globex',
    name: 'Globex Retail',
    portalAlias: 'globex',
    oktaPrefix: 'GLBX',
    autoSignUp: false,
    allowAccountClosing: true,
    recaptchaFeatureEnabled: true,
    cmsClientId: null,
    ssoId: null,
    scimSignIn: 'activationMail',
    version: 1,
  },
];
const record: InstanceRecord = {
  id: first.id,
  clientId: 'acme',
  clientName: 'Acme Health',
  email: first.email,
  firstName: 'María',
  lastName: first.lastName,
  culture: 'en-us',
  ssoUser: false,
  fields: {},
  applicationRoles: [],
  version: 2,
};
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });
const stillThere = new ApiError({
  status: 409,
  code: 'conflict',
  message: 'Someone else changed it.',
  requestId: 'q2',
});

const pageLoaded = actorDone('loadRows', page as GridLoad<UserRow>);
const pageFailed = actorError('loadRows', serverDown);
const noAnswer = gridNoAnswer('usersGrid');
const deleted = actorDone('deleteRow', undefined);
const deleteRefused = actorError('deleteRow', stillThere);
const editorSaved = actorDone('editor', record as unknown);
const editorCancelled = actorDone('editor', undefined as unknown);
const exported = actorDone('exportRows', undefined);
const exportFailed = actorError('exportRows', serverDown);
const deleteFirst = { type: 'row.delete', id: first.id } as const;
const deleteOwn = { type: 'row.delete', id: ME } as const;
const editFirst = { type: 'row.edit', id: first.id } as const;
const add = { type: 'row.add' } as const;
const exportAll = { type: 'grid.export' } as const;
const toggleFirst = { type: 'row.toggle', id: first.id } as const;
const sortName = { type: 'sort.by', column: 'name' } as const;
const confirm = { type: 'delete.confirm' } as const;
const chooseName = { type: 'filter.column', column: 'name' } as const;
const typeName = { type: 'filter.text', text: 'number0' } as const;
const search = { type: 'filter.search' } as const;
const clear = { type: 'filter.clear' } as const;
const nextPage = { type: 'page.go', index: 1 } as const;
const smallerPages = { type: 'page.size', size: 5 } as const;
const globex = { type: 'filter.scope', scope: 'globex' } as const;

type Walked =
  | typeof pageLoaded
  | typeof pageFailed
  | typeof noAnswer.rowsNoAnswer
  | typeof noAnswer.readAgain
  | typeof deleted
  | typeof deleteRefused
  | typeof editorSaved
  | typeof deleteFirst
  | typeof deleteOwn
  | typeof editFirst
  | typeof add
  | typeof exportAll
  | typeof toggleFirst
  | typeof exported
  | typeof exportFailed
  | typeof sortName
  | typeof confirm
  | typeof chooseName
  | typeof typeName
  | typeof search
  | typeof clear
  | typeof nextPage
  | typeof smallerPages
  | typeof globex
  | { type: 'grid.refresh' }
  | { type: 'delete.cancel' };

/**
 * The events each state can meet through the page. The query events are offered from the unfiltered first page only
 * (and the filter steps in order), so the graph stays the size of what the page does: each reads once.
 */
const eventsOf = (s: GridSnapshot): Walked[] => {
  if (s.matches('loading')) return [pageLoaded, pageFailed, noAnswer.rowsNoAnswer];
  if (s.matches('failed')) return [{ type: 'grid.refresh' as const }];
  if (s.matches('offline')) return [noAnswer.readAgain];
  if (s.matches({ ready: 'browsing' })) {
    const { filter, applied, scope, pageIndex, pageSize } = s.context;
    if (applied.column !== undefined) return [clear];
    const pristine = scope === undefined && pageIndex === 0 && pageSize === 10 && s.context.sort === undefined;
    if (!pristine) return [];
    // An open row's details close again; nothing else is walked with them open (they read nothing of the grid).
    if (Object.keys(s.context.details).length > 0) return [toggleFirst];
    if (filter.column === undefined)
      return [
        chooseName,
        nextPage,
        smallerPages,
        globex,
        sortName,
        deleteFirst,
        deleteOwn,
        editFirst,
        add,
        exportAll,
        toggleFirst,
      ];
    if (filter.text === '') return [typeName];
    return [search];
  }
  if (s.matches({ ready: 'confirmingDelete' })) return [confirm, { type: 'delete.cancel' as const }];
  if (s.matches({ ready: 'deleting' })) return [deleted, deleteRefused];
  if (s.matches({ ready: 'exporting' })) return [exported, exportFailed];
  if (s.matches({ ready: 'editing' })) return [editorSaved, editorCancelled];
  return [];
};

function renderPage() {
  const harness = gridHarness<UserRow>();
  const { loadRows, exportRows, deleteRow, notifications } = harness;
  // The real dialog and form, its calls answering at once: the form's own walk is tests/model/profile-form.model.
  const profileForm = profileFormMachine.provide({
    actors: {
      load: fromPromise(() =>
        Promise.resolve(profileLoaded({ form: formDefinition({ instanceId: first.id, email: first.email }) })),
      ),
      save: fromPromise(() => Promise.resolve<ProfileResult>({ kind: 'updated', record })),
    },
  });
  const settings = { culture: 'en-us', role: 'admin', ownId: ME, clientId: 'gatehouse' } as const;
  const editor = createUserDialogMachine(settings).provide({
    actors: { profileForm, loadClients: fromPromise<readonly ClientChoice[]>(() => Promise.resolve(clients)) },
  });
  const logic = usersGridMachine.provide({
    actors: {
      loadRows: loadRows.logic,
      exportRows: exportRows.logic,
      deleteRow: deleteRow.logic,
      editor,
      loadDetails: fromPromise<unknown, { row: UserRow }>(() => Promise.resolve(firstDetails)),
    },
  });
  renderAdminView(
    <UsersScreen
      notifications={notifications.ref}
      profile={{ userId: ME, isAulAdmin: true }}
      settings={settings}
      importPanel={<section aria-label="Import users" />}
      wire={() => logic}
      loadClients={() => Promise.resolve(clients)}
    />,
  );
  return harness;
}

describeWalks(usersGridMachine, {
  title: 'Manage user profiles walk (admin-and-board §2, public-and-profile §2 Grid/Filter, §8, through the real page)',
  events: eventsOf,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref, pageSizes: [5, 10], undeletableIds: [ME] },
      // A state is its value and the query it reads or shows: a page read for another page is another state.
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.filter,
          s.context.applied,
          s.context.scope,
          s.context.pageIndex,
          s.context.pageSize,
          s.context.sort,
          // The dialog of a row and the Add's are two states.
          s.context.target === undefined,
          Object.keys(s.context.details),
        ]),
      journeys: [
        [pageFailed, { type: 'grid.refresh' }],
        [noAnswer.rowsNoAnswer, noAnswer.readAgain, pageLoaded],
        [pageLoaded, deleteFirst, { type: 'delete.cancel' }],
        [pageLoaded, deleteFirst, confirm, deleted],
        [pageLoaded, deleteFirst, confirm, deleteRefused],
        [pageLoaded, deleteOwn],
        [pageLoaded, editFirst, editorSaved],
        [pageLoaded, editFirst, editorCancelled],
        [pageLoaded, add, editorSaved],
        [pageLoaded, add, editorCancelled],
        [pageLoaded, toggleFirst, toggleFirst],
        [pageLoaded, exportAll, exported],
        [pageLoaded, exportAll, exportFailed],
        [pageLoaded, chooseName, typeName, search, pageLoaded, clear, pageLoaded],
      ],
    },
  ],
  start: renderPage,
  describeEvent: (event) => ('output' in event && event.output !== undefined ? 'saved' : undefined),
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 30_000,
  states: {
    ...gridStates<UserRow>(),
    loading: async (s, h) => {
      await expectLoading();
      // What the page asks the server for is the grid's query, not the rows on screen.
      await waitFor(() => {
        expect(h.loadRows.calls.at(-1)).toEqual({
          filter: s.context.applied,
          scope: s.context.scope,
          refinements: {},
          pageIndex: s.context.pageIndex,
          pageSize: s.context.pageSize,
          from: s.context.from,
          sort: s.context.sort,
        });
      });
    },
    'ready.browsing': async (s) => {
      const expected = selectPageRows(s).map((row) => `${row.firstName} ${row.lastName}`);
      await waitFor(() => {
        expect(tableNames(1)).toEqual(expected);
      });
      // An open row shows the person's applications and roles under it, and says it is open.
      const toggle = screen.getByRole('button', { name: new RegExp(`the details of ${nameOfFirst}$`) });
      const open = Object.hasOwn(s.context.details, first.id);
      expect(toggle).toHaveAttribute('aria-expanded', String(open));
      if (open) {
        const region = await screen.findByRole('region', { name: `Details of ${nameOfFirst}` });
        expect(await within(region).findByText('Claims Portal: Member')).toBeInTheDocument();
        expect(within(region).getByText('Wellness Hub: Coach')).toBeInTheDocument();
      } else {
        expect(screen.queryByRole('region', { name: `Details of ${nameOfFirst}` })).toBeNull();
      }
      const paging = selectPaging(s);
      expect(
        screen.getByText(`Page ${String(paging.pageIndex + 1)} of ${String(paging.pageCount)}`),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Search' })).toHaveProperty(
        'disabled',
        !(s.context.filter.column !== undefined && s.context.filter.text.trim() !== ''),
      );
      // The name header says how the grid is sorted (the server's order until it is clicked).
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
        'aria-sort',
        s.context.sort === undefined ? 'none' : 'ascending',
      );
      // The marked place of the import panel is on the page.
      expect(screen.getByRole('region', { name: 'Import users' })).toBeInTheDocument();
    },
    'ready.confirmingDelete': async () => {
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(`Delete the user Person ${first.lastName}?`);
    },
    'ready.editing': async (s) => {
      const dialog = await screen.findByRole('dialog');
      const title = s.context.target === undefined ? 'Add a user' : `Edit the user Person ${first.lastName}`;
      expect(within(dialog).getByText(title)).toBeInTheDocument();
    },
  },
  executors: {
    ...gridExecutors({
      loaded: page,
      readFailure: serverDown,
      deleteRefusal: stillThere,
      deleteFailTitle: 'Instance_Text_DeleteFailTitle',
    }),
    ...noAnswer.executors,
    ...logControlsNotWalked,
    ...serverFilterExecutors(typeName.text),
    'row.toggle': async () => {
      await userEvent.click(
        screen.getByRole('button', { name: new RegExp(`^(Show|Hide) the details of ${nameOfFirst}$`) }),
      );
    },
    'details.retry': notWalked(
      'the details here answer at once: a failed read and Try again are in tests/dom/user-details',
    ),
    'page.size': async () => {
      const select = screen.getByRole('combobox', { name: 'Rows per page' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['5', '10']);
      await userEvent.selectOptions(select, '5');
    },
    'row.add': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    },
    'sort.by': async () => {
      await userEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    },
    'row.edit': async () => {
      await userEvent.click(screen.getByRole('button', { name: `Edit Person ${first.lastName}` }));
    },
    'row.delete': async ({ event }, h) => {
      const name = event.id === ME ? 'Ada Admin' : `Person ${first.lastName}`;
      await userEvent.click(screen.getByRole('button', { name: `Delete ${name}` }));
      if (event.id === ME)
        await expectErrorSnackbar(h.notifications, 'Instance_Text_DeleteFailTitle', {
          id: 'Instance_Text_DeleteFailCurrentLogin',
        });
    },
    [doneEventType('editor')]: async ({ event }) => {
      // The Add's dialog (no row) is titled so; the provider administrator chooses the client first.
      const creating = within(await screen.findByRole('dialog')).queryByText('Add a user') !== null;
      if (creating) await chooseClient('Acme Health');
      const dialog = await screen.findByRole('dialog');
      // The form in Admin mode: the Profile step and the application's role step, no Security step.
      await waitFor(() => {
        expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
      });
      expect(within(dialog).queryByText('Security')).toBeNull();
      // Another person's row offers resets of their sign-in (tests/dom/user-dialog-sign-in-resets); a new person none.
      for (const reset of ['Clear sessions', 'Reset factors'])
        expect(within(dialog).queryByRole('button', { name: reset }) !== null).toBe(!creating);
      // A new person's e-mail is typed in (and required); a person's own stays as read.
      const email = within(dialog).getByRole('textbox', { name: /Email address/ });
      expect(email).toHaveProperty('readOnly', !creating);
      if (creating && event.output !== undefined) await userEvent.type(email, 'new.person@acme.test');
      await userEvent.click(
        within(dialog).getByRole('button', { name: event.output === undefined ? 'Cancel' : 'Save' }),
      );
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).toBeNull();
      });
    },
  },
});

/** The provider administrator's Add: the client list, one chosen, Continue (disabled until then). */
async function chooseClient(name: string) {
  const dialog = await screen.findByRole('dialog');
  const select = await within(dialog).findByRole('combobox', { name: /Client of the new user/ });
  expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['—', 'Acme Health', 'Globex Retail']);
  await userEvent.selectOptions(select, name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
}
