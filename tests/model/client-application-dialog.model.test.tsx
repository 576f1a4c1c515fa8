/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import { isTemplateFormValid, offeredTemplates } from '@machines/client-application-dialog/template-draft';
import { ClientApplicationDialog } from '@src/admin/clients/ClientApplicationDialog';
import { renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import { apiError, benefitsTemplate, ids, staleUpdate, templates } from '../support/client-fixtures';
import {
  actorDone,
  actorError,
  actorIdOf,
  answersCallInFlight,
  createControlledActor,
  doneEventType,
  errorEventType,
  isErrorEvent,
} from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

const en = (id: string) => catalogueText('en-us', id);

const opened = { clientApplicationId: ids.acmeBenefits, applicationName: 'Benefits Center' };
const saveRefused = apiError(400, 'validation_failed', 'rolesApiUrl: not an address');

const loaded = {
  templates: offeredTemplates(templates),
  record: benefitsTemplate({ templateId: ids.defaultTemplate }),
};
const recordLoaded = actorDone('load', loaded);
const chooseAgent = { type: 'edit', changes: { templateId: ids.agentTemplate } } as const;
const save = { type: 'save' } as const;
const refused = actorError('save', saveRefused);
const events = [
  recordLoaded,
  actorError('load', apiError(500, 'internal', 'Templates are not answering')),
  chooseAgent,
  save,
  actorDone('save', benefitsTemplate({ templateId: ids.agentTemplate, version: 3 })),
  refused,
  actorError('save', staleUpdate()),
  { type: 'cancel' },
  { type: 'reload' },
  { type: 'keepMine' },
] satisfies WalkEvent<typeof clientApplicationDialogMachine>[];

function createCalls() {
  return {
    load: createControlledActor<typeof loaded, unknown>(),
    save: createControlledActor<ReturnType<typeof benefitsTemplate>, unknown>(),
  };
}
type Calls = ReturnType<typeof createCalls>;
type Harness = { calls: Calls; user: ReturnType<typeof userEvent.setup>; notice: string | undefined };

function startDialog(): Harness {
  const calls = createCalls();
  const logic = clientApplicationDialogMachine.provide({
    actors: {
      load: calls.load.logic as never,
      save: calls.save.logic as never,
    },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ ...opened, notifications }),
    view: (dialogRef) => <ClientApplicationDialog dialogRef={dialogRef} />,
  });
  return { calls, user: userEvent.setup(), notice: undefined };
}

const title = 'Template of Benefits Center';
const templateSelect = () =>
  screen.getByRole('combobox', { name: new RegExp(`^${en('ClientApplication_Field_Template')}`) });
const saveButton = () => screen.getByRole('button', { name: en('ClientApplication_Button_Save') });

/** The dialog says that someone else saved the record first, and only then. */
function expectStaleMessage(stale: boolean) {
  const alert = screen.queryByRole('alert');
  if (stale) expect(alert).toHaveTextContent(en('ClientApplication_Text_StaleUpdate'));
  else expect(alert).not.toBeInTheDocument();
}

/** A conflict offers its two ways out, and no plain Save. */
function expectConflictChoice() {
  expect(saveButton()).toBeDisabled();
  expect(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
  expect(screen.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
}

async function expectNotice(harness: Harness) {
  if (harness.notice === undefined) return;
  const snackbar = await screen.findByTestId('snackbar');
  expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
  expect(snackbar).toHaveTextContent(harness.notice);
}

async function settle(harness: Harness, event: { type: string; output?: unknown; error?: unknown }) {
  const call = harness.calls[actorIdOf(event.type) as keyof Calls];
  await waitFor(() => {
    expect(call.waiting()).toBe(1);
  });
  const failed = isErrorEvent(event.type);
  harness.notice =
    failed && (event.error as { code?: string }).code !== 'stale_update' ? (event.error as Error).message : undefined;
  await act(async () => {
    if (failed) call.reject(event.error);
    else (call.resolve as (output: unknown) => void)(event.output);
    await Promise.resolve();
  });
}

/** A server answer: the parked call of the event's actor is settled with its output or its error. */
const answer = ({ event }: { event: { type: string; output?: unknown; error?: unknown } }, harness: Harness) =>
  settle(harness, event);

describeWalks(clientApplicationDialogMachine, {
  title: 'client-application dialog model walk (admin-and-board §2, §8, through the real dialog)',
  events,
  scenarios: [
    {
      input: { ...opened, notifications: recordingNotifications().ref },
      // An answer only where its call is in flight.
      filterEvents: (s, event) => answersCallInFlight(s, event.type),
      /** What the person can see differ: the state, the choice, the stale message, and how the dialog ended. */
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          chosen: s.context.draft.templateId,
          problem: s.context.problem,
          saved: s.context.saved !== undefined,
        }),
      /** A refused save ends where a choice was made, so the shortest paths skip it: it is walked as a journey. */
      journeys: [[recordLoaded, chooseAgent, save, refused]],
    },
  ],
  start: startDialog,
  describeEvent: (event) =>
    'error' in event && event.error instanceof Error ? (event.error as { code?: string }).code : undefined,
  timeout: 30_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async () => {
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(en('Global_Text_Loading'));
    },
    editing: async (s, harness) => {
      // The Default template is never offered; a record on it starts with no choice.
      const options = within(await screen.findByRole('combobox', { name: /^Template/ }))
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options).toEqual([en('Global_Text_Select'), 'Member form', 'Agent form']);
      expect(templateSelect()).toHaveValue(s.context.draft.templateId ?? '');
      expect(screen.getByRole('textbox', { name: en('ClientApplication_Field_OktaContainer') })).toHaveValue(
        'acme-benefits',
      );
      await waitFor(() => {
        if (isTemplateFormValid(s.context.draft, 2)) expect(saveButton()).toBeEnabled();
        else expect(saveButton()).toBeDisabled();
      });
      expectStaleMessage(false);
      await expectNotice(harness);
    },
    saving: () => {
      expect(saveButton()).toBeDisabled();
    },
    conflict: async (s) => {
      await waitFor(() => {
        expectStaleMessage(true);
      });
      // The draft is still on screen.
      expect(templateSelect()).toHaveValue(s.context.draft.templateId ?? '');
      expectConflictChoice();
    },
    overwriting: async (_s, harness) => {
      // "Keep mine" reads the record's current version first, then saves the draft over it.
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
      expect(saveButton()).toBeDisabled();
    },
    failed: notWalked('a failed load closes this dialog (onLoadFailure: close): walked as cancelled'),
    unauthorised: notWalked("a 401 goes to the host's one 401 policy; pinned in the editor pattern's specs"),
    saved: async () => {
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
    },
    cancelled: async (_s, harness) => {
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      await expectNotice(harness);
    },
  },
  executors: {
    edit: async (_step, harness) => {
      await harness.user.selectOptions(templateSelect(), 'Agent form');
    },
    save: async (_step, harness) => {
      harness.notice = undefined;
      await harness.user.click(saveButton());
    },
    cancel: async (_step, harness) => {
      await harness.user.click(screen.getByRole('button', { name: en('ClientApplication_Button_Cancel') }));
    },
    reload: async (_step, harness) => {
      await harness.user.click(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') }));
    },
    keepMine: async (_step, harness) => {
      await harness.user.click(screen.getByRole('button', { name: en('Global_Button_KeepMine') }));
    },
    [doneEventType('load')]: answer,
    [errorEventType('load')]: answer,
    [doneEventType('save')]: answer,
    [errorEventType('save')]: answer,
  },
});
