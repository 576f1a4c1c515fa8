import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import { selectCanAddSubfield, selectCanSave, selectSections } from '@machines/field-dialog/field-dialog.selectors';
import { label } from '@machines/support/text';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import {
  fieldLists,
  firstNameField,
  nameTaken,
  planField,
  staleUpdate,
  unauthorised,
} from '../../support/field-fixtures';
import { recordingNotifications } from '../../support/recording-ref';

type Snapshot = SnapshotFrom<typeof fieldDialogMachine>;
type Event = Parameters<typeof transition<typeof fieldDialogMachine>>[2];
const { ref: notifications } = recordingNotifications();

const step = (s: Snapshot, event: Event) => transition(fieldDialogMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
const actionsOn = (s: Snapshot, event: Event) => transition(fieldDialogMachine, s, event)[1];
const sentEvent = (s: Snapshot, event: Event) =>
  (actionsOn(s, event).find((action) => action.type === 'xstate.sendTo')?.params as { event: unknown } | undefined)
    ?.event;

const opened = (row = undefined as ReturnType<typeof firstNameField> | undefined) =>
  initialTransition(fieldDialogMachine, { row, notifications })[0];
const edit = (
  input: 'dictionaryName' | 'fieldDescription' | 'dataLength' | 'validationRegex',
  value: string,
): Event => ({
  type: 'input.edit',
  input,
  value,
});
const validNew = () =>
  run(
    opened(),
    doneEvent('loadLists', fieldLists),
    edit('dictionaryName', 'MemberId'),
    edit('fieldDescription', 'Member id'),
    { type: 'dataType.choose', dataType: 'NVARCHAR' },
  );

describe('field dialog: opening (admin-and-board §2, §4)', () => {
  it('opens in create mode with data length 1 and no data type', () => {
    const s = opened();
    expect(s.value).toBe('editing');
    expect(s.context.draft).toMatchObject({ dataType: undefined, dataLength: '1', dictionaryName: '' });
    expect(selectCanSave(s)).toBe(false);
  });

  it('opens in update mode with the field and its sub-fields in order', () => {
    const s = opened(planField({ subfields: [...planField().subfields].reverse() }));
    expect(s.context.id).toBe(planField().id);
    expect(s.context.version).toBe(1);
    expect(s.context.subfields.map((sub) => sub.subDictionaryName)).toEqual(['Gold', 'Silver']);
  });

  it('sorts the data types and meta tags alphabetically once they load', () => {
    const s = step(opened(), doneEvent('loadLists', fieldLists));
    expect(s.context.dataTypes.map((t) => t.key)).toEqual([
      'BOOLEAN',
      'CHECKBOX',
      'LABEL',
      'NVARCHAR',
      'RADIO BUTTON GROUP',
      'SELECT',
    ]);
    expect(s.context.metaTags.map((t) => t.key)).toEqual(['FirstName', 'GoogleAddress', 'GoogleCity', 'LastName']);
  });

  it('only logs lists that fail to load, and stays usable', () => {
    const s = opened();
    const actions = actionsOn(s, errorEvent('loadLists', new Error('offline')));
    expect(actions.map((a) => a.type)).toEqual(['logFailure']);
    expect(sentEvent(s, errorEvent('loadLists', new Error('offline')))).toBeUndefined();
    expect(step(s, errorEvent('loadLists', new Error('offline'))).value).toBe('editing');
  });
});

describe('field dialog: inputs by data type (spec §2, §4)', () => {
  it('shows data length, meta tag and default value for NVARCHAR only', () => {
    const s = step(opened(), { type: 'dataType.choose', dataType: 'NVARCHAR' });
    expect(selectSections(s)).toEqual({ defaultValue: true, dataLength: true, metaTag: true, subfields: false });
  });

  it('shows the default value and sub-fields for SELECT, and sub-fields only for a radio group', () => {
    expect(selectSections(step(opened(), { type: 'dataType.choose', dataType: 'SELECT' }))).toEqual({
      defaultValue: true,
      dataLength: false,
      metaTag: false,
      subfields: true,
    });
    expect(selectSections(step(opened(), { type: 'dataType.choose', dataType: 'RADIO BUTTON GROUP' }))).toEqual({
      defaultValue: false,
      dataLength: false,
      metaTag: false,
      subfields: true,
    });
  });

  it('sets data length 1 and drops the meta tag when the type leaves NVARCHAR', () => {
    const s = run(opened(firstNameField()), { type: 'dataType.choose', dataType: 'CHECKBOX' });
    expect(s.context.draft).toMatchObject({ dataType: 'CHECKBOX', dataLength: '1', metaTag: null, defaultValue: '' });
  });

  it('keeps the typed data length when NVARCHAR stays', () => {
    const s = run(opened(firstNameField()), { type: 'dataType.choose', dataType: 'NVARCHAR' });
    expect(s.context.draft.dataLength).toBe('50');
  });
});

describe('field dialog: validity (spec §5)', () => {
  it('can save once DictionaryName, DataType, DataLength and FieldDescription are valid', () => {
    expect(selectCanSave(validNew())).toBe(true);
    expect(selectCanSave(step(validNew(), edit('fieldDescription', '  ')))).toBe(false);
    expect(selectCanSave(step(validNew(), edit('dataLength', '0')))).toBe(false);
    expect(selectCanSave(step(validNew(), edit('dictionaryName', '9lives')))).toBe(false);
  });

  it('refuses a validation pattern that does not compile', () => {
    expect(selectCanSave(step(validNew(), edit('validationRegex', '([a-z')))).toBe(false);
  });

  it('ignores Save while invalid', () => {
    const s = opened();
    expect(step(s, { type: 'dialog.save' }).value).toBe('editing');
  });
});

describe('field dialog: sub-fields (spec §4, §5)', () => {
  const withSub = (s: Snapshot, name: string) =>
    run(
      s,
      { type: 'subfield.edit', input: 'subDictionaryName', value: name },
      { type: 'subfield.edit', input: 'subDefaultValue', value: name.slice(0, 1) },
      { type: 'subfield.edit', input: 'subCssField', value: `plan-${name.toLowerCase()}` },
    );

  it('adds a sub-field only with name, default and css, then clears the inputs', () => {
    const s = step(opened(planField()), { type: 'subfield.edit', input: 'subDictionaryName', value: 'Bronze' });
    expect(selectCanAddSubfield(s)).toBe(false);
    expect(step(s, { type: 'subfield.add' }).context.subfields).toHaveLength(2);
    const ready = withSub(opened(planField()), 'Bronze');
    expect(selectCanAddSubfield(ready)).toBe(true);
    const added = step(ready, { type: 'subfield.add' });
    expect(added.context.subfields.map((sub) => sub.subDictionaryName)).toEqual(['Gold', 'Silver', 'Bronze']);
    expect(added.context.subDraft).toEqual({ subDictionaryName: '', subDefaultValue: '', subCssField: '' });
  });

  it('refuses a second sub-field of the same name', () => {
    expect(selectCanAddSubfield(withSub(opened(planField()), 'gold'))).toBe(false);
  });

  it('removes a sub-field locally, keeping the others in order, and saves nothing yet', () => {
    const before = opened(planField());
    const s = run(before, { type: 'subfield.remove', index: 0 });
    expect(s.context.subfields.map((sub) => sub.subDictionaryName)).toEqual(
      before.context.subfields.slice(1).map((sub) => sub.subDictionaryName),
    );
    expect(s.value).toBe('editing');
    // Saving the remaining list with the field is the next spec's subject.
  });
});

describe('field dialog: saving (spec §4, §6, §8)', () => {
  it('sends the field with sub-fields typed for its data type and its version', () => {
    const [saving, actions] = transition(
      fieldDialogMachine,
      run(opened(planField()), { type: 'subfield.remove', index: 0 }),
      { type: 'dialog.save' },
    );
    expect(saving.value).toBe('saving');
    const invoke = actions.find((a) => a.type === 'xstate.spawnChild');
    expect((invoke?.params as unknown as { input: unknown }).input).toMatchObject({
      id: planField().id,
      version: 1,
      body: {
        dataType: 'SELECT',
        dataLength: 1,
        subfields: [{ subDictionaryName: 'Silver', subDataType: 'OPTION', order: 0 }],
      },
    });
  });

  it('ends with the saved field', () => {
    const saved = firstNameField({ version: 4 });
    const s = run(validNew(), { type: 'dialog.save' }, doneEvent('saveField', saved));
    expect(s.status).toBe('done');
    expect(s.output).toEqual(saved);
  });

  it('keeps the input and says so when the field changed meanwhile (409 stale)', () => {
    const s = run(opened(firstNameField()), edit('fieldDescription', 'Given name'), { type: 'dialog.save' });
    const back = step(s, errorEvent('saveField', staleUpdate()));
    expect(back.value).toBe('editing');
    expect(back.context.stale).toBe(true);
    expect(back.context.draft.fieldDescription).toBe('Given name');
    expect(sentEvent(s, errorEvent('saveField', staleUpdate()))).toBeUndefined();
  });

  it('logs the person off on a 401', () => {
    const s = run(opened(firstNameField()), { type: 'dialog.save' });
    expect(actionsOn(s, errorEvent('saveField', unauthorised())).map((a) => a.type)).toContain('logOff');
    const ended = step(s, errorEvent('saveField', unauthorised()));
    expect(ended.status).toBe('done');
    expect(ended.output).toBeUndefined();
  });

  it('shows other failures under Global_Text_FailTitle and keeps the input', () => {
    const s = run(validNew(), { type: 'dialog.save' });
    expect(sentEvent(s, errorEvent('saveField', nameTaken()))).toEqual(
      failureNotice(nameTaken(), label('Global_Text_FailTitle')),
    );
    expect(step(s, errorEvent('saveField', nameTaken())).context.draft.dictionaryName).toBe('MemberId');
  });

  it('a new save clears the stale notice', () => {
    const stale = run(opened(firstNameField()), { type: 'dialog.save' }, errorEvent('saveField', staleUpdate()));
    expect(step(stale, { type: 'dialog.save' }).context.stale).toBe(false);
  });

  it('cancelling ends without a field', () => {
    const s = step(validNew(), { type: 'dialog.cancel' });
    expect(s.status).toBe('done');
    expect(s.output).toBeUndefined();
  });
});
