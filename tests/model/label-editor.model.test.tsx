import { ChakraProvider } from '@chakra-ui/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type {
  Draft,
  EditScope,
  EditTarget,
  LabelEditorInput,
  ReadText,
  SaveOutcome,
} from '@machines/label-editor/label-editor.types';
import { LabelEditorDialog } from '@src/admin/dashboard/edit-mode/LabelEditorDialog';
import { stripMarks } from '@src/i18n/edit-markers';
import { englishCatalogue } from '@src/i18n/catalogues';
import { system } from '@src/ui/system';
import {
  actorDone,
  actorError,
  createControlledActor,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { describeWalks, type WalkEvent } from '../support/walk';
import './dashboard.harness';

type EditorRef = ActorRefFrom<typeof labelEditorMachine>;

const input: LabelEditorInput = {
  target: { kind: 'label', key: 'Login_Text_Title' },
  scope: { culture: 'en-us', clientId: null },
  pageClientId: 'acme',
  shownText: 'Sign in',
};

const textRead = actorDone('readText', { kind: 'label', value: 'Sign in to Acme', version: 3 } satisfies ReadText);
const toSpanish = { type: 'scope.change', scope: { culture: 'es', clientId: null } } as const;
const events = [
  { type: 'draft.change', draft: { kind: 'label', value: 'Welcome' } },
  { type: 'draft.change', draft: { kind: 'label', value: '' } },
  toSpanish,
  { type: 'edit.save' },
  { type: 'edit.reload' },
  { type: 'edit.cancel' },
  textRead,
  actorError('readText', new Error('offline')),
  actorDone('saveText', { ok: true } satisfies SaveOutcome as SaveOutcome),
  actorDone('saveText', { ok: false, code: 'stale' } satisfies SaveOutcome as SaveOutcome),
  actorError('saveText', new Error('offline')),
] satisfies WalkEvent<typeof labelEditorMachine>[];

function EditorHost({ editor }: { editor: EditorRef }) {
  // As in the Edit Mode layer: a finished editor is no longer the open dialog.
  const finished = useSelector(editor, (s) => s.status === 'done');
  return <LabelEditorDialog editorRef={finished ? undefined : editor} onEditTitle={() => undefined} />;
}

function renderEditor() {
  const read = createControlledActor<ReadText, { target: EditTarget; scope: EditScope }>();
  const save = createControlledActor<
    SaveOutcome,
    { target: EditTarget; scope: EditScope; draft: Draft; version: number }
  >();
  const editor = createActor(labelEditorMachine.provide({ actors: { readText: read.logic, saveText: save.logic } }), {
    input,
  });
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...englishCatalogue } });
  editor.start();
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <EditorHost editor={editor} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return { read, save, editor };
}
type Harness = ReturnType<typeof renderEditor>;

const dialogText = async () => stripMarks((await screen.findByTestId('edit-text-dialog')).textContent);
const saveButton = () => screen.getByRole('button', { name: /Save/ });
const valueBox = () => screen.getByRole('textbox', { name: /Text \(plain or HTML/ });

/** Waits for the call to be made, then answers it as the walk's event says. */
const settle = async (actor: Harness['read'] | Harness['save'], answer: { output: unknown } | { error: unknown }) => {
  await waitFor(() => {
    expect(actor.waiting()).toBe(1);
  });
  act(() => {
    if ('output' in answer) actor.resolve(answer.output as never);
    else actor.reject(answer.error);
  });
};

describeWalks(labelEditorMachine, {
  title: 'label editor model walk (public-and-profile §2 "Edit dialogs", through the real dialog)',
  events,
  scenarios: [
    {
      input,
      /** What the dialog shows: the state and its message (a valid or invalid draft shows as Save enabled or not). */
      serializeState: (s) => JSON.stringify([s.value, s.context.problem ?? null, s.can({ type: 'edit.save' })]),
      // Another language reloads the text, a state already reached: shortest paths skip it.
      journeys: [[textRead, toSpanish, textRead]],
    },
  ],
  start: renderEditor,
  stop: (harness) => {
    harness.editor.stop();
  },
  describeEvent: (event) => {
    if (event.type === 'scope.change') return event.scope.culture;
    if (event.type === 'draft.change') return event.draft.value ? 'type' : 'clear';
    if ('output' in event && 'ok' in event.output) return event.output.ok ? 'ok' : 'stale';
    return undefined;
  },
  states: {
    loading: async () => {
      expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
      expect(saveButton()).toBeDisabled();
    },
    editing: async (s) => {
      expect(await dialogText()).toContain('Login_Text_Title');
      expect(valueBox()).toHaveValue(s.context.draft?.kind === 'label' ? s.context.draft.value : '');
      expect(saveButton()).toHaveProperty('disabled', !s.can({ type: 'edit.save' }));
      if (s.context.problem === 'save_failed') expect(await dialogText()).toContain('The text could not be saved.');
    },
    saving: async () => {
      expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
      expect(saveButton()).toBeDisabled();
    },
    stale: async () => {
      expect(await dialogText()).toContain('Someone else saved this text after you opened it');
      expect(saveButton()).toBeDisabled();
      expect(screen.getByRole('button', { name: /Reload/ })).toBeEnabled();
    },
    failed: async () => {
      expect(await dialogText()).toContain('This text could not be loaded.');
      expect(screen.getByRole('button', { name: /Reload/ })).toBeEnabled();
    },
    saved: async () => {
      await waitFor(() => {
        expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
      });
    },
    cancelled: async () => {
      await waitFor(() => {
        expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
      });
    },
  },
  executors: {
    'draft.change': async ({ event }) => {
      const value = event.draft.kind === 'label' ? event.draft.value : '';
      await userEvent.clear(valueBox());
      if (value !== '') {
        await userEvent.click(valueBox());
        await userEvent.paste(value);
      }
    },
    'scope.change': async () => {
      const culture = screen.getByRole('combobox', { name: /Language/ });
      await userEvent.selectOptions(culture, (culture as HTMLSelectElement).value === 'es' ? 'en-us' : 'es');
    },
    'edit.save': async () => {
      await userEvent.click(saveButton());
    },
    'edit.reload': async () => {
      await userEvent.click(screen.getByRole('button', { name: /Reload/ }));
    },
    'edit.cancel': async () => {
      await userEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    },
    [doneEventType('readText')]: ({ event }, harness) => settle(harness.read, event),
    [errorEventType('readText')]: ({ event }, harness) => settle(harness.read, event),
    [doneEventType('saveText')]: ({ event }, harness) => settle(harness.save, event),
    [errorEventType('saveText')]: ({ event }, harness) => settle(harness.save, event),
  },
});
