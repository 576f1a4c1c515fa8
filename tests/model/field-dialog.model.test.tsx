/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect, vi } from 'vitest';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import { selectCanSave, selectSections } from '@machines/field-dialog/field-dialog.selectors';
import { FieldDialog } from '@src/admin/fields/FieldDialog';
import type { Field } from '@contracts/admin/fields';
import { answerCall, renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
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
import { fieldLists, firstNameField, nameTaken, staleUpdate, unauthorised } from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

type Snapshot = SnapshotFrom<typeof fieldDialogMachine>;
type DialogRef = ActorRefFrom<typeof fieldDialogMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const saved = firstNameField({ id: 'saved', dictionaryName: 'MemberId', version: 1 });

/**
 * Typing: states that differ only by the text typed serialize alike, so no generated path types (the paths choose a
 * data type, save and cancel); typing and options are pinned in tests/unit/machines/field-dialog.test.ts.
 */
const typing = [
  actorDone('loadLists', fieldLists),
  { type: 'input.edit', input: 'dictionaryName', value: 'MemberId' },
  { type: 'input.edit', input: 'fieldDescription', value: 'Member id' },
  { type: 'dataType.choose', dataType: 'SELECT' },
  { type: 'subfield.edit', input: 'subDictionaryName', value: 'Gold' },
  { type: 'subfield.edit', input: 'subDefaultValue', value: 'G' },
  { type: 'subfield.edit', input: 'subCssField', value: 'gold' },
  { type: 'subfield.add' },
  { type: 'subfield.remove', index: 0 },
] satisfies WalkEvent<typeof fieldDialogMachine>[];

/** What the person and the server may do, with the answers each call gets in the walk. */
const events = [
  ...typing,
  { type: 'dataType.choose', dataType: 'NVARCHAR' },
  { type: 'dialog.save' },
  actorDone('saveField', saved),
  actorError('saveField', staleUpdate()),
  actorError('saveField', nameTaken()),
  actorError('saveField', unauthorised()),
  { type: 'dialog.cancel' },
] satisfies WalkEvent<typeof fieldDialogMachine>[];

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
function filterEvents(s: Snapshot, event: (typeof events)[number]): boolean {
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

const graphInput = (row: Field | undefined) => ({ row, notifications: graphNotifications });

// Each walk types into a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describeWalks(fieldDialogMachine, {
  title: 'field dialog model walk (admin-and-board §2, §4, §5, §8), through the real dialog',
  events,
  scenarios: [
    { name: 'new field', input: graphInput(undefined), serializeState, filterEvents },
    { name: 'FirstName', input: graphInput(firstNameField()), serializeState, filterEvents },
  ],
  start: ({ input }: { input?: { row: Field | undefined } }) => startDialog(input?.row),
  describeEvent: (event) => {
    if ('error' in event) return `fails (${event.error.message})`;
    if ('input' in event) return event.input;
    return 'dataType' in event ? event.dataType : undefined;
  },
  timeout: 60_000,
  states: {
    editing: async (s, harness) => {
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
    loggedOff: async (_s, harness) => {
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(harness.logOff).toHaveBeenCalledTimes(1);
    },
  },
  executors: {
    [doneEventType('loadLists')]: (_step, harness) => settle(harness, 'loadLists', { output: fieldLists }),
    'input.edit': notWalked('no generated path types: see `typing` above'),
    'dataType.choose': async ({ event }, { user }) => {
      await user.selectOptions(
        dialog().getByRole('combobox', { name: new RegExp(`^${en('Field_Field_DataType')}`) }),
        event.dataType,
      );
    },
    'subfield.edit': notWalked('no generated path types: see `typing` above'),
    'subfield.add': notWalked('no generated path types: see `typing` above'),
    'subfield.remove': notWalked('no generated path types: see `typing` above'),
    'dialog.save': async (_step, { user }) => {
      await user.click(dialog().getByRole('button', { name: en('Field_Button_Save') }));
    },
    'dialog.cancel': async (_step, { user }) => {
      await user.click(dialog().getByRole('button', { name: en('Field_Button_Cancel') }));
    },
    'disable.set': notWalked('not offered to this graph: the Disable switch is pinned in the field-dialog specs'),
    'metaTag.choose': notWalked('not offered to this graph: the meta tag is pinned in the field-dialog specs'),
    [doneEventType('saveField')]: (_step, harness) => settle(harness, 'saveField', { output: saved }),
    [errorEventType('saveField')]: async ({ event }, harness) => {
      harness.failure = event.error;
      await settle(harness, 'saveField', { error: event.error });
    },
  },
});
