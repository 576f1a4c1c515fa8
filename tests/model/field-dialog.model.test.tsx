/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { fieldDialogMachine, type FieldLoaded } from '@machines/field-dialog/field-dialog.machine';
import { selectCanSave, selectDataTypes, selectSections } from '@machines/field-dialog/field-dialog.selectors';
import type { FieldChange, FieldTextInput, SubFieldInput } from '@machines/field-dialog/field-draft';
import { FieldDialog } from '@src/admin/fields/FieldDialog';
import type { Field } from '@contracts/admin/fields';
import { renderDialogHost, WhileOpen } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  actorIdOf,
  doneEventType,
  errorEventType,
  isDoneEvent,
  isErrorEvent,
} from '../support/controlled-actor';
import { fieldLists, firstNameField, nameTaken, staleUpdate } from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import {
  answerEditorCall,
  dialogGone,
  editorHarness,
  endsUnauthorised,
  expectConflictChoice,
  inDialog,
  saveAnswers,
} from '../support/editor-walk';
import { describeWalks, notWalked } from '../support/walk';

type Snapshot = SnapshotFrom<typeof fieldDialogMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const saved = firstNameField({ id: 'saved', dictionaryName: 'MemberId', version: 1 });
/** FirstName as someone else saved it meanwhile: what "reload theirs" and "keep mine" read. */
const theirs = firstNameField({ fieldDescription: 'Their name', version: 4 });

/** `load`'s answer: the lists, and the field as read (the row on opening, theirs after a conflict). */
const read = (record: Field | undefined) => actorDone('load', { ...fieldLists, record } satisfies FieldLoaded);
/** Spec §8: the lists fail to load; logged only, the selects stay empty. */
const listsFailed = actorError('load', new Error('The lists are offline'));
const edit = (changes: FieldChange) => ({ type: 'edit' as const, changes });

/** What the person and the server may do, with the answers each call gets; the read differs per scenario. */
const answersAndChoices = [
  listsFailed,
  edit({ type: 'dataType.choose', dataType: 'SELECT' }),
  edit({ type: 'dataType.choose', dataType: 'NVARCHAR' }),
  { type: 'save' as const },
  ...saveAnswers(saved, nameTaken()),
  { type: 'keepMine' as const },
  { type: 'cancel' as const },
];
type Walked =
  (typeof answersAndChoices)[number] | ReturnType<typeof read> | ReturnType<typeof edit> | { type: 'reload' };

/**
 * What the person can see differ: the state, whether the lists came, which sections show, whether Save works, whether
 * there are options, which required texts are filled. A closed dialog is its end state alone.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify(
    s.status === 'done'
      ? { value: s.value }
      : {
          value: s.value,
          lists: (s.context.loaded?.dataTypes.length ?? 0) > 0,
          dataType: s.context.draft.field.dataType,
          canSave: selectCanSave(s),
          subfields: s.context.draft.subfields.length > 0,
          typed: (['dictionaryName', 'fieldDescription'] as const).filter((key) => s.context.draft.field[key] !== ''),
          subTyped: Object.values(s.context.draft.subDraft).filter((value) => value !== '').length,
        },
  );

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: Walked): boolean {
  const type = event.type as string;
  if (isDoneEvent(type) || isErrorEvent(type)) {
    const actor = actorIdOf(type);
    if (actor === 'save') return s.matches('saving');
    // The quiet failure is the lists' on opening; a read after a conflict is answered.
    if (isErrorEvent(type)) return s.matches('loading') && s.context.loaded === undefined;
    return s.matches('loading') || s.matches('overwriting');
  }
  if (event.type === 'edit') {
    if (!s.matches('editing')) return false;
    const change = event.changes;
    // The data type select offers only what the lists hold.
    if (change.type === 'dataType.choose')
      return (s.context.loaded?.dataTypes.length ?? 0) > 0 && s.context.draft.field.dataType !== change.dataType;
    if (change.type === 'input.edit') return s.context.draft.field[change.input] !== change.value;
    return true;
  }
  return s.can(event as never);
}

function startDialog(row: Field | undefined) {
  const harness = { ...editorHarness<FieldLoaded, Field>(), logLoadFailure: vi.fn() };
  const logic = fieldDialogMachine.provide({
    actors: { load: harness.calls.load.logic as never, save: harness.calls.save.logic as never },
    actions: { unauthorised: harness.unauthorisedPolicy, logLoadFailure: harness.logLoadFailure },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ row, notifications }),
    view: (dialogRef) => (
      <WhileOpen actorRef={dialogRef}>
        <FieldDialog dialogRef={dialogRef} />
      </WhileOpen>
    ),
  });
  return harness;
}
type Harness = ReturnType<typeof startDialog>;

const button = (id: string) => inDialog().getByRole('button', { name: en(id) });
const labelId = (input: FieldTextInput | SubFieldInput) => `Field_Field_${input[0]?.toUpperCase()}${input.slice(1)}`;
/** An input by its title (a required one's title ends in the required mark). */
const inputNamed = (role: 'textbox' | 'spinbutton' | 'combobox' | 'checkbox', id: string) =>
  inDialog().getByRole(role, { name: new RegExp(`^${en(id)}`) });

/** How the person makes each kind of change the `edit` event carries. */
async function change(changes: FieldChange, { user }: Harness) {
  switch (changes.type) {
    case 'input.edit': {
      const input = inputNamed(changes.input === 'dataLength' ? 'spinbutton' : 'textbox', labelId(changes.input));
      await user.clear(input);
      await user.type(input, changes.value);
      return;
    }
    case 'dataType.choose':
      return user.selectOptions(inputNamed('combobox', 'Field_Field_DataType'), changes.dataType);
    case 'disable.set':
      return user.click(inputNamed('checkbox', 'Field_Field_Disable'));
    case 'metaTag.choose':
      return user.selectOptions(inputNamed('combobox', 'Field_Field_MetaTag'), changes.metaTag ?? '');
    case 'subfield.edit':
      return user.type(inputNamed('textbox', labelId(changes.input)), changes.value);
    case 'subfield.add':
      return user.click(button('Field_Button_AddSubField'));
    case 'subfield.remove': {
      const remove = inDialog().getAllByRole('button', { name: /^Remove option/ })[changes.index];
      if (remove) await user.click(remove);
      return;
    }
  }
}

/** The inputs show the draft (the row, theirs after a reload, or what the person typed). */
function expectDraftOnScreen(s: Snapshot) {
  expect(inputNamed('textbox', 'Field_Field_DictionaryName')).toHaveValue(s.context.draft.field.dictionaryName);
  expect(inputNamed('textbox', 'Field_Field_FieldDescription')).toHaveValue(s.context.draft.field.fieldDescription);
}

const scenario = (name: string, row: Field | undefined, journeys: readonly (readonly Walked[])[]) => ({
  name,
  input: { row, notifications: graphNotifications },
  events: [read(row), ...answersAndChoices],
  serializeState,
  filterEvents,
  journeys,
});

// Each walk drives a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describeWalks(fieldDialogMachine, {
  title: 'field dialog model walk (admin-and-board §2, §4, §5, §8), through the real dialog',
  // Reload is walked in a journey only: a shortest path never needs it (it reaches no state a first read does not).
  events: [...answersAndChoices, read(undefined), read(firstNameField()), read(theirs), { type: 'reload' as const }],
  scenarios: [
    // Typing a new field and saving it: states that differ only by the text typed look alike, so a journey.
    scenario('new field', undefined, [
      // The options of a select: typed, added, removed again, all in the dialog.
      [
        read(undefined),
        edit({ type: 'dataType.choose', dataType: 'SELECT' }),
        edit({ type: 'subfield.edit', input: 'subDictionaryName', value: 'Gold' }),
        edit({ type: 'subfield.edit', input: 'subDefaultValue', value: 'G' }),
        edit({ type: 'subfield.edit', input: 'subCssField', value: 'gold' }),
        edit({ type: 'subfield.add' }),
        edit({ type: 'subfield.remove', index: 0 }),
      ],
      [
        read(undefined),
        edit({ type: 'input.edit', input: 'dictionaryName', value: 'MemberId' }),
        edit({ type: 'input.edit', input: 'fieldDescription', value: 'Member id' }),
        edit({ type: 'dataType.choose', dataType: 'NVARCHAR' }),
        { type: 'save' },
        actorDone('save', saved),
      ],
    ]),
    // The two ways out of a conflict (the pattern's reload theirs / keep mine), each read answering with theirs.
    scenario('FirstName', firstNameField(), [
      // The Disable switch and the meta tag, saved with the field.
      [
        read(firstNameField()),
        edit({ type: 'disable.set', value: true }),
        edit({ type: 'metaTag.choose', metaTag: 'LastName' }),
        { type: 'save' },
        actorDone('save', saved),
      ],
      // Without the lists (logged only) the field still saves; a refusal is then told in a snackbar.
      [listsFailed, { type: 'save' }, actorError('save', nameTaken())],
      [read(firstNameField()), { type: 'save' }, actorError('save', staleUpdate()), { type: 'reload' }, read(theirs)],
      [
        read(firstNameField()),
        { type: 'save' },
        actorError('save', staleUpdate()),
        { type: 'keepMine' },
        read(theirs),
        actorDone('save', saved),
      ],
    ]),
  ],
  start: ({ input }: { input?: { row: Field | undefined } }) => startDialog(input?.row),
  describeEvent: (event) => {
    if ('error' in event && event.error instanceof Error) return `fails (${event.error.message})`;
    if (event.type === 'edit') {
      const c = event.changes;
      return c.type === 'dataType.choose' ? c.dataType : c.type === 'input.edit' ? c.input : c.type;
    }
    if (event.type === doneEventType('load')) return event.output.record?.fieldDescription;
    return undefined;
  },
  timeout: 60_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async (s) => {
      // The row shows while the lists load, but takes no input, and Save waits.
      expect(await inDialog().findByText(en('Global_Text_Loading'))).toBeInTheDocument();
      expect(inputNamed('textbox', 'Field_Field_DictionaryName')).toBeDisabled();
      expect(button('Field_Button_Save')).toBeDisabled();
      expectDraftOnScreen(s);
    },
    editing: async (s, harness) => {
      const save = await screen.findByRole('button', { name: en('Field_Button_Save') });
      await waitFor(() => {
        expect(save).toHaveAttribute('aria-busy', 'false');
      });
      expect(inDialog().queryByText(en('Global_Text_Loading'))).toBeNull();
      if (selectCanSave(s)) expect(save).toBeEnabled();
      else expect(save).toBeDisabled();
      expectDraftOnScreen(s);
      const sections = selectSections(s);
      expect(inDialog().queryByRole('spinbutton') !== null).toBe(sections.dataLength);
      expect(inDialog().queryByText(en('Field_Text_SubFields')) !== null).toBe(sections.subfields);
      expect(inDialog().queryByText(en('Field_Text_Stale'))).toBeNull();
      // The data type select offers the loaded types after its "Select" line; none when the lists failed.
      const types = within(inputNamed('combobox', 'Field_Field_DataType')).getAllByRole('option');
      expect(types).toHaveLength(1 + selectDataTypes(s).length);
      // A refused save that was neither stale nor a 401 is told in a snackbar under Global_Text_FailTitle (spec §8).
      if (harness.failure instanceof Error) {
        const snackbar = await screen.findByTestId('snackbar');
        expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
        expect(snackbar).toHaveTextContent(harness.failure.message);
        // Asserted once, right after the failure: the snackbar leaves on its own later.
        harness.failure = undefined;
      } else if (s.context.loaded?.dataTypes.length === 0) {
        // Lists that failed to load are logged only (spec §8): no snackbar, no modal.
        expect(harness.logLoadFailure).toHaveBeenCalledTimes(1);
        expect(screen.queryByTestId('snackbar')).toBeNull();
        expect(screen.queryAllByRole('dialog')).toHaveLength(1);
      }
      expect(inDialog().queryAllByRole('button', { name: /^Remove option/ })).toHaveLength(
        sections.subfields ? s.context.draft.subfields.length : 0,
      );
    },
    saving: async () => {
      expect(await screen.findByRole('button', { name: en('Field_Button_Save') })).toHaveAttribute('aria-busy', 'true');
      expect(button('Field_Button_Cancel')).toBeDisabled();
    },
    conflict: async (s, harness) => {
      // The stale text and its two ways out, no plain Save; the draft is still on screen, not editable.
      await expectConflictChoice('Field_Text_Stale', 'Field_Button_Save');
      expect(inputNamed('textbox', 'Field_Field_FieldDescription')).toBeDisabled();
      expectDraftOnScreen(s);
      harness.failure = undefined;
    },
    overwriting: async (_s, harness) => {
      // "Keep mine" reads the field's current version first, then saves the draft over it.
      expect(await screen.findByRole('button', { name: en('Field_Button_Save') })).toHaveAttribute('aria-busy', 'true');
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
    },
    failed: notWalked(
      'the lists fall back to empty selects (onLoadFailure fallback): the failed state is never entered',
    ),
    saved: async (_s, harness) => {
      await dialogGone();
      // What was saved is what the dialog showed when Save was pressed.
      const last = harness.calls.save.calls.at(-1) as { body: Record<string, unknown>; version: number | undefined };
      expect(harness.onScreen).toBeDefined();
      expect(last.body).toMatchObject(harness.onScreen ?? { onScreen: 'was recorded at Save' });
      // After "keep mine" (a second read), the save carried the version read just before it; otherwise never theirs.
      expect(last.version === theirs.version).toBe(harness.calls.load.calls.length > 1);
    },
    cancelled: dialogGone,
    unauthorised: endsUnauthorised(),
  },
  executors: {
    [doneEventType('load')]: ({ event }, harness) => answerEditorCall(harness, 'load', event),
    [errorEventType('load')]: ({ event }, harness) => answerEditorCall(harness, 'load', event),
    edit: ({ event }, harness) => change(event.changes, harness),
    save: async (_step, harness) => {
      const metaTag = inDialog().queryByRole('combobox', { name: new RegExp(`^${en('Field_Field_MetaTag')}`) });
      harness.onScreen = {
        dictionaryName: (inputNamed('textbox', 'Field_Field_DictionaryName') as HTMLInputElement).value,
        fieldDescription: (inputNamed('textbox', 'Field_Field_FieldDescription') as HTMLInputElement).value,
        disable: (inputNamed('checkbox', 'Field_Field_Disable') as HTMLInputElement).checked,
        ...(metaTag && { metaTag: (metaTag as HTMLSelectElement).value || null }),
      };
      await harness.user.click(button('Field_Button_Save'));
    },
    cancel: (_step, { user }) => user.click(button('Field_Button_Cancel')),
    reload: (_step, { user }) => user.click(button('Global_Button_ReloadTheirs')),
    keepMine: (_step, { user }) => user.click(button('Global_Button_KeepMine')),
    [doneEventType('save')]: ({ event }, harness) => answerEditorCall(harness, 'save', event),
    [errorEventType('save')]: async ({ event }, harness) => {
      harness.failure = event.error;
      await answerEditorCall(harness, 'save', event);
    },
  },
});
