import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import { label } from '@machines/support/text';
import { templateEditorMachine } from '@machines/template-editor/template-editor.machine';
import { selectAddableFields, selectCanSave, selectIsStale } from '@machines/template-editor/template-editor.selectors';
import { moveRow, rowsOf } from '@machines/template-editor/template-draft';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import {
  catalogueOf,
  fieldIds,
  firstNameField,
  inUse,
  planField,
  staleUpdate,
  templateDetail,
  templateRow,
  unauthorised,
} from '../../support/field-fixtures';
import { recordingNotifications } from '../../support/recording-ref';

type Snapshot = SnapshotFrom<typeof templateEditorMachine>;
type Event = Parameters<typeof transition<typeof templateEditorMachine>>[2];
const { ref: notifications } = recordingNotifications();

const step = (s: Snapshot, event: Event) => transition(templateEditorMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
const actionsOn = (s: Snapshot, event: Event) => transition(templateEditorMachine, s, event)[1];
const sentEvent = (s: Snapshot, event: Event) =>
  (actionsOn(s, event).find((action) => action.type === 'xstate.sendTo')?.params as { event: unknown } | undefined)
    ?.event;
const catalogue = catalogueOf(planField(), firstNameField());
const names = (s: Snapshot) => s.context.draft.rows.map((row) => row.dictionaryName);

const opened = (row = undefined as ReturnType<typeof templateRow> | undefined) =>
  initialTransition(templateEditorMachine, { row, notifications })[0];
const existing = () => step(opened(templateRow()), doneEvent('load', { template: templateDetail(), catalogue }));
const fresh = () => step(opened(), doneEvent('load', { template: undefined, catalogue }));

describe('template editor: opening', () => {
  it('loads the template and the catalogue, the fields in display order', () => {
    const loading = opened(templateRow());
    expect(loading.value).toBe('loading');
    const s = existing();
    expect(s.value).toBe('editing');
    expect(names(s)).toEqual(['FirstName', 'Plan']);
    expect(s.context.draft).toMatchObject({ name: 'Benefits enrolment', isDefault: false });
    expect(s.context.loaded?.template?.version).toBe(4);
    expect(s.context.draft.rows[0]?.mandatory).toBe(true);
  });

  it('a new template starts empty and cannot be saved without a name', () => {
    const s = fresh();
    expect(s.context.draft.rows).toEqual([]);
    expect(selectCanSave(s)).toBe(false);
    expect(selectCanSave(step(s, { type: 'edit', changes: { type: 'name.edit', value: 'Agents' } }))).toBe(true);
  });

  it('a failed load says so and offers a retry', () => {
    const s = opened(templateRow());
    const error = new Error('offline');
    expect(sentEvent(s, errorEvent('load', error))).toEqual(failureNotice(error, label('Global_Text_FailTitle')));
    const failed = step(s, errorEvent('load', error));
    expect(failed.value).toBe('failed');
    expect(step(failed, { type: 'reload' }).value).toBe('loading');
  });
});

describe('template editor: fields', () => {
  it('adds a catalogue field once, at the end, with every flag off', () => {
    const s = run(fresh(), { type: 'edit', changes: { type: 'field.add', fieldId: fieldIds.plan } });
    expect(s.context.draft.rows).toEqual([
      {
        fieldId: fieldIds.plan,
        dictionaryName: 'Plan',
        dataType: 'SELECT',
        mandatory: false,
        hidden: false,
        adminField: false,
        lockForRoles: [],
      },
    ]);
    expect(
      step(s, { type: 'edit', changes: { type: 'field.add', fieldId: fieldIds.plan } }).context.draft.rows,
    ).toHaveLength(1);
    expect(selectAddableFields(s).map((f) => f.dictionaryName)).toEqual(['FirstName']);
  });

  it('ignores a field that is not in the catalogue', () => {
    expect(
      step(fresh(), { type: 'edit', changes: { type: 'field.add', fieldId: fieldIds.newField } }).context.draft.rows,
    ).toEqual([]);
  });

  it('moves a field up, down and by drag, and removes it', () => {
    const s = existing();
    expect(names(step(s, { type: 'edit', changes: { type: 'field.move', fieldId: fieldIds.plan, to: 0 } }))).toEqual([
      'Plan',
      'FirstName',
    ]);
    expect(
      names(step(s, { type: 'edit', changes: { type: 'field.move', fieldId: fieldIds.firstName, to: 1 } })),
    ).toEqual(['Plan', 'FirstName']);
    expect(names(step(s, { type: 'edit', changes: { type: 'field.move', fieldId: fieldIds.plan, to: 9 } }))).toEqual([
      'FirstName',
      'Plan',
    ]);
    expect(names(step(s, { type: 'edit', changes: { type: 'field.remove', fieldId: fieldIds.plan } }))).toEqual([
      'FirstName',
    ]);
  });

  it('sets the flags and the locked roles of one field, roles in a fixed order', () => {
    const s = run(
      existing(),
      { type: 'edit', changes: { type: 'field.flag', fieldId: fieldIds.plan, flag: 'hidden', value: true } },
      { type: 'edit', changes: { type: 'field.flag', fieldId: fieldIds.plan, flag: 'adminField', value: true } },
      { type: 'edit', changes: { type: 'field.lockRoles', fieldId: fieldIds.plan, roles: ['agent', 'user', 'agent'] } },
    );
    expect(s.context.draft.rows[1]).toMatchObject({
      hidden: true,
      adminField: true,
      mandatory: false,
      lockForRoles: ['user', 'agent'],
    });
    expect(s.context.draft.rows[0]).toMatchObject({ hidden: false, adminField: false, lockForRoles: [] });
  });
});

describe('template editor: saving', () => {
  it('sends the whole template with display order from the rows and its version', () => {
    const s = run(existing(), { type: 'edit', changes: { type: 'field.move', fieldId: fieldIds.plan, to: 0 } });
    const spawn = actionsOn(s, { type: 'save' }).find((a) => a.type === 'xstate.spawnChild');
    expect((spawn?.params as unknown as { input: unknown }).input).toEqual({
      id: fieldIds.template,
      version: 4,
      body: {
        name: 'Benefits enrolment',
        default: false,
        fields: [
          {
            fieldId: fieldIds.plan,
            displayOrder: 0,
            mandatory: false,
            hidden: false,
            adminField: false,
            lockForRoles: [],
          },
          {
            fieldId: fieldIds.firstName,
            displayOrder: 1,
            mandatory: true,
            hidden: false,
            adminField: false,
            lockForRoles: [],
          },
        ],
      },
    });
  });

  it('ends with the saved template', () => {
    const saved = templateDetail({ version: 5 });
    const s = run(existing(), { type: 'save' }, doneEvent('save', saved));
    expect(s.status).toBe('done');
    expect(s.output).toEqual(saved);
  });

  it('a stale save (409) is a conflict that keeps the edits', () => {
    const s = run(existing(), { type: 'edit', changes: { type: 'name.edit', value: 'Renamed' } }, { type: 'save' });
    const back = step(s, errorEvent('save', staleUpdate()));
    expect(back.value).toBe('conflict');
    expect(selectIsStale(back)).toBe(true);
    expect(back.context.draft.name).toBe('Renamed');
    expect(step(back, { type: 'reload' }).value).toBe('loading');
    expect(step(back, { type: 'keepMine' }).value).toBe('overwriting');
  });

  it('shows other failures with the server reason', () => {
    const s = run(existing(), { type: 'save' });
    expect(sentEvent(s, errorEvent('save', inUse()))).toEqual(failureNotice(inUse(), label('Global_Text_FailTitle')));
  });

  it('hands a 401 to the host and ends without a template', () => {
    const s = run(existing(), { type: 'save' });
    const lost = unauthorised();
    expect(sentEvent(s, errorEvent('save', lost))).toEqual({ type: 'error.report', error: lost, action: 'editor' });
    expect(step(s, errorEvent('save', lost)).value).toBe('unauthorised');
    expect(step(s, errorEvent('save', unauthorised())).output).toBeUndefined();
  });

  it('cancelling ends without a template', () => {
    const s = step(existing(), { type: 'cancel' });
    expect(s.status).toBe('done');
    expect(s.output).toBeUndefined();
  });
});

describe('template rows', () => {
  it('orders rows by display order and moves keep everyone else in order', () => {
    const rows = rowsOf(templateDetail().fields);
    expect(rows.map((r) => r.dictionaryName)).toEqual(['FirstName', 'Plan']);
    expect(moveRow(rows, 'unknown', 0)).toEqual(rows);
  });
});
