/* eslint-disable vitest/no-standalone-expect -- the states map and executors run inside each walk's test (path.test) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { matchesState, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import {
  templateEditorMachine,
  type TemplateEditorEvent,
  type TemplateLoadOutput,
} from '@machines/template-editor/template-editor.machine';
import type { TemplateChange } from '@machines/template-editor/template-draft';
import { selectCanSave } from '@machines/template-editor/template-editor.selectors';
import { TemplateEditor } from '@src/admin/templates/TemplateEditor';
import type { Template, TemplateDetail } from '@contracts/admin/templates';
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

type Snapshot = SnapshotFrom<typeof templateEditorMachine>;
type EditorRef = ActorRefFrom<typeof templateEditorMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const memberField = { ...firstNameField(), id: fieldIds.newField, dictionaryName: 'MemberId' };
const catalogue = catalogueOf(firstNameField(), planField(), memberField);
const serverFailure = apiError(500, 'internal', 'The database is not answering');

/** The person's edits and the server's answers; the load answer differs between a new and an existing template. */
const editsAndAnswers = [
  errorEvent('load', serverFailure),
  { type: 'reload' },
  { type: 'edit', changes: { type: 'name.edit', value: 'Agents' } },
  { type: 'edit', changes: { type: 'default.set', value: true } },
  { type: 'edit', changes: { type: 'field.add', fieldId: memberField.id } },
  { type: 'edit', changes: { type: 'field.move', fieldId: fieldIds.plan, to: 0 } },
  { type: 'edit', changes: { type: 'field.flag', fieldId: fieldIds.plan, flag: 'hidden', value: true } },
  { type: 'edit', changes: { type: 'field.lockRoles', fieldId: fieldIds.plan, roles: ['user'] } },
  { type: 'edit', changes: { type: 'field.remove', fieldId: fieldIds.firstName } },
  { type: 'save' },
  doneEvent('save', templateDetail({ version: 5 })),
  errorEvent('save', staleUpdate()),
  errorEvent('save', nameTaken()),
  errorEvent('save', unauthorised()),
  { type: 'cancel' },
] as TemplateEditorEvent[];

const loads = {
  existing: { template: templateDetail(), catalogue } satisfies TemplateLoadOutput,
  fresh: { template: undefined, catalogue } satisfies TemplateLoadOutput,
};

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    canSave: selectCanSave(s),
    rows: s.context.draft.rows.map((row) => row.dictionaryName).join(','),
  });

const rowOf = (s: Snapshot, fieldId: string) => s.context.draft.rows.find((row) => row.fieldId === fieldId);

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: TemplateEditorEvent): boolean {
  const type = event.type as string;
  if (isDoneEvent(type) || isErrorEvent(type)) {
    const actor = actorIdOf(type);
    return (s.matches('loading') && actor === 'load') || (s.matches('saving') && actor === 'save');
  }
  if (event.type === 'reload') return s.matches('failed');
  if (event.type === 'cancel') return s.matches('editing') || s.matches('failed');
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

const model = new TestModel(templateEditorMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const walksFor = (row: Template | undefined, load: TemplateLoadOutput, title: string) =>
  model
    .getPaths(getShortestPaths, {
      input: { row, notifications: graphNotifications },
      events: [doneEvent('load', load), ...editsAndAnswers],
      serializeState,
      filterEvents,
    })
    .map((path) => ({ title, row, path }));
const walks = [...walksFor(templateRow(), loads.existing, 'existing'), ...walksFor(undefined, loads.fresh, 'new')];

function WhileOpen({ editorRef }: { editorRef: EditorRef }) {
  const open = useSelector(editorRef, (s) => s.status === 'active');
  return open ? <TemplateEditor editorRef={editorRef} /> : null;
}

function startEditor(row: Template | undefined) {
  const calls = {
    load: createControlledActor<TemplateLoadOutput, unknown>(),
    save: createControlledActor<TemplateDetail, unknown>(),
  };
  const logOff = vi.fn();
  const logic = templateEditorMachine.provide({
    actors: { load: calls.load.logic as never, save: calls.save.logic as never },
    actions: { unauthorised: logOff },
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

function executors(harness: Harness) {
  const { user } = harness;
  const click = (name: string) => user.click(editor().getByRole('button', { name }));
  /** One executor per kind of change the `edit` event carries. */
  const edits = {
    'name.edit': async (change: { value: string }) => {
      const name = editor().getByRole('textbox', { name: new RegExp(`^${en('Template_Field_Name')}`) });
      await user.clear(name);
      await user.type(name, change.value);
    },
    'default.set': () => user.click(editor().getByRole('checkbox', { name: en('Template_Field_Default') })),
    'field.add': async (change: { fieldId: string }) => {
      await user.selectOptions(editor().getByRole('combobox', { name: en('Template_Field_AddField') }), change.fieldId);
      await click(en('Template_Button_AddField'));
    },
    'field.move': () => click('Move Plan up'),
    'field.flag': () => user.click(editor().getByRole('checkbox', { name: 'Hidden: Plan' })),
    'field.lockRoles': () => user.selectOptions(editor().getByRole('listbox', { name: 'Locked for: Plan' }), ['user']),
    'field.remove': () => click('Remove FirstName'),
  };
  return {
    'xstate.done.actor.load': ({ event }: { event: { output: unknown } }) =>
      settle(harness, 'load', { output: event.output }),
    'xstate.error.actor.load': ({ event }: { event: { error: unknown } }) =>
      settle(harness, 'load', { error: event.error }),
    reload: () => click(en('Template_Button_Retry')),
    edit: async ({ event }: { event: { changes: TemplateChange } }) => {
      const change = event.changes;
      if (change.type === 'name.edit') await edits['name.edit'](change);
      else if (change.type === 'field.add') await edits['field.add'](change);
      else await edits[change.type]();
    },
    save: () => click(en('Template_Button_Save')),
    cancel: () => click(en('Template_Button_Cancel')),
    'xstate.done.actor.save': ({ event }: { event: { output: unknown } }) =>
      settle(harness, 'save', { output: event.output }),
    'xstate.error.actor.save': async ({ event }: { event: { error: unknown } }) => {
      harness.failure = event.error;
      await settle(harness, 'save', { error: event.error });
    },
  };
}

const dialogGone = () =>
  waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

const states = (harness: Harness) => ({
  loading: async () => {
    expect(await editor().findByText(en('Global_Text_Loading'))).toBeInTheDocument();
  },
  failed: async () => {
    expect(await editor().findByRole('button', { name: en('Template_Button_Retry') })).toBeInTheDocument();
    expect(await screen.findByTestId('snackbar')).toHaveTextContent(serverFailure.message);
  },
  editing: async (s: Snapshot) => {
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
  saved: dialogGone,
  cancelled: dialogGone,
  conflict: async () => {
    expect(await editor().findByText(en('Template_Text_Stale'))).toBeInTheDocument();
    expect(editor().getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
    expect(editor().getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
    expect(editor().getByRole('button', { name: en('Template_Button_Save') })).toBeDisabled();
  },
  unauthorised: async () => {
    await dialogGone();
    expect(harness.logOff).toHaveBeenCalledTimes(1);
  },
});

const describeStep = (event: { type: string; [key: string]: unknown }) => {
  if (isDoneEvent(event.type) || isErrorEvent(event.type)) {
    const error = event['error'];
    return `${actorIdOf(event.type)} ${error instanceof Error ? `fails (${error.message})` : 'answers'}`;
  }
  return event.type;
};

// Each walk drives a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describe('template editor model walk (docs/templates.md), through the real editor', { timeout: 60_000 }, () => {
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
    const harness = startEditor(row);
    await path.test({ states: states(harness), events: executors(harness) as never });
  });

  it('walks every state of the editor', () => {
    const reached = new Set(
      walks
        .flatMap(({ path }) => [path.state, ...path.steps.map((step) => step.state)])
        .map((s) => JSON.stringify(s.value)),
    );
    expect([...reached].sort()).toEqual(
      Object.keys(states(startEditor(undefined)))
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });
});
