import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect, vi } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type { OpenText, ReadText, SavedText } from '@machines/label-editor/label-editor.types';
import { LabelEditorDialog } from '@src/admin/dashboard/edit-mode/LabelEditorDialog';
import { stripMarks } from '@src/i18n/edit-markers';
import { answerCall, renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  createControlledActor,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { endsUnauthorised, saveAnswers, testIdGone } from '../support/editor-walk';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';
import './dashboard.harness';
import { providerEditChoices } from '@tests/support/dashboard-fixtures';

type EditorRef = ActorRefFrom<typeof labelEditorMachine>;

const text: OpenText = {
  target: { kind: 'label', key: 'Login_Text_Title' },
  scope: { culture: 'en-us', clientId: null },
  pageClientId: 'acme',
  shownText: 'Sign in',
};
const graphNotifications = recordingNotifications().ref;

const textRead = actorDone('load', {
  kind: 'label',
  value: 'Sign in to Acme',
  version: 3,
  choices: providerEditChoices,
} satisfies ReadText);
const toSpanish = { type: 'edit', changes: { scope: { culture: 'es', clientId: null } } } as const;
const savedText: SavedText = { target: text.target, scope: text.scope };
const events = [
  { type: 'edit', changes: { text: { kind: 'label', value: 'Welcome' } } },
  { type: 'edit', changes: { text: { kind: 'label', value: '' } } },
  toSpanish,
  { type: 'save' },
  { type: 'reload' },
  { type: 'keepMine' },
  { type: 'cancel' },
  textRead,
  actorError('load', new Error('offline')),
  ...saveAnswers(savedText, new Error('offline')),
] satisfies WalkEvent<typeof labelEditorMachine>[];

function WhileOpen({ editorRef }: { editorRef: EditorRef }) {
  // As in the Edit Mode layer: a finished editor is no longer the open dialog.
  const open = useSelector(editorRef, (s) => s.status === 'active');
  return <LabelEditorDialog editorRef={open ? editorRef : undefined} onEditTitle={() => undefined} />;
}

function startEditor() {
  const calls = { load: createControlledActor<ReadText, unknown>(), save: createControlledActor<SavedText, unknown>() };
  const unauthorisedPolicy = vi.fn();
  renderDialogHost({
    logic: labelEditorMachine.provide({
      actors: { load: calls.load.logic as never, save: calls.save.logic as never },
      actions: { unauthorised: unauthorisedPolicy },
    }),
    input: (notifications) => ({ ...text, notifications }),
    view: (editorRef) => <WhileOpen editorRef={editorRef} />,
  });
  return { calls, unauthorisedPolicy };
}
type Harness = ReturnType<typeof startEditor>;

/** The label dialog renders inline in the Edit Mode layer: found by its test id, not a role of its own. */
const DIALOG_TEST_ID = 'edit-text-dialog';
const dialogText = async () => stripMarks((await screen.findByTestId(DIALOG_TEST_ID)).textContent);
const dialog = () => within(screen.getByTestId(DIALOG_TEST_ID));
const button = (name: string) => dialog().getByRole('button', { name });
const saveButton = () => button('Save');
const valueBox = () => screen.getByRole('textbox', { name: /Text \(plain or HTML/ });
const dialogGone = () => testIdGone(DIALOG_TEST_ID);

const answer = (
  name: keyof Harness['calls'],
  { event }: { event: { output?: unknown; error?: unknown } },
  harness: Harness,
) => answerCall(harness.calls[name], 'error' in event ? { error: event.error } : { output: event.output });

describeWalks(labelEditorMachine, {
  title: 'label editor model walk (public-and-profile §2 "Edit dialogs", through the real dialog)',
  events,
  scenarios: [
    {
      input: { ...text, notifications: graphNotifications },
      /** What the dialog shows: the state and its message (a valid or invalid draft shows as Save enabled or not). */
      serializeState: (s) => JSON.stringify([s.value, s.context.problem ?? null, s.can({ type: 'save' })]),
      // Another language reads that text afresh, a state already reached: shortest paths skip it.
      journeys: [[textRead, toSpanish, textRead]],
    },
  ],
  start: startEditor,
  describeEvent: (event) => {
    if (event.type === 'edit') return 'scope' in event.changes ? event.changes.scope.culture : 'type';
    if ('error' in event && event.error instanceof Error) return `fails (${event.error.message})`;
    return undefined;
  },
  timeout: 30_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async () => {
      expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
      expect(saveButton()).toBeDisabled();
    },
    editing: async (s) => {
      expect(await dialogText()).toContain('Login_Text_Title');
      expect(valueBox()).toHaveValue(s.context.draft.text?.kind === 'label' ? s.context.draft.text.value : '');
      expect(saveButton()).toHaveProperty('disabled', !s.can({ type: 'save' }));
      // A problem in place is the one the machine holds: a refused save, or a failed read before "keep mine".
      const problem = s.context.problem;
      if (problem && 'id' in problem) expect(await dialogText()).toContain(catalogueText('en-us', problem.id));
      else expect(await dialogText()).not.toMatch(/could not be (saved|loaded)/);
      expect(problem === undefined || 'id' in problem).toBe(true);
    },
    saving: async () => {
      expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
      expect(saveButton()).toHaveAttribute('aria-busy', 'true');
    },
    conflict: async () => {
      expect(await dialogText()).toContain('Someone else saved this text after you opened it');
      expect(saveButton()).toBeDisabled();
      expect(button('Reload their version')).toBeEnabled();
      expect(button('Keep mine')).toBeEnabled();
    },
    overwriting: async (_s, harness) => {
      // "Keep mine" reads the scope's current version first, then saves the draft over it.
      expect(saveButton()).toHaveAttribute('aria-busy', 'true');
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
    },
    failed: async () => {
      expect(await dialogText()).toContain('This text could not be loaded.');
      expect(button('Reload')).toBeEnabled();
    },
    saved: dialogGone,
    cancelled: dialogGone,
    unauthorised: endsUnauthorised(DIALOG_TEST_ID),
  },
  executors: {
    edit: async ({ event }) => {
      if ('scope' in event.changes) {
        const culture = screen.getByRole('combobox', { name: /Language/ });
        await userEvent.selectOptions(culture, (culture as HTMLSelectElement).value === 'es' ? 'en-us' : 'es');
        return;
      }
      const value = event.changes.text.kind === 'label' ? event.changes.text.value : '';
      await userEvent.clear(valueBox());
      if (value !== '') {
        await userEvent.click(valueBox());
        await userEvent.paste(value);
      }
    },
    save: async () => {
      await userEvent.click(saveButton());
    },
    // Reload after a failed read; "reload their version" after a conflict.
    reload: async () => {
      await userEvent.click(dialog().queryByRole('button', { name: 'Reload' }) ?? button('Reload their version'));
    },
    keepMine: async () => {
      await userEvent.click(button('Keep mine'));
    },
    cancel: async () => {
      await userEvent.click(button('Cancel'));
    },
    [doneEventType('load')]: (step, harness) => answer('load', step, harness),
    [errorEventType('load')]: (step, harness) => answer('load', step, harness),
    [doneEventType('save')]: (step, harness) => answer('save', step, harness),
    [errorEventType('save')]: (step, harness) => answer('save', step, harness),
  },
});
