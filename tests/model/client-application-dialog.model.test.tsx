import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initialTransition, matchesState, type SnapshotFrom } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import {
  clientApplicationDialogMachine,
  type ClientApplicationDialogEvent,
} from '@machines/client-application-dialog/client-application-dialog.machine';
import { isTemplateFormValid, offeredTemplates } from '@machines/client-application-dialog/template-draft';
import { ClientApplicationDialog } from '@src/admin/clients/ClientApplicationDialog';
import { renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import { apiError, benefitsTemplate, ids, staleUpdate, templates } from '../support/client-fixtures';
import {
  actorIdOf,
  createControlledActor,
  doneEvent,
  errorEvent,
  isDoneEvent,
  isErrorEvent,
  isStartEvent,
} from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';

type Snapshot = SnapshotFrom<typeof clientApplicationDialogMachine>;
const en = (id: string) => catalogueText('en-us', id);

const opened = { clientApplicationId: ids.acmeBenefits, applicationName: 'Benefits Center' };
const saveRefused = apiError(400, 'validation_failed', 'rolesApiUrl: not an address');

const loaded = {
  templates: offeredTemplates(templates),
  record: benefitsTemplate({ templateId: ids.defaultTemplate }),
};
const events = [
  doneEvent('load', loaded),
  errorEvent('load', apiError(500, 'internal', 'Templates are not answering')),
  { type: 'edit', changes: { templateId: ids.agentTemplate } },
  { type: 'save' },
  doneEvent('save', benefitsTemplate({ templateId: ids.agentTemplate, version: 3 })),
  errorEvent('save', saveRefused),
  errorEvent('save', staleUpdate()),
  { type: 'cancel' },
] as ClientApplicationDialogEvent[];

const invokedIn: Record<string, string> = { loading: 'load', saving: 'save' };
const filterEvents = (s: Snapshot, event: ClientApplicationDialogEvent) =>
  !(isDoneEvent(event.type) || isErrorEvent(event.type)) ||
  invokedIn[typeof s.value === 'string' ? s.value : ''] === actorIdOf(event.type);

/** What the person can see differ: the state, the choice, the stale message, and how the dialog ended. */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    chosen: s.context.draft.templateId,
    problem: s.context.problem,
    saved: s.context.saved !== undefined,
  });

const model = new TestModel(clientApplicationDialogMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const graphInput = { ...opened, notifications: recordingNotifications().ref };
const shortest = model.getPaths(getShortestPaths, { input: graphInput, events, filterEvents, serializeState });
/** A refused save ends where a choice was made, so the shortest paths skip it: it is walked as a journey. */
const refusedSave = model.getPathsFromEvents(
  [
    events[0],
    { type: 'edit', changes: { templateId: ids.agentTemplate } },
    { type: 'save' },
    errorEvent('save', saveRefused),
  ] as ClientApplicationDialogEvent[],
  {
    // getPathsFromEvents does not pass `input` to every traversal it runs, so it starts from the opened dialog.
    fromState: initialTransition(clientApplicationDialogMachine, graphInput)[0],
    events,
    filterEvents,
    serializeState,
  },
);
const paths = [...shortest, ...refusedSave];

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

const states = (harness: Harness) => ({
  loading: async () => {
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(en('Global_Text_Loading'));
  },
  editing: async (s: Snapshot) => {
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
  conflict: async () => {
    await waitFor(() => {
      expectStaleMessage(true);
    });
    expectConflictChoice();
  },
  saving: () => {
    expect(saveButton()).toBeDisabled();
  },
  saved: async () => {
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  },
  cancelled: async () => {
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await expectNotice(harness);
  },
});

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

const executors = (harness: Harness) => ({
  edit: async () => {
    await harness.user.selectOptions(templateSelect(), 'Agent form');
  },
  save: async () => {
    harness.notice = undefined;
    await harness.user.click(saveButton());
  },
  cancel: async () => {
    await harness.user.click(screen.getByRole('button', { name: en('ClientApplication_Button_Cancel') }));
  },
});

const describePath = (path: (typeof paths)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) => event.type.replace('xstate.done.actor.', '✓').replace('xstate.error.actor.', '✗'))
    .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

describe('client-application dialog model walk (admin-and-board §2, §8, through the real dialog)', () => {
  it.each(paths.map((path) => ({ path, name: describePath(path) })))(
    '$name',
    async ({ path }) => {
      expect.hasAssertions();
      const harness = startDialog();
      await path.test({
        states: states(harness),
        events: {
          ...executors(harness),
          ...Object.fromEntries(
            path.steps
              .map((step) => step.event)
              .filter((event) => isDoneEvent(event.type) || isErrorEvent(event.type))
              .map((event) => [event.type, ({ event: e }: { event: typeof event }) => settle(harness, e)]),
          ),
        },
      });
    },
    30_000,
  );

  it('reaches every state it asserts, and asserts every state it reaches', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    const harness = { calls: createCalls(), user: userEvent.setup(), notice: undefined };
    expect([...reached].sort()).toEqual(
      Object.keys(states(harness))
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });
});
