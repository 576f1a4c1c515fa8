/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import { offeredTemplates } from '@machines/client-application-dialog/template-draft';
import { isClientFormValid, type SaveClientInput } from '@machines/client-dialog/client-draft';
import { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import type { ActivationInput, ClientLoaded } from '@machines/client-dialog/client-dialog.types';
import { selectApplicationRows, selectClient } from '@machines/client-dialog/client-dialog.selectors';
import type { Client } from '@contracts/admin/clients';
import { ApiError } from '@contracts/failures';
import { recordingNotifications } from '../support/recording-ref';
import { ClientDialog } from '@src/admin/clients/ClientDialog';
import { answerCall, renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  acme,
  acmeApplications,
  aliasTaken,
  apiError,
  benefitsTemplate,
  cmsSites,
  freshApplications,
  ids,
  staleUpdate,
  templates,
} from '../support/client-fixtures';
import {
  actorDone,
  actorError,
  actorIdOf,
  createControlledActor,
  doneEventType,
  errorEventType,
  isErrorEvent,
} from '../support/controlled-actor';
import { describeWalks, notWalked } from '../support/walk';

type Snapshot = SnapshotFrom<typeof clientDialogMachine>;
/** The grid's editor input without the notifications ref, which each run supplies. */
type Opened = { row: Client | undefined };
/** The graph only needs a ref to compute transitions; the walks run with the real notifications actor. */
const graphNotifications = recordingNotifications().ref;
const en = (id: string) => catalogueText('en-us', id);

const globex = acme({ id: ids.newClient, name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX', version: 1 });
/** Someone else saved Acme after the dialog read it. */
const theirs = acme({ name: 'Acme Health Group', version: 5 });
const savedTemplate = benefitsTemplate({ templateId: ids.agentTemplate, version: 3 });
const serverFailure = apiError(500, 'internal', 'The database is not answering');
const activationFailure = apiError(409, 'stale_update', 'Claims Portal was changed by someone else');

/** What each read answers: the first opening (new or Acme), the new client after its first save, their Acme. */
const reads = {
  newClient: { sites: cmsSites, client: undefined, applications: undefined },
  acme: { sites: cmsSites, client: acme(), applications: acmeApplications() },
  globex: { sites: cmsSites, client: globex, applications: freshApplications(ids.newClient) },
  theirs: { sites: cmsSites, client: theirs, applications: acmeApplications() },
} satisfies Record<string, ClientLoaded>;
const readName = (loaded: unknown) => Object.entries(reads).find(([, read]) => read === loaded)?.[0] ?? 'unknown read';

/** The read the machine is waiting on: which one depends on what it read before. */
const readFor = (s: Snapshot): ClientLoaded => {
  const before = s.context.loaded;
  if (before === undefined) return s.context.input.row ? reads.acme : reads.newClient;
  return before.client?.id === ids.newClient ? reads.globex : reads.theirs;
};

const globexTyped = {
  type: 'edit',
  changes: { kind: 'client', form: { name: 'Globex', oktaPrefix: 'GLOBEX', portalAlias: 'globex' } },
} as const;
const acmeRenamed = { type: 'edit', changes: { kind: 'client', form: { name: 'Acme Health Plans' } } } as const;
const claimsTicked = {
  type: 'edit',
  changes: { kind: 'application', applicationId: ids.claims, active: true },
} as const;
const save = { type: 'save' } as const;
const cancel = { type: 'cancel' } as const;
const openBenefitsTemplate = { type: 'open', key: ids.benefits } as const;
const loadFailed = actorError('load', serverFailure);
const created = actorDone('save', globex);
const globexUpdated = actorDone('save', { ...globex, version: 2 });
const acmeUpdated = actorDone('save', acme({ name: 'Acme Health Plans', version: 6 }));
const aliasRefused = actorError('save', aliasTaken());
const staleSave = actorError('save', staleUpdate());
const activated = actorDone('followUp', undefined);
const activationRefused = actorError('followUp', activationFailure);
const templateSaved = actorDone('nested', savedTemplate);
const loaded = (read: ClientLoaded) => actorDone('load', read);

type Walked =
  | typeof globexTyped
  | typeof acmeRenamed
  | typeof claimsTicked
  | typeof save
  | typeof cancel
  | typeof openBenefitsTemplate
  | { readonly type: 'reload' }
  | { readonly type: 'keepMine' }
  | ReturnType<typeof loaded>
  /** Every failed read: one type, whatever the error. */
  | typeof loadFailed
  /** Every save's answer and failure: one type each, whatever the client or the error. */
  | typeof created
  | typeof aliasRefused
  | typeof activated
  | typeof activationRefused
  | typeof templateSaved;

/** The events each state can meet: a call's answers only while it runs, the person's input only where it shows. */
const eventsOf = (s: Snapshot): Walked[] => {
  const saved = selectClient(s) !== undefined;
  switch (s.value) {
    case 'loading':
      return [loaded(readFor(s)), loadFailed, cancel];
    case 'editing':
      // Renaming shows nothing the walk does not see otherwise; it is walked in the conflict journeys.
      return saved ? [claimsTicked, openBenefitsTemplate, save, cancel] : [globexTyped, save, cancel];
    case 'saving':
      // A stale update is walked on an existing client (the new one was just created: nobody else has saved it).
      return !saved ? [created, aliasRefused] : s.context.input.row ? [acmeUpdated, staleSave] : [globexUpdated];
    case 'conflict':
      return [{ type: 'reload' }, { type: 'keepMine' }, cancel];
    case 'overwriting':
      return [loaded(readFor(s))];
    case 'followingUp':
      return [activated, activationRefused];
    case 'nested':
      return [templateSaved];
    default:
      return [];
  }
};

/** The fakes at the actor seam: every call of both dialogs parks until the walk answers it. */
function createCalls() {
  return {
    load: createControlledActor<ClientLoaded, unknown>(),
    save: createControlledActor<Client, SaveClientInput>(),
    followUp: createControlledActor<unknown, ActivationInput>(),
    templateLoad: createControlledActor<unknown, unknown>(),
    templateSave: createControlledActor<ReturnType<typeof benefitsTemplate>, unknown>(),
  };
}
type Calls = ReturnType<typeof createCalls>;
type CallName = keyof Calls;

type Harness = {
  calls: Calls;
  user: ReturnType<typeof userEvent.setup>;
  /** The server message the snackbar must show after the last failure, if it was one. */
  notice: string | undefined;
};

function startDialog(input: Opened): Harness {
  const calls = createCalls();
  const logic = clientDialogMachine.provide({
    actors: {
      load: calls.load.logic as never,
      save: calls.save.logic,
      followUp: calls.followUp.logic,
      nested: clientApplicationDialogMachine.provide({
        actors: {
          load: calls.templateLoad.logic as never,
          save: calls.templateSave.logic as never,
        },
      }),
    },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ ...input, notifications }),
    view: (dialogRef) => <ClientDialog dialogRef={dialogRef} />,
  });
  return { calls, user: userEvent.setup(), notice: undefined };
}

const dialogTitle = (s: Snapshot) => {
  const client = selectClient(s);
  return client === undefined ? en('Client_Text_NewTitle') : `Client ${client.name}`;
};
const saveButton = () => screen.getByRole('button', { name: en('Client_Button_Save') });
/** An input of the client tab; it may be behind the Applications tab, which hides it without unmounting it. */
const field = (id: string) => screen.getByRole('textbox', { name: new RegExp(`^${en(id)}`), hidden: true });

async function expectOpen(s: Snapshot, harness: Harness) {
  expect(await screen.findByText(dialogTitle(s))).toBeInTheDocument();
  const saved = selectClient(s) !== undefined;
  // The warning shows until the client has been saved once (admin-and-board §2).
  if (saved) expect(screen.queryByTestId('save-first-warning')).not.toBeInTheDocument();
  else expect(screen.getByTestId('save-first-warning')).toBeInTheDocument();
  // An existing PortalAlias is read-only (§4).
  if (saved) expect(field('Client_Field_PortalAlias')).toHaveAttribute('readonly');
  else expect(field('Client_Field_PortalAlias')).not.toHaveAttribute('readonly');
  if (harness.notice !== undefined) {
    expect(within(await screen.findByTestId('snackbar')).getByText(harness.notice)).toBeInTheDocument();
    expect(within(screen.getByTestId('snackbar')).getByText(en('Global_Text_FailTitle'))).toBeInTheDocument();
  }
}

async function expectClosed(harness: Harness) {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  if (harness.notice !== undefined) {
    expect(within(await screen.findByTestId('snackbar')).getByText(harness.notice)).toBeInTheDocument();
  }
}

const user = (harness: Harness) => harness.user;
async function openTab(harness: Harness, id: 'Client_Text_ClientTab' | 'Client_Text_ApplicationsTab') {
  await user(harness).click(screen.getByRole('tab', { name: en(id) }));
}

/** Server answers: done and error events settle the parked call; the nested dialog is driven through its view. */
async function answer(harness: Harness, event: { type: string; output?: unknown; error?: unknown }) {
  const name = actorIdOf(event.type);
  if (name === 'nested') {
    await answerCall(harness.calls.templateLoad, {
      output: { templates: offeredTemplates(templates), record: benefitsTemplate() },
    });
    const nested = await screen.findByRole('combobox', { name: /^Template/ });
    await user(harness).selectOptions(nested, 'Agent form');
    const saves = screen.getAllByRole('button', { name: en('ClientApplication_Button_Save') });
    await user(harness).click(saves[saves.length - 1] as HTMLElement);
    await answerCall(harness.calls.templateSave, { output: event.output });
    return;
  }
  if (isErrorEvent(event.type)) {
    // A stale save is explained in the dialog; every other failure is a snackbar with the server's message.
    const stale = name === 'save' && (event.error as { code?: string }).code === 'stale_update';
    harness.notice = stale ? undefined : (event.error as Error).message;
    await answerCall(harness.calls[name as CallName], { error: event.error });
    return;
  }
  await answerCall(harness.calls[name as CallName], { output: event.output });
}

const answerStep = ({ event }: { event: { type: string; output?: unknown; error?: unknown } }, harness: Harness) =>
  answer(harness, event);

/**
 * What the person can see differ: the state, the client (its title), the name typed, whether it was read before, the
 * lists. Everything a state's assertion reads is here: the graph keeps one snapshot per key, whichever path met it.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    client: selectClient(s)?.name,
    name: s.context.draft.form.name,
    readBefore: s.context.loaded !== undefined,
    sites: s.context.loaded?.sites.length,
    applications: selectApplicationRows(s)?.map((row) => row.active),
    valid: isClientFormValid(s.context.draft.form),
  });
const newClient = { row: undefined, notifications: graphNotifications };
const existingClient = { row: acme(), notifications: graphNotifications };

describeWalks(clientDialogMachine, {
  title: 'client dialog model walk (admin-and-board §2, §4, through the real dialog)',
  events: eventsOf,
  scenarios: [
    {
      name: 'new client',
      input: newClient,
      serializeState,
      // Failures the shortest paths do not need to pass through, walked as journeys.
      journeys: [[loaded(reads.newClient), globexTyped, save, aliasRefused]],
    },
    {
      name: 'existing client',
      input: existingClient,
      serializeState,
      journeys: [
        [loaded(reads.acme), save, acmeUpdated, activationRefused],
        // The nested dialog's answer leads back to editing, reached before.
        [loaded(reads.acme), openBenefitsTemplate, templateSaved],
        // A conflict, both ways out, walked to their end.
        [loaded(reads.acme), acmeRenamed, save, staleSave, { type: 'reload' }, loaded(reads.theirs)],
        [
          loaded(reads.acme),
          acmeRenamed,
          claimsTicked,
          save,
          staleSave,
          { type: 'keepMine' },
          loaded(reads.theirs),
          acmeUpdated,
          activated,
        ],
      ],
    },
  ],
  start: ({ input }: { input?: Opened }) => startDialog({ row: input?.row }),
  describeEvent: (event) =>
    event.type === 'edit'
      ? event.changes.kind === 'client'
        ? Object.keys(event.changes.form).join('+')
        : 'Claims Portal ticked'
      : 'error' in event && event.error instanceof ApiError
        ? event.error.code
        : event.type === doneEventType('load')
          ? readName(event.output)
          : undefined,
  // Each walk types into a real Chakra dialog; on the two shared cores that takes seconds, not a timing assertion.
  timeout: 30_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async (s, harness) => {
      await expectOpen(s, harness);
      expect(saveButton()).toBeDisabled();
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
    },
    editing: async (s, harness) => {
      await expectOpen(s, harness);
      // Save is enabled exactly when the contract accepts the input.
      await waitFor(() => {
        if (isClientFormValid(s.context.draft.form)) expect(saveButton()).toBeEnabled();
        else expect(saveButton()).toBeDisabled();
      });
      expect(field('Client_Field_ClientName')).toHaveValue(s.context.draft.form.name);
      for (const row of selectApplicationRows(s) ?? []) {
        const box = screen.getByRole('checkbox', { name: row.applicationName, hidden: true });
        if (row.active) expect(box).toBeChecked();
        else expect(box).not.toBeChecked();
      }
    },
    saving: async (s, harness) => {
      await expectOpen(s, harness);
      await waitFor(() => {
        expect(saveButton()).toBeDisabled();
      });
      expect(harness.calls.save.waiting()).toBe(1);
    },
    // Someone saved the client after it was read: the stale text, its two ways out, the input kept, no plain Save.
    conflict: async (s, harness) => {
      await expectOpen(s, harness);
      expect(await screen.findByRole('alert')).toHaveTextContent(en('Client_Text_StaleUpdate'));
      expect(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
      expect(screen.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
      expect(saveButton()).toBeDisabled();
      expect(field('Client_Field_ClientName')).toHaveValue(s.context.draft.form.name);
    },
    // "Keep mine" reads the client's current version first, then saves over it.
    overwriting: async (s, harness) => {
      await expectOpen(s, harness);
      expect(saveButton()).toBeDisabled();
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
    },
    // Save-then-activate: the dialog is already closed while the activation is on its way.
    followingUp: async (_s, harness) => {
      await expectClosed(harness);
      await waitFor(() => {
        expect(harness.calls.followUp.waiting()).toBe(1);
      });
    },
    nested: async () => {
      expect(await screen.findByText('Template of Benefits Center')).toBeInTheDocument();
    },
    failed: notWalked('a failed read falls back to editing without sites or applications (onLoadFailure fallback)'),
    unauthorised: notWalked("a 401 goes to the host's one 401 policy; pinned in the client dialog's specs"),
    saved: (_s, harness) => expectClosed(harness),
    cancelled: (_s, harness) => expectClosed(harness),
  },
  executors: {
    edit: async ({ event }, harness) => {
      const { changes } = event;
      if (changes.kind === 'application') {
        await openTab(harness, 'Client_Text_ApplicationsTab');
        await user(harness).click(screen.getByRole('checkbox', { name: 'Claims Portal' }));
        return;
      }
      await openTab(harness, 'Client_Text_ClientTab');
      const labelIds: Record<string, string> = {
        name: 'Client_Field_ClientName',
        oktaPrefix: 'Client_Field_OktaPrefix',
        portalAlias: 'Client_Field_PortalAlias',
      };
      for (const [key, value] of Object.entries(changes.form)) {
        const id = labelIds[key];
        if (id === undefined || typeof value !== 'string') continue;
        await user(harness).clear(field(id));
        await user(harness).type(field(id), value);
      }
    },
    save: async (_step, harness) => {
      harness.notice = undefined;
      await user(harness).click(saveButton());
    },
    cancel: async (_step, harness) => {
      await user(harness).click(screen.getByRole('button', { name: en('Client_Button_Cancel') }));
    },
    open: async (_step, harness) => {
      await openTab(harness, 'Client_Text_ApplicationsTab');
      await user(harness).click(screen.getByRole('button', { name: 'Edit the template of Benefits Center' }));
    },
    reload: async (_step, harness) => {
      await user(harness).click(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') }));
    },
    keepMine: async (_step, harness) => {
      await user(harness).click(screen.getByRole('button', { name: en('Global_Button_KeepMine') }));
    },
    [doneEventType('load')]: answerStep,
    [errorEventType('load')]: answerStep,
    [doneEventType('save')]: answerStep,
    [errorEventType('save')]: answerStep,
    [doneEventType('followUp')]: answerStep,
    [errorEventType('followUp')]: answerStep,
    [doneEventType('nested')]: answerStep,
  },
});
