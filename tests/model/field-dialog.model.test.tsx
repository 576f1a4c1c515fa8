/* eslint-disable vitest/no-standalone-expect -- the states map and executors run inside each walk's test (path.test) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { matchesState, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { fieldDialogMachine, type FieldDialogEvent } from '@machines/field-dialog/field-dialog.machine';
import { selectCanSave, selectSections } from '@machines/field-dialog/field-dialog.selectors';
import { FieldDialog } from '@src/admin/fields/FieldDialog';
import type { Field } from '@contracts/admin/fields';
import { answerCall, renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorIdOf,
  createControlledActor,
  doneEvent,
  errorEvent,
  isDoneEvent,
  isErrorEvent,
  isStartEvent,
} from '../support/controlled-actor';
import { fieldLists, firstNameField, nameTaken, staleUpdate, unauthorised } from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';

type Snapshot = SnapshotFrom<typeof fieldDialogMachine>;
type DialogRef = ActorRefFrom<typeof fieldDialogMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const saved = firstNameField({ id: 'saved', dictionaryName: 'MemberId', version: 1 });

/** What the person and the server may do, with the answers each call gets in the walk. */
const events = [
  doneEvent('loadLists', fieldLists),
  { type: 'input.edit', input: 'dictionaryName', value: 'MemberId' },
  { type: 'input.edit', input: 'fieldDescription', value: 'Member id' },
  { type: 'dataType.choose', dataType: 'NVARCHAR' },
  { type: 'dataType.choose', dataType: 'SELECT' },
  { type: 'subfield.edit', input: 'subDictionaryName', value: 'Gold' },
  { type: 'subfield.edit', input: 'subDefaultValue', value: 'G' },
  { type: 'subfield.edit', input: 'subCssField', value: 'gold' },
  { type: 'subfield.add' },
  { type: 'subfield.remove', index: 0 },
  { type: 'dialog.save' },
  doneEvent('saveField', saved),
  errorEvent('saveField', staleUpdate()),
  errorEvent('saveField', nameTaken()),
  errorEvent('saveField', unauthorised()),
  { type: 'dialog.cancel' },
] as FieldDialogEvent[];

/** What the person can see differ: the state, which sections show, whether Save works, options, the stale notice. */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    lists: s.context.dataTypes.length > 0,
    dataType: s.context.draft.dataType,
    canSave: selectCanSave(s),
    subfields: s.context.subfields.length > 0,
    stale: s.context.stale,
  });

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: FieldDialogEvent): boolean {
  const type = event.type as string;
  if (isDoneEvent(type) || isErrorEvent(type)) {
    const actor = actorIdOf(type);
    if (actor === 'loadLists') return s.context.dataTypes.length === 0;
    return s.matches('saving') && actor === 'saveField';
  }
  if (!s.matches('editing')) return false;
  // The data type select offers only what the lists hold; the options section only shows for a select.
  if (event.type === 'dataType.choose')
    return s.context.dataTypes.length > 0 && s.context.draft.dataType !== event.dataType;
  if (event.type === 'subfield.edit') return selectSections(s).subfields && s.context.subDraft[event.input] === '';
  if (event.type === 'subfield.add') return selectSections(s).subfields;
  if (event.type === 'subfield.remove') return selectSections(s).subfields && s.context.subfields.length > 0;
  if (event.type === 'input.edit') return s.context.draft[event.input] !== event.value;
  return true;
}

const model = new TestModel(fieldDialogMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const walks = [
  ...model
    .getPaths(getShortestPaths, {
      input: { row: undefined, notifications: graphNotifications },
      events,
      serializeState,
      filterEvents,
    })
    .map((path) => ({ title: 'new field', row: undefined as Field | undefined, path })),
  ...model
    .getPaths(getShortestPaths, {
      input: { row: firstNameField(), notifications: graphNotifications },
      events,
      serializeState,
      filterEvents,
    })
    .map((path) => ({ title: 'FirstName', row: firstNameField(), path })),
];

/** The dialog as the page shows it: only while its actor runs. */
function WhileOpen({ dialogRef }: { dialogRef: DialogRef }) {
  const open = useSelector(dialogRef, (s) => s.status === 'active');
  return open ? <FieldDialog dialogRef={dialogRef} /> : null;
}

function startDialog(row: Field | undefined) {
  const calls = {
    loadLists: createControlledActor<typeof fieldLists, undefined>(),
    saveField: createControlledActor<Field, unknown>(),
  };
  const logOff = vi.fn();
  const logic = fieldDialogMachine.provide({
    actors: { loadLists: calls.loadLists.logic, saveField: calls.saveField.logic as never },
    actions: { logOff },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ row, notifications }),
    view: (dialogRef) => <WhileOpen dialogRef={dialogRef} />,
  });
  return { calls, logOff, user: userEvent.setup(), failure: undefined as unknown };
}
type Harness = ReturnType<typeof startDialog>;

async function settle(
  harness: Harness,
  name: keyof Harness['calls'],
  answer: { output: unknown } | { error: unknown },
) {
  await answerCall(harness.calls[name], answer);
}

const dialog = () => within(screen.getByRole('dialog'));
const textInput = (id: string) => dialog().getByRole('textbox', { name: new RegExp(`^${en(id)}`) });
const subInputIds = {
  subDictionaryName: 'Field_Field_SubDictionaryName',
  subDefaultValue: 'Field_Field_SubDefaultValue',
  subCssField: 'Field_Field_SubCssField',
} as const;
const inputIds = {
  dictionaryName: 'Field_Field_DictionaryName',
  fieldDescription: 'Field_Field_FieldDescription',
} as const;

function executors(harness: Harness) {
  const { user } = harness;
  return {
    [`xstate.done.actor.loadLists`]: () => settle(harness, 'loadLists', { output: fieldLists }),
    'input.edit': async ({ event }: { event: { input: string; value: string } }) => {
      const input = textInput(inputIds[event.input as keyof typeof inputIds]);
      await user.clear(input);
      await user.type(input, event.value);
    },
    'dataType.choose': async ({ event }: { event: { dataType: string } }) => {
      await user.selectOptions(
        dialog().getByRole('combobox', { name: new RegExp(`^${en('Field_Field_DataType')}`) }),
        event.dataType,
      );
    },
    'subfield.edit': async ({ event }: { event: { input: keyof typeof subInputIds; value: string } }) => {
      await user.type(textInput(subInputIds[event.input]), event.value);
    },
    'subfield.add': async () => {
      await user.click(dialog().getByRole('button', { name: en('Field_Button_AddSubField') }));
    },
    'subfield.remove': async () => {
      await user.click(dialog().getByRole('button', { name: /^Remove option/ }));
    },
    'dialog.save': async () => {
      await user.click(dialog().getByRole('button', { name: en('Field_Button_Save') }));
    },
    'dialog.cancel': async () => {
      await user.click(dialog().getByRole('button', { name: en('Field_Button_Cancel') }));
    },
    [`xstate.done.actor.saveField`]: () => settle(harness, 'saveField', { output: saved }),
    [`xstate.error.actor.saveField`]: async ({ event }: { event: { error: unknown } }) => {
      harness.failure = event.error;
      await settle(harness, 'saveField', { error: event.error });
    },
  };
}

const states = (harness: Harness) => ({
  editing: async (s: Snapshot) => {
    const save = await screen.findByRole('button', { name: en('Field_Button_Save') });
    await waitFor(() => {
      expect(save).toHaveAttribute('aria-busy', 'false');
    });
    if (selectCanSave(s)) expect(save).toBeEnabled();
    else expect(save).toBeDisabled();
    const sections = selectSections(s);
    expect(dialog().queryByRole('spinbutton') !== null).toBe(sections.dataLength);
    expect(dialog().queryByText(en('Field_Text_SubFields')) !== null).toBe(sections.subfields);
    expect(dialog().queryByText(en('Field_Text_Stale')) !== null).toBe(s.context.stale);
    // A refused save that was neither stale nor a 401 is told in a snackbar under Global_Text_FailTitle (spec §8).
    if (harness.failure instanceof Error && !s.context.stale) {
      const snackbar = await screen.findByTestId('snackbar');
      expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
      expect(snackbar).toHaveTextContent(harness.failure.message);
      // Asserted once, right after the failure: the snackbar leaves on its own later.
      harness.failure = undefined;
    }
    expect(dialog().queryAllByRole('button', { name: /^Remove option/ })).toHaveLength(
      sections.subfields ? s.context.subfields.length : 0,
    );
  },
  saving: async () => {
    expect(await screen.findByRole('button', { name: en('Field_Button_Save') })).toHaveAttribute('aria-busy', 'true');
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
  },
  loggedOff: async () => {
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(harness.logOff).toHaveBeenCalledTimes(1);
  },
});

const describeStep = (event: { type: string; [key: string]: unknown }) => {
  if (isDoneEvent(event.type) || isErrorEvent(event.type)) {
    const error = event['error'];
    return `${actorIdOf(event.type)} ${error instanceof Error ? `fails (${error.message})` : 'answers'}`;
  }
  const detail = [event['input'], event['dataType']].find((value): value is string => typeof value === 'string');
  return detail === undefined ? event.type : `${event.type} ${detail}`;
};

// Each walk types into a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describe(
  'field dialog model walk (admin-and-board §2, §4, §5, §8), through the real dialog',
  { timeout: 60_000 },
  () => {
    it.each(
      walks.map(({ title, row, path }) => ({
        title: `${title}: ${path.steps
          .filter(({ event }) => !isStartEvent(event.type))
          .map(({ event }) => describeStep(event))
          .join(', ')} → ${JSON.stringify(path.state.value)}`,
        row,
        path,
      })),
    )('$title', async ({ row, path }) => {
      expect.hasAssertions();
      const harness = startDialog(row);
      await path.test({ states: states(harness), events: executors(harness) as never });
    });

    it('walks every state of the dialog', () => {
      const reached = new Set(
        walks
          .flatMap(({ path }) => [path.state, ...path.steps.map((step) => step.state)])
          .map((s) => JSON.stringify(s.value)),
      );
      expect([...reached].sort()).toEqual(
        Object.keys(states(startDialog(undefined)))
          .map((key) => JSON.stringify(key))
          .sort(),
      );
    });
  },
);
