/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect, vi } from 'vitest';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { templateEditorMachine, type TemplateLoadOutput } from '@machines/template-editor/template-editor.machine';
import type { TemplateChange } from '@machines/template-editor/template-draft';
import { selectCanSave } from '@machines/template-editor/template-editor.selectors';
import { TemplateEditor } from '@src/admin/templates/TemplateEditor';
import type { Template, TemplateDetail } from '@contracts/admin/templates';
import { answerCall, renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  answersCallInFlight,
  createControlledActor,
  doneEventType,
  errorEventType,
  isDoneEvent,
  isErrorEvent,
} from '../support/controlled-actor';
import {
  apiError,
  catalogueOf,
  fieldIds,
  firstNameField,
  nameTaken,
  planField,
  templateDetail,
  templateRow,
} from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { dialogGone, endsUnauthorised, saveAnswers } from '../support/editor-walk';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

type Snapshot = SnapshotFrom<typeof templateEditorMachine>;
type EditorRef = ActorRefFrom<typeof templateEditorMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const memberField = { ...firstNameField(), id: fieldIds.newField, dictionaryName: 'MemberId' };
const catalogue = catalogueOf(firstNameField(), planField(), memberField);
const serverFailure = apiError(500, 'internal', 'The database is not answering');

/** The person's edits and the server's answers; the load answer differs between a new and an existing template. */
const loadFailed = actorError('load', serverFailure);
const edit = (changes: TemplateChange) => ({ type: 'edit' as const, changes });
const editsAndAnswers = [
  loadFailed,
  { type: 'reload' },
  edit({ type: 'name.edit', value: 'Agents' }),
  edit({ type: 'default.set', value: true }),
  edit({ type: 'field.add', fieldId: memberField.id }),
  edit({ type: 'field.move', fieldId: fieldIds.plan, to: 0 }),
  edit({ type: 'field.flag', fieldId: fieldIds.plan, flag: 'hidden', value: true }),
  edit({ type: 'field.lockRoles', fieldId: fieldIds.plan, roles: ['user'] }),
  edit({ type: 'field.remove', fieldId: fieldIds.firstName }),
  { type: 'save' },
  ...saveAnswers(templateDetail({ version: 5 }), nameTaken()),
  { type: 'cancel' },
  { type: 'keepMine' },
] satisfies WalkEvent<typeof templateEditorMachine>[];

const loads = {
  existing: actorDone('load', { template: templateDetail(), catalogue } satisfies TemplateLoadOutput),
  fresh: actorDone('load', { template: undefined, catalogue } satisfies TemplateLoadOutput),
};
const events = [loads.existing, ...editsAndAnswers];

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    canSave: selectCanSave(s),
    rows: s.context.draft.rows.map((row) => row.dictionaryName).join(','),
  });

const rowOf = (s: Snapshot, fieldId: string) => s.context.draft.rows.find((row) => row.fieldId === fieldId);

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: (typeof events)[number] | typeof loads.fresh): boolean {
  const type = event.type as string;
  // "Keep mine" reads the record again (overwriting) before it saves.
  if (isDoneEvent(type) || isErrorEvent(type)) return answersCallInFlight(s, type);
  if (event.type === 'reload') return s.matches('failed') || s.matches('conflict');
  if (event.type === 'keepMine') return s.matches('conflict');
  if (event.type === 'cancel') return s.matches('editing') || s.matches('failed') || s.matches('conflict');
  if (!s.matches('editing')) return false;
  if (event.type !== 'edit') return true;
  const plan = rowOf(s, fieldIds.plan);
  const change = event.changes;
  switch (change.type) {
    case 'name.edit':
      return s.context.draft.name !== change.value;
    case 'default.set':
      return !s.context.draft.isDefault;
    case 'field.add':
      return rowOf(s, change.fieldId) === undefined;
    case 'field.move':
      return s.context.draft.rows.indexOf(plan as never) === 1;
    case 'field.flag':
      return plan !== undefined && !plan.hidden;
    case 'field.lockRoles':
      return plan !== undefined && plan.lockForRoles.length === 0;
    case 'field.remove':
      return rowOf(s, change.fieldId) !== undefined;
  }
}

function WhileOpen({ editorRef }: { editorRef: EditorRef }) {
  const open = useSelector(editorRef, (s) => s.status === 'active');
  return open ? <TemplateEditor editorRef={editorRef} /> : null;
}

function startEditor(row: Template | undefined) {
  const calls = {
    load: createControlledActor<TemplateLoadOutput, unknown>(),
    save: createControlledActor<TemplateDetail, unknown>(),
  };
  const unauthorisedPolicy = vi.fn();
  const logic = templateEditorMachine.provide({
    actors: { load: calls.load.logic as never, save: calls.save.logic as never },
    actions: { unauthorised: unauthorisedPolicy },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ row, notifications }),
    view: (editorRef) => <WhileOpen editorRef={editorRef} />,
  });
  return { calls, unauthorisedPolicy, user: userEvent.setup(), failure: undefined as unknown };
}
type Harness = ReturnType<typeof startEditor>;

async function settle(
  harness: Harness,
  name: keyof Harness['calls'],
  answer: { output: unknown } | { error: unknown },
) {
  await answerCall(harness.calls[name], answer);
}

const editor = () => within(screen.getByRole('dialog'));

const click = (user: Harness['user'], name: string) => user.click(editor().getByRole('button', { name }));
const answer = (
  name: keyof Harness['calls'],
  { event }: { event: { output?: unknown; error?: unknown } },
  harness: Harness,
) => settle(harness, name, 'error' in event ? { error: event.error } : { output: event.output });

/** How the person makes each kind of change the `edit` event carries. */
async function change(changes: TemplateChange, { user }: Harness) {
  switch (changes.type) {
    case 'name.edit': {
      const name = editor().getByRole('textbox', { name: new RegExp(`^${en('Template_Field_Name')}`) });
      await user.clear(name);
      await user.type(name, changes.value);
      return;
    }
    case 'default.set':
      return user.click(editor().getByRole('checkbox', { name: en('Template_Field_Default') }));
    case 'field.add':
      await user.selectOptions(
        editor().getByRole('combobox', { name: en('Template_Field_AddField') }),
        changes.fieldId,
      );
      return click(user, en('Template_Button_AddField'));
    case 'field.move':
      return click(user, 'Move Plan up');
    case 'field.flag':
      return user.click(editor().getByRole('checkbox', { name: 'Hidden: Plan' }));
    case 'field.lockRoles': {
      // The role picker: a button saying who the field is locked for ("Nobody"), opening one box per role.
      const picker = within(editor().getByRole('group', { name: 'Locked for: Plan' }));
      await user.click(picker.getByRole('button', { expanded: false }));
      await user.click(picker.getByRole('checkbox', { name: 'User' }));
      return;
    }
    case 'field.remove':
      return click(user, 'Remove FirstName');
  }
}

// Each walk drives a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describeWalks(templateEditorMachine, {
  title: 'template editor model walk (docs/templates.md), through the real editor',
  events: [...events, loads.fresh],
  scenarios: [
    {
      name: 'existing',
      input: { row: templateRow(), notifications: graphNotifications },
      events,
      serializeState,
      filterEvents,
      // A retry, the default flag, a hidden row and locked roles end where the editor was before: journeys.
      journeys: [
        [loadFailed, { type: 'reload' }],
        [
          loads.existing,
          edit({ type: 'default.set', value: true }),
          edit({ type: 'field.flag', fieldId: fieldIds.plan, flag: 'hidden', value: true }),
          edit({ type: 'field.lockRoles', fieldId: fieldIds.plan, roles: ['user'] }),
        ],
      ],
    },
    {
      name: 'new',
      input: { row: undefined, notifications: graphNotifications },
      events: [loads.fresh, ...editsAndAnswers],
      serializeState,
      filterEvents,
    },
  ],
  start: ({ input }: { input?: { row: Template | undefined } }) => startEditor(input?.row),
  describeEvent: (event) =>
    event.type === 'edit'
      ? event.changes.type
      : 'error' in event && event.error instanceof Error
        ? `fails (${event.error.message})`
        : undefined,
  timeout: 60_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async () => {
      expect(await editor().findByText(en('Global_Text_Loading'))).toBeInTheDocument();
    },
    failed: async () => {
      expect(await editor().findByRole('button', { name: en('Template_Button_Retry') })).toBeInTheDocument();
      expect(await screen.findByTestId('snackbar')).toHaveTextContent(serverFailure.message);
    },
    editing: async (s, harness) => {
      const save = await screen.findByRole('button', { name: en('Template_Button_Save') });
      await waitFor(() => {
        expect(save).toHaveAttribute('aria-busy', 'false');
      });
      if (selectCanSave(s)) expect(save).toBeEnabled();
      else expect(save).toBeDisabled();
      expect(editor().queryByText(en('Template_Text_Stale'))).toBeNull();
      const names = [...screen.getByRole('dialog').querySelectorAll('tbody tr td:first-child')].map(
        (td) => td.textContent,
      );
      expect(names).toEqual(s.context.draft.rows.map((row) => row.dictionaryName));
      if (harness.failure instanceof Error) {
        const snackbar = await screen.findByTestId('snackbar');
        expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
        expect(snackbar).toHaveTextContent(harness.failure.message);
        harness.failure = undefined;
      }
    },
    saving: async () => {
      expect(await screen.findByRole('button', { name: en('Template_Button_Save') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    conflict: async (s, harness) => {
      expect(await editor().findByText(en('Template_Text_Stale'))).toBeInTheDocument();
      expect(editor().getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
      expect(editor().getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
      expect(editor().getByRole('button', { name: en('Template_Button_Save') })).toBeDisabled();
      // The draft is still on screen, and a conflict is explained here, not in a snackbar.
      const names = [...screen.getByRole('dialog').querySelectorAll('tbody tr td:first-child')].map(
        (td) => td.textContent,
      );
      expect(names).toEqual(s.context.draft.rows.map((row) => row.dictionaryName));
      harness.failure = undefined;
    },
    overwriting: async (_s, harness) => {
      // "Keep mine" reads the record's current version first, then saves the draft over it.
      expect(await screen.findByRole('button', { name: en('Template_Button_Save') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
    },
    saved: dialogGone,
    cancelled: dialogGone,
    unauthorised: endsUnauthorised(),
  },
  executors: {
    [doneEventType('load')]: (step, harness) => answer('load', step, harness),
    [errorEventType('load')]: (step, harness) => answer('load', step, harness),
    // "Reload their version" after a conflict, Retry after a failed load.
    reload: (_step, { user }) =>
      click(
        user,
        en(
          editor().queryByRole('button', { name: en('Template_Button_Retry') })
            ? 'Template_Button_Retry'
            : 'Global_Button_ReloadTheirs',
        ),
      ),
    keepMine: (_step, { user }) => click(user, en('Global_Button_KeepMine')),
    edit: ({ event }, harness) => change(event.changes, harness),
    save: (_step, { user }) => click(user, en('Template_Button_Save')),
    cancel: (_step, { user }) => click(user, en('Template_Button_Cancel')),
    [doneEventType('save')]: (step, harness) => answer('save', step, harness),
    [errorEventType('save')]: async (step, harness) => {
      harness.failure = step.event.error;
      await answer('save', step, harness);
    },
  },
});
