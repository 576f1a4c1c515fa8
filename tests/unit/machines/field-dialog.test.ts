import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import {
  selectCanAddSubfield,
  selectCanSave,
  selectDataTypes,
  selectIsStale,
  selectMetaTags,
  selectSections,
} from '@machines/field-dialog/field-dialog.selectors';
import { applyFieldChange, dialogDraftOf, type FieldChange } from '@machines/field-dialog/field-draft';
import { label } from '@machines/support/text';
import type { Field } from '@contracts/admin/fields';
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
/** The input of the call a transition starts (`load` or `save`). */
const invokedInput = (s: Snapshot, event: Event) =>
  (actionsOn(s, event).find((a) => a.type === 'xstate.spawnChild')?.params as unknown as { input: unknown } | undefined)
    ?.input;

/** The dialog as the grid opens it: reading the lists. */
const opening = (row = undefined as Field | undefined) =>
  initialTransition(fieldDialogMachine, { row, notifications })[0];
/** The lists (and, on a reload, the field) as `load` answers them. */
const listsRead = (record: Field | undefined) => doneEvent('load', { ...fieldLists, record });
/** Opened and editing: the lists have loaded. */
const opened = (row = undefined as Field | undefined) => step(opening(row), listsRead(row));
const edit = (changes: FieldChange): Event => ({ type: 'edit', changes });
const type = (
  input: 'dictionaryName' | 'fieldDescription' | 'dataLength' | 'validationRegex' | 'maskRegex',
  value: string,
): Event => edit({ type: 'input.edit', input, value });
const choose = (dataType: Field['dataType']): Event => edit({ type: 'dataType.choose', dataType });
const validNew = () =>
  run(opened(), type('dictionaryName', 'MemberId'), type('fieldDescription', 'Member id'), choose('NVARCHAR'));

describe('field dialog: opening (admin-and-board §2, §4)', () => {
  it('opens in create mode with data length 1 and no data type, reading the lists first', () => {
    const [reading, actions] = initialTransition(fieldDialogMachine, { row: undefined, notifications });
    expect(reading.value).toBe('loading');
    const load = actions.find((a) => a.type === 'xstate.spawnChild')?.params as unknown as { input: unknown };
    expect(load.input).toMatchObject({ input: { row: undefined, notifications }, loaded: undefined });
    const s = opened();
    expect(s.value).toBe('editing');
    expect(s.context.draft.field).toMatchObject({ dataType: undefined, dataLength: '1', dictionaryName: '' });
    expect(selectCanSave(s)).toBe(false);
  });

  it('opens in update mode with the field and its sub-fields in order, shown while the lists load', () => {
    const row = planField({ subfields: [...planField().subfields].reverse() });
    expect(opening(row).context.draft.subfields.map((sub) => sub.subDictionaryName)).toEqual(['Gold', 'Silver']);
    const s = opened(row);
    expect(s.context.loaded?.record?.id).toBe(planField().id);
    expect(s.context.loaded?.record?.version).toBe(1);
    expect(s.context.draft.subfields.map((sub) => sub.subDictionaryName)).toEqual(['Gold', 'Silver']);
  });

  it('offers the data types and meta tags sorted alphabetically once they load', () => {
    const s = opened();
    expect(selectDataTypes(s).map((t) => t.key)).toEqual([
      'BOOLEAN',
      'CHECKBOX',
      'LABEL',
      'NVARCHAR',
      'RADIO BUTTON GROUP',
      'SELECT',
    ]);
    expect(selectMetaTags(s).map((t) => t.key)).toEqual(['FirstName', 'GoogleAddress', 'GoogleCity', 'LastName']);
  });

  it('only logs lists that fail to load (spec §8), and stays usable with empty selects', () => {
    const s = opening(firstNameField());
    const offline = errorEvent('load', new Error('offline'));
    expect(actionsOn(s, offline).map((a) => a.type)).toContain('logLoadFailure');
    expect(sentEvent(s, offline)).toBeUndefined();
    const editing = step(s, offline);
    expect(editing.value).toBe('editing');
    expect(selectDataTypes(editing)).toEqual([]);
    expect(selectMetaTags(editing)).toEqual([]);
    expect(editing.context.draft.field.dictionaryName).toBe('FirstName');
  });
});

describe('field dialog: inputs by data type (spec §2, §4)', () => {
  it('shows data length and default value for NVARCHAR, and the meta tag', () => {
    const s = step(opened(), choose('NVARCHAR'));
    expect(selectSections(s)).toEqual({ defaultValue: true, dataLength: true, metaTag: true, subfields: false });
  });

  it('shows the default value, meta tag and sub-fields for SELECT; meta tag and sub-fields for a radio group', () => {
    expect(selectSections(step(opened(), choose('SELECT')))).toEqual({
      defaultValue: true,
      dataLength: false,
      metaTag: true,
      subfields: true,
    });
    expect(selectSections(step(opened(), choose('RADIO BUTTON GROUP')))).toEqual({
      defaultValue: false,
      dataLength: false,
      metaTag: true,
      subfields: true,
    });
  });

  it('shows the meta tag for every type a link can prefill, and none for a LABEL (issue 29 §7)', () => {
    for (const type of ['CHECKBOX', 'BOOLEAN'] as const)
      expect(selectSections(step(opened(), choose(type))).metaTag).toBe(true);
    expect(selectSections(step(opened(), choose('LABEL'))).metaTag).toBe(false);
  });

  it('sets data length 1 and keeps the meta tag when the type leaves NVARCHAR for a prefillable type', () => {
    const s = run(opened(firstNameField()), choose('SELECT'));
    expect(s.context.draft.field).toMatchObject({ dataType: 'SELECT', dataLength: '1', metaTag: 'FirstName' });
    const box = run(opened(firstNameField()), choose('CHECKBOX'));
    expect(box.context.draft.field).toMatchObject({
      dataType: 'CHECKBOX',
      dataLength: '1',
      metaTag: 'FirstName',
      defaultValue: '',
    });
  });

  it('drops the meta tag when the type becomes LABEL', () => {
    const s = run(opened(firstNameField()), choose('LABEL'));
    expect(s.context.draft.field).toMatchObject({ dataType: 'LABEL', dataLength: '1', metaTag: null });
  });

  it('keeps the typed data length when NVARCHAR stays', () => {
    const s = run(opened(firstNameField()), choose('NVARCHAR'));
    expect(s.context.draft.field.dataLength).toBe('50');
  });

  it('sets the Disable switch and the meta tag', () => {
    const s = run(
      opened(firstNameField()),
      edit({ type: 'disable.set', value: true }),
      edit({ type: 'metaTag.choose', metaTag: 'LastName' }),
    );
    expect(s.context.draft.field).toMatchObject({ disable: true, metaTag: 'LastName' });
    expect(step(s, edit({ type: 'metaTag.choose', metaTag: null })).context.draft.field.metaTag).toBeNull();
  });

  it('takes no change while the lists load', () => {
    expect(step(opening(), type('dictionaryName', 'MemberId')).context.draft.field.dictionaryName).toBe('');
  });
});

describe('field dialog: validity (spec §5)', () => {
  it('can save once DictionaryName, DataType, DataLength and FieldDescription are valid', () => {
    expect(selectCanSave(validNew())).toBe(true);
    expect(selectCanSave(step(validNew(), type('fieldDescription', '  ')))).toBe(false);
    expect(selectCanSave(step(validNew(), type('dataLength', '0')))).toBe(false);
    expect(selectCanSave(step(validNew(), type('dictionaryName', '9lives')))).toBe(false);
  });

  it('refuses a validation pattern that does not compile', () => {
    expect(selectCanSave(step(validNew(), type('validationRegex', '([a-z')))).toBe(false);
  });

  it('refuses a mask that is not one of the spec’s notation, and saves one that is (PP §3 MaskRegex, §9)', () => {
    for (const mask of ['^\\d+$', '000#000', '[0-9]'])
      expect(selectCanSave(step(validNew(), type('maskRegex', mask)))).toBe(false);
    const masked = step(validNew(), type('maskRegex', '(000) 000-0000'));
    expect(selectCanSave(masked)).toBe(true);
    expect(invokedInput(masked, { type: 'save' })).toMatchObject({ body: { maskRegex: '(000) 000-0000' } });
  });

  it('ignores Save while invalid', () => {
    const s = opened();
    expect(step(s, { type: 'save' }).value).toBe('editing');
  });
});

describe('field dialog: sub-fields (spec §4, §5)', () => {
  const sub = (input: 'subDictionaryName' | 'subDefaultValue' | 'subCssField', value: string) =>
    edit({ type: 'subfield.edit', input, value });
  const withSub = (s: Snapshot, name: string) =>
    run(
      s,
      sub('subDictionaryName', name),
      sub('subDefaultValue', name.slice(0, 1)),
      sub('subCssField', `plan-${name.toLowerCase()}`),
    );

  it('adds a sub-field only with name, default and css, then clears the inputs', () => {
    const s = step(opened(planField()), sub('subDictionaryName', 'Bronze'));
    expect(selectCanAddSubfield(s)).toBe(false);
    expect(step(s, edit({ type: 'subfield.add' })).context.draft.subfields).toHaveLength(2);
    const ready = withSub(opened(planField()), 'Bronze');
    expect(selectCanAddSubfield(ready)).toBe(true);
    const added = step(ready, edit({ type: 'subfield.add' }));
    expect(added.context.draft.subfields.map((one) => one.subDictionaryName)).toEqual(['Gold', 'Silver', 'Bronze']);
    expect(added.context.draft.subDraft).toEqual({ subDictionaryName: '', subDefaultValue: '', subCssField: '' });
  });

  it('refuses a second sub-field of the same name', () => {
    expect(selectCanAddSubfield(withSub(opened(planField()), 'gold'))).toBe(false);
  });

  it('removes a sub-field locally, keeping the others in order, and saves nothing yet', () => {
    const before = opened(planField());
    const s = run(before, edit({ type: 'subfield.remove', index: 0 }));
    expect(s.context.draft.subfields.map((one) => one.subDictionaryName)).toEqual(
      before.context.draft.subfields.slice(1).map((one) => one.subDictionaryName),
    );
    expect(s.value).toBe('editing');
  });
});

describe('field dialog: saving (spec §4, §6, §8)', () => {
  it('sends the field with sub-fields typed for its data type and its version', () => {
    const before = run(opened(planField()), edit({ type: 'subfield.remove', index: 0 }));
    expect(step(before, { type: 'save' }).value).toBe('saving');
    expect(invokedInput(before, { type: 'save' })).toMatchObject({
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
    const s = run(validNew(), { type: 'save' }, doneEvent('save', saved));
    expect(s.status).toBe('done');
    expect(s.output).toEqual(saved);
  });

  it('keeps the input and offers reload theirs / keep mine when the field changed meanwhile (409 stale)', () => {
    const s = run(opened(firstNameField()), type('fieldDescription', 'Given name'), { type: 'save' });
    const conflict = step(s, errorEvent('save', staleUpdate()));
    expect(conflict.value).toBe('conflict');
    expect(selectIsStale(conflict)).toBe(true);
    expect(selectCanSave(conflict)).toBe(false);
    expect(conflict.context.draft.field.fieldDescription).toBe('Given name');
    expect(sentEvent(s, errorEvent('save', staleUpdate()))).toBeUndefined();
  });

  it('conflict → reload theirs: reads the field afresh and drops the draft for their version', () => {
    const conflict = run(
      opened(firstNameField()),
      type('fieldDescription', 'Given name'),
      { type: 'save' },
      errorEvent('save', staleUpdate()),
    );
    const reloading = step(conflict, { type: 'reload' });
    expect(reloading.value).toBe('loading');
    // `load` is told what was read, so the wiring reads the field itself this time.
    expect(invokedInput(conflict, { type: 'reload' })).toMatchObject({ loaded: { record: firstNameField() } });
    const theirs = firstNameField({ fieldDescription: 'Their name', version: 4 });
    const s = step(reloading, listsRead(theirs));
    expect(s.value).toBe('editing');
    expect(selectIsStale(s)).toBe(false);
    expect(s.context.draft.field.fieldDescription).toBe('Their name');
    expect(invokedInput(s, { type: 'save' })).toMatchObject({ version: 4 });
  });

  it('conflict → keep mine: reads the current version, then saves the draft over it', () => {
    const conflict = run(
      opened(firstNameField()),
      type('fieldDescription', 'Given name'),
      { type: 'save' },
      errorEvent('save', staleUpdate()),
    );
    const overwriting = step(conflict, { type: 'keepMine' });
    expect(overwriting.value).toBe('overwriting');
    const current = listsRead(firstNameField({ fieldDescription: 'Their name', version: 4 }));
    expect(invokedInput(overwriting, current)).toMatchObject({
      id: firstNameField().id,
      version: 4,
      body: { fieldDescription: 'Given name' },
    });
    const saving = step(overwriting, current);
    expect(saving.value).toBe('saving');
    expect(saving.context.draft.field.fieldDescription).toBe('Given name');
  });

  it("hands a 401 to the host's policy (the pattern's unauthorised action) and ends without a field", () => {
    const s = run(opened(firstNameField()), { type: 'save' });
    // The pattern's default hands the error to the catalogue; the page provides its own policy (src/admin/fields).
    expect(sentEvent(s, errorEvent('save', unauthorised()))).toEqual({
      type: 'error.report',
      error: unauthorised(),
      action: 'editor',
    });
    const ended = step(s, errorEvent('save', unauthorised()));
    expect(ended.status).toBe('done');
    expect(ended.value).toBe('unauthorised');
    expect(ended.output).toBeUndefined();
  });

  it('shows other failures under Global_Text_FailTitle and keeps the input', () => {
    const s = run(validNew(), { type: 'save' });
    expect(sentEvent(s, errorEvent('save', nameTaken()))).toEqual(
      failureNotice(nameTaken(), label('Global_Text_FailTitle')),
    );
    const back = step(s, errorEvent('save', nameTaken()));
    expect(back.value).toBe('editing');
    expect(back.context.draft.field.dictionaryName).toBe('MemberId');
  });

  it('cancelling ends without a field, and is not possible while a save is under way', () => {
    const s = step(validNew(), { type: 'cancel' });
    expect(s.status).toBe('done');
    expect(s.output).toBeUndefined();
    expect(step(validNew(), { type: 'save' }).can({ type: 'cancel' })).toBe(false);
  });
});

describe('field draft rules (field-draft.ts, pure)', () => {
  it('refuses a sub-field add it does not allow by handing back the same draft', () => {
    const draft = dialogDraftOf(planField());
    expect(applyFieldChange(draft, { type: 'subfield.add' })).toBe(draft);
    const typed = applyFieldChange(draft, { type: 'subfield.edit', input: 'subDictionaryName', value: 'Bronze' });
    expect(typed).not.toBe(draft);
    expect(typed.subDraft.subDictionaryName).toBe('Bronze');
    expect(draft.subDraft.subDictionaryName).toBe('');
  });

  it('a new data type changes only the field, keeping the local sub-fields', () => {
    const draft = dialogDraftOf(planField());
    const next = applyFieldChange(draft, { type: 'dataType.choose', dataType: 'NVARCHAR' });
    expect(next.field).toMatchObject({ dataType: 'NVARCHAR', dataLength: '1' });
    expect(next.subfields).toBe(draft.subfields);
  });
});
