/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect, vi } from 'vitest';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { templateEditorMachine, type TemplateLoadOutput } from '@machines/template-editor/template-editor.machine';
import { selectCanSave } from '@machines/template-editor/template-editor.selectors';
import { TemplateEditor } from '@src/admin/templates/TemplateEditor';
import type { Template, TemplateDetail } from '@contracts/admin/templates';
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
import {
  apiError,
  catalogueOf,
  fieldIds,
  firstNameField,
  nameTaken,
  planField,
  staleUpdate,
  templateDetail,
  templateRow,
  unauthorised,
} from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { describeWalks, type WalkEvent } from '../support/walk';

type Snapshot = SnapshotFrom<typeof templateEditorMachine>;
type EditorRef = ActorRefFrom<typeof templateEditorMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const memberField = { ...firstNameField(), id: fieldIds.newField, dictionaryName: 'MemberId' };
const catalogue = catalogueOf(firstNameField(), planField(), memberField);
const serverFailure = apiError(500, 'internal', 'The database is not answering');

/** The person's edits and the server's answers; the load answer differs between a new and an existing template. */
const loadFailed = actorError('loadTemplate', serverFailure);
const editsAndAnswers = [
  loadFailed,
  { type: 'editor.retry' },
  { type: 'name.edit', value: 'Agents' },
  { type: 'default.set', value: true },
  { type: 'field.add', fieldId: memberField.id },
  { type: 'field.move', fieldId: fieldIds.plan, to: 0 },
  { type: 'field.flag', fieldId: fieldIds.plan, flag: 'hidden', value: true },
  { type: 'field.lockRoles', fieldId: fieldIds.plan, roles: ['user'] },
  { type: 'field.remove', fieldId: fieldIds.firstName },
  { type: 'editor.save' },
  actorDone('saveTemplate', templateDetail({ version: 5 })),
  actorError('saveTemplate', staleUpdate()),
  actorError('saveTemplate', nameTaken()),
  actorError('saveTemplate', unauthorised()),
  { type: 'editor.cancel' },
] satisfies WalkEvent<typeof templateEditorMachine>[];

const loads = {
  existing: actorDone('loadTemplate', { template: templateDetail(), catalogue } satisfies TemplateLoadOutput),
  fresh: actorDone('loadTemplate', { template: undefined, catalogue } satisfies TemplateLoadOutput),
};
const events = [loads.existing, ...editsAndAnswers];

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    canSave: selectCanSave(s),
    stale: s.context.stale,
    rows: s.context.rows.map((row) => row.dictionaryName).join(','),
  });

const rowOf = (s: Snapshot, fieldId: string) => s.context.rows.find((row) => row.fieldId === fieldId);

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: (typeof events)[number] | typeof loads.fresh): boolean {
  const type = event.type as string;
  if (isDoneEvent(type) || isErrorEvent(type)) {
    const actor = actorIdOf(type);
    return (s.matches('loading') && actor === 'loadTemplate') || (s.matches('saving') && actor === 'saveTemplate');
  }
  if (event.type === 'editor.retry') return s.matches('loadFailed');
  if (event.type === 'editor.cancel') return s.matches('editing') || s.matches('loadFailed');
  if (!s.matches('editing')) return false;
  const plan = rowOf(s, fieldIds.plan);
  switch (event.type) {
    case 'name.edit':
      return s.context.name !== event.value;
    case 'default.set':
      return !s.context.isDefault;
    case 'field.add':
      return rowOf(s, event.fieldId) === undefined;
    case 'field.move':
      return s.context.rows.indexOf(plan as never) === 1;
    case 'field.flag':
      return plan !== undefined && !plan.hidden;
    case 'field.lockRoles':
      return plan !== undefined && plan.lockForRoles.length === 0;
    case 'field.remove':
      return rowOf(s, event.fieldId) !== undefined;
    default:
      return true;
  }
}

function WhileOpen({ editorRef }: { editorRef: EditorRef }) {
  const open = useSelector(editorRef, (s) => s.status === 'active');
  return open ? <TemplateEditor editorRef={editorRef} /> : null;
}

function startEditor(row: Template | undefined) {
  const calls = {
    loadTemplate: createControlledActor<TemplateLoadOutput, { templateId: string | undefined }>(),
    saveTemplate: createControlledActor<TemplateDetail, unknown>(),
  };
  const logOff = vi.fn();
  const logic = templateEditorMachine.provide({
    actors: { loadTemplate: calls.loadTemplate.logic, saveTemplate: calls.saveTemplate.logic as never },
    actions: { logOff },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ row, notifications }),
    view: (editorRef) => <WhileOpen editorRef={editorRef} />,
  });
  return { calls, logOff, user: userEvent.setup(), failure: undefined as unknown };
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

const dialogGone = () =>
  waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

const click = (user: Harness['user'], name: string) => user.click(editor().getByRole('button', { name }));
const answer = (
  name: keyof Harness['calls'],
  { event }: { event: { output?: unknown; error?: unknown } },
  harness: Harness,
) => settle(harness, name, 'error' in event ? { error: event.error } : { output: event.output });

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
        [loadFailed, { type: 'editor.retry' }],
        [
          loads.existing,
          { type: 'default.set', value: true },
          { type: 'field.flag', fieldId: fieldIds.plan, flag: 'hidden', value: true },
          { type: 'field.lockRoles', fieldId: fieldIds.plan, roles: ['user'] },
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
    'error' in event && event.error instanceof Error ? `fails (${event.error.message})` : undefined,
  timeout: 60_000,
  states: {
    loading: async () => {
      expect(await editor().findByText(en('Global_Text_Loading'))).toBeInTheDocument();
    },
    loadFailed: async () => {
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
      expect(editor().queryByText(en('Template_Text_Stale')) !== null).toBe(s.context.stale);
      const names = [...screen.getByRole('dialog').querySelectorAll('tbody tr td:first-child')].map(
        (td) => td.textContent,
      );
      expect(names).toEqual(s.context.rows.map((row) => row.dictionaryName));
      if (harness.failure instanceof Error && !s.context.stale) {
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
    saved: dialogGone,
    cancelled: dialogGone,
    loggedOff: async (_s, harness) => {
      await dialogGone();
      expect(harness.logOff).toHaveBeenCalledTimes(1);
    },
  },
  executors: {
    [doneEventType('loadTemplate')]: (step, harness) => answer('loadTemplate', step, harness),
    [errorEventType('loadTemplate')]: (step, harness) => answer('loadTemplate', step, harness),
    'editor.retry': (_step, { user }) => click(user, en('Template_Button_Retry')),
    'name.edit': async ({ event }, { user }) => {
      const name = editor().getByRole('textbox', { name: new RegExp(`^${en('Template_Field_Name')}`) });
      await user.clear(name);
      await user.type(name, event.value);
    },
    'default.set': (_step, { user }) =>
      user.click(editor().getByRole('checkbox', { name: en('Template_Field_Default') })),
    'field.add': async ({ event }, { user }) => {
      await user.selectOptions(editor().getByRole('combobox', { name: en('Template_Field_AddField') }), event.fieldId);
      await click(user, en('Template_Button_AddField'));
    },
    'field.move': (_step, { user }) => click(user, 'Move Plan up'),
    'field.flag': (_step, { user }) => user.click(editor().getByRole('checkbox', { name: 'Hidden: Plan' })),
    'field.lockRoles': (_step, { user }) =>
      user.selectOptions(editor().getByRole('listbox', { name: 'Locked for: Plan' }), ['user']),
    'field.remove': (_step, { user }) => click(user, 'Remove FirstName'),
    'editor.save': (_step, { user }) => click(user, en('Template_Button_Save')),
    'editor.cancel': (_step, { user }) => click(user, en('Template_Button_Cancel')),
    [doneEventType('saveTemplate')]: (step, harness) => answer('saveTemplate', step, harness),
    [errorEventType('saveTemplate')]: async (step, harness) => {
      harness.failure = step.event.error;
      await answer('saveTemplate', step, harness);
    },
  },
});
