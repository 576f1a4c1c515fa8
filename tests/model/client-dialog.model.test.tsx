/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import { offeredTemplates } from '@machines/client-application-dialog/template-draft';
import { isClientFormValid } from '@machines/client-dialog/client-draft';
import { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import type { Client } from '@contracts/admin/clients';
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
  isDoneEvent,
  isErrorEvent,
} from '../support/controlled-actor';
import { describeWalks, type WalkEvent } from '../support/walk';

type Snapshot = SnapshotFrom<typeof clientDialogMachine>;
/** The grid's editor input without the notifications ref, which each run supplies. */
type Opened = { row: Client | undefined };
/** The graph only needs a ref to compute transitions; the walks run with the real notifications actor. */
const graphNotifications = recordingNotifications().ref;
const en = (id: string) => catalogueText('en-us', id);

const globex = acme({ id: ids.newClient, name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX', version: 1 });
const savedTemplate = benefitsTemplate({ templateId: ids.agentTemplate, version: 3 });
const serverFailure = apiError(500, 'internal', 'The database is not answering');
const activationFailure = apiError(409, 'stale_update', 'Claims Portal was changed by someone else');

const sitesLoaded = actorDone('loadCmsSites', cmsSites);
const globexTyped = {
  type: 'client.edit',
  changes: { name: 'Globex', oktaPrefix: 'GLOBEX', portalAlias: 'globex' },
} as const;
const save = { type: 'client.save' } as const;
const aliasRefused = actorError('createClient', aliasTaken());
const acmeApplicationsLoaded = actorDone('loadApplications', acmeApplications());
const acmeUpdated = actorDone('updateClient', acme({ name: 'Acme Health Plans', version: 4 }));
const activationRefused = actorError('saveActivation', activationFailure);
const editBenefitsTemplate = { type: 'template.edit', applicationId: ids.benefits } as const;
const templateSaved = actorDone('clientApplicationDialog', savedTemplate);

/** The events the person and the server may produce, with the answers each call gets in the walk. */
const newClientEvents = [
  sitesLoaded,
  actorError('loadCmsSites', serverFailure),
  globexTyped,
  save,
  actorDone('createClient', { id: ids.newClient, object: globex }),
  aliasRefused,
  actorDone('loadApplications', freshApplications(ids.newClient)),
  { type: 'application.toggle', applicationId: ids.claims, active: true },
  actorDone('updateClient', { ...globex, version: 2 }),
  actorDone('saveActivation', undefined),
  { type: 'dialog.cancel' },
] satisfies WalkEvent<typeof clientDialogMachine>[];

const existingClientEvents = [
  sitesLoaded,
  acmeApplicationsLoaded,
  actorError('loadApplications', serverFailure),
  { type: 'client.edit', changes: { name: 'Acme Health Plans' } },
  { type: 'application.toggle', applicationId: ids.claims, active: true },
  editBenefitsTemplate,
  templateSaved,
  save,
  acmeUpdated,
  actorError('updateClient', staleUpdate()),
  actorDone('saveActivation', undefined),
  activationRefused,
  { type: 'dialog.cancel' },
] satisfies WalkEvent<typeof clientDialogMachine>[];

/** The call each state waits on: an answer is only offered where a call is in flight (XState fails on others). */
const invokedIn: Record<string, string> = {
  loadingSites: 'loadCmsSites',
  loadingApplications: 'loadApplications',
  creating: 'createClient',
  updating: 'updateClient',
  activating: 'saveActivation',
  editingTemplate: 'clientApplicationDialog',
};

/** The fakes at the actor seam: every call of both dialogs parks until the walk answers it. */
function createCalls() {
  return {
    loadCmsSites: createControlledActor<typeof cmsSites, undefined>(),
    loadApplications: createControlledActor<ReturnType<typeof acmeApplications>, { clientId: string }>(),
    createClient: createControlledActor<{ id: string; object: typeof globex }, unknown>(),
    updateClient: createControlledActor<typeof globex, unknown>(),
    saveActivation: createControlledActor<undefined, unknown>(),
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
      loadCmsSites: calls.loadCmsSites.logic,
      loadApplications: calls.loadApplications.logic,
      createClient: calls.createClient.logic as never,
      updateClient: calls.updateClient.logic as never,
      saveActivation: calls.saveActivation.logic as never,
      clientApplicationDialog: clientApplicationDialogMachine.provide({
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

/** Answers the call the machine is waiting on, once it is really waiting. */
async function settle(harness: Harness, name: CallName, answer: { output: unknown } | { error: unknown }) {
  await answerCall(harness.calls[name], answer);
}

const dialogTitle = (s: Snapshot) =>
  s.context.client === undefined ? en('Client_Text_NewTitle') : `Client ${s.context.client.name}`;
const saveButton = () => screen.getByRole('button', { name: en('Client_Button_Save') });
/** An input of the client tab; it may be behind the Applications tab, which hides it without unmounting it. */
const field = (id: string) => screen.getByRole('textbox', { name: new RegExp(`^${en(id)}`), hidden: true });

async function expectOpen(s: Snapshot, harness: Harness) {
  expect(await screen.findByText(dialogTitle(s))).toBeInTheDocument();
  // The warning shows until the client has been saved once (admin-and-board §2).
  if (s.context.client === undefined) expect(screen.getByTestId('save-first-warning')).toBeInTheDocument();
  else expect(screen.queryByTestId('save-first-warning')).not.toBeInTheDocument();
  // An existing PortalAlias is read-only (§4).
  if (s.context.client === undefined) expect(field('Client_Field_PortalAlias')).not.toHaveAttribute('readonly');
  else expect(field('Client_Field_PortalAlias')).toHaveAttribute('readonly');
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
async function openApplicationsTab(harness: Harness) {
  await user(harness).click(screen.getByRole('tab', { name: en('Client_Text_ApplicationsTab') }));
}

/** Server answers: done and error events settle the parked call; the nested dialog is driven through its view. */
async function answer(harness: Harness, event: { type: string; output?: unknown; error?: unknown }) {
  const name = actorIdOf(event.type);
  if (name === 'clientApplicationDialog') {
    await settle(harness, 'templateLoad', {
      output: { templates: offeredTemplates(templates), record: benefitsTemplate() },
    });
    const nested = await screen.findByRole('combobox', { name: /^Template/ });
    await user(harness).selectOptions(nested, 'Agent form');
    const saves = screen.getAllByRole('button', { name: en('ClientApplication_Button_Save') });
    await user(harness).click(saves[saves.length - 1] as HTMLElement);
    await settle(harness, 'templateSave', { output: event.output });
    return;
  }
  if (isErrorEvent(event.type)) {
    const message = (event.error as Error).message;
    harness.notice =
      (event.error as { code?: string }).code === 'stale_update' && name === 'updateClient' ? undefined : message;
    await settle(harness, name as CallName, { error: event.error });
    return;
  }
  await settle(harness, name as CallName, { output: event.output });
}

const answerStep = ({ event }: { event: { type: string; output?: unknown; error?: unknown } }, harness: Harness) =>
  answer(harness, event);

const filterEvents = (s: Snapshot, event: { type: string }) =>
  !(isDoneEvent(event.type) || isErrorEvent(event.type)) ||
  invokedIn[typeof s.value === 'string' ? s.value : ''] === actorIdOf(event.type);
/** What the person can see differ: the state, whether the client is saved, the problem, the sites and applications. */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    saved: s.context.client !== undefined,
    problem: s.context.problem,
    sites: s.context.sites.length,
    applications: s.context.applications?.map((app) => app.active),
    valid: isClientFormValid(s.context.form),
  });
const newClient = { row: undefined, notifications: graphNotifications };
const existingClient = { row: acme(), notifications: graphNotifications };

describeWalks(clientDialogMachine, {
  title: 'client dialog model walk (admin-and-board §2, §4, through the real dialog)',
  events: [...newClientEvents, ...existingClientEvents],
  scenarios: [
    {
      name: 'new client',
      input: newClient,
      events: newClientEvents,
      filterEvents,
      serializeState,
      // Failures the shortest paths do not need to pass through, walked as journeys.
      journeys: [[sitesLoaded, globexTyped, save, aliasRefused]],
    },
    {
      name: 'existing client',
      input: existingClient,
      events: existingClientEvents,
      filterEvents,
      serializeState,
      journeys: [
        [sitesLoaded, acmeApplicationsLoaded, save, acmeUpdated, activationRefused],
        // The nested dialog's answer leads back to editing, reached before.
        [sitesLoaded, acmeApplicationsLoaded, editBenefitsTemplate, templateSaved],
      ],
    },
  ],
  start: ({ input }: { input?: Opened }) => startDialog({ row: input?.row }),
  describeEvent: (event) =>
    'error' in event && event.error instanceof Error ? (event.error as { code?: string }).code : undefined,
  // Each walk types into a real Chakra dialog; on the two shared cores that takes seconds, not a timing assertion.
  timeout: 30_000,
  states: {
    loadingSites: async (s, harness) => {
      await expectOpen(s, harness);
      expect(saveButton()).toBeDisabled();
    },
    loadingApplications: async (s, harness) => {
      await expectOpen(s, harness);
      expect(saveButton()).toBeDisabled();
    },
    editing: async (s, harness) => {
      await expectOpen(s, harness);
      // Save is enabled exactly when the contract accepts the input.
      await waitFor(() => {
        if (isClientFormValid(s.context.form)) expect(saveButton()).toBeEnabled();
        else expect(saveButton()).toBeDisabled();
      });
      if (s.context.problem === 'stale_update') {
        expect(screen.getByRole('alert')).toHaveTextContent(en('Client_Text_StaleUpdate'));
        expect(field('Client_Field_ClientName')).toHaveValue(s.context.form.name);
      }
      const applications = s.context.applications;
      if (applications) {
        for (const app of applications) {
          const box = screen.getByRole('checkbox', { name: app.applicationName, hidden: true });
          if (app.active) expect(box).toBeChecked();
          else expect(box).not.toBeChecked();
        }
      }
    },
    editingTemplate: async () => {
      expect(await screen.findByText('Template of Benefits Center')).toBeInTheDocument();
    },
    creating: async (s, harness) => {
      await expectOpen(s, harness);
      expect(saveButton()).toBeDisabled();
    },
    updating: async (s, harness) => {
      await expectOpen(s, harness);
      expect(saveButton()).toBeDisabled();
    },
    // Save-then-activate: the dialog is already closed while the activation is on its way.
    activating: async (_s, harness) => {
      await expectClosed(harness);
      await waitFor(() => {
        expect(harness.calls.saveActivation.waiting()).toBe(1);
      });
    },
    saved: (_s, harness) => expectClosed(harness),
    cancelled: (_s, harness) => expectClosed(harness),
  },
  executors: {
    'client.edit': async ({ event }, harness) => {
      await user(harness).click(screen.getByRole('tab', { name: en('Client_Text_ClientTab') }));
      for (const [key, value] of Object.entries(event.changes)) {
        const id = {
          name: 'Client_Field_ClientName',
          oktaPrefix: 'Client_Field_OktaPrefix',
          portalAlias: 'Client_Field_PortalAlias',
        }[key];
        if (!id || typeof value !== 'string') continue;
        await user(harness).clear(field(id));
        await user(harness).type(field(id), value);
      }
    },
    'client.save': async (_step, harness) => {
      harness.notice = undefined;
      await user(harness).click(saveButton());
    },
    'dialog.cancel': async (_step, harness) => {
      await user(harness).click(screen.getByRole('button', { name: en('Client_Button_Cancel') }));
    },
    'application.toggle': async (_step, harness) => {
      await openApplicationsTab(harness);
      await user(harness).click(screen.getByRole('checkbox', { name: 'Claims Portal' }));
    },
    'template.edit': async (_step, harness) => {
      await openApplicationsTab(harness);
      await user(harness).click(screen.getByRole('button', { name: 'Edit the template of Benefits Center' }));
    },
    [doneEventType('loadCmsSites')]: answerStep,
    [errorEventType('loadCmsSites')]: answerStep,
    [doneEventType('loadApplications')]: answerStep,
    [errorEventType('loadApplications')]: answerStep,
    [doneEventType('createClient')]: answerStep,
    [errorEventType('createClient')]: answerStep,
    [doneEventType('updateClient')]: answerStep,
    [errorEventType('updateClient')]: answerStep,
    [doneEventType('saveActivation')]: answerStep,
    [errorEventType('saveActivation')]: answerStep,
    [doneEventType('clientApplicationDialog')]: answerStep,
  },
});
