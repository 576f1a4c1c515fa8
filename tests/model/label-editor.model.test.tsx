import { ChakraProvider } from '@chakra-ui/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { createActor, matchesState, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type {
  Draft,
  EditScope,
  EditTarget,
  LabelEditorEvent,
  LabelEditorInput,
  ReadText,
  SaveOutcome,
} from '@machines/label-editor/label-editor.types';
import { LabelEditorDialog } from '@src/admin/dashboard/edit-mode/LabelEditorDialog';
import { stripMarks } from '@src/i18n/edit-markers';
import { englishCatalogue } from '@src/i18n/catalogues';
import { system } from '@src/ui/system';
import {
  createControlledActor,
  doneEvent,
  doneEventType,
  errorEvent,
  errorEventType,
  isStartEvent,
} from '../support/controlled-actor';
import './dashboard.harness';

type EditorSnapshot = SnapshotFrom<typeof labelEditorMachine>;
type EditorRef = ActorRefFrom<typeof labelEditorMachine>;

const input: LabelEditorInput = {
  target: { kind: 'label', key: 'Login_Text_Title' },
  scope: { culture: 'en-us', clientId: null },
  pageClientId: 'acme',
  shownText: 'Sign in',
};

const events = [
  { type: 'draft.change', draft: { kind: 'label', value: 'Welcome' } },
  { type: 'draft.change', draft: { kind: 'label', value: '' } },
  { type: 'scope.change', scope: { culture: 'es', clientId: null } },
  { type: 'edit.save' },
  { type: 'edit.reload' },
  { type: 'edit.cancel' },
  doneEvent('readText', { kind: 'label', value: 'Sign in to Acme', version: 3 } satisfies ReadText),
  errorEvent('readText', new Error('offline')),
  doneEvent('saveText', { ok: true } satisfies SaveOutcome),
  doneEvent('saveText', { ok: false, code: 'stale' } satisfies SaveOutcome),
  errorEvent('saveText', new Error('offline')),
] as LabelEditorEvent[];

const model = new TestModel(labelEditorMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
/** What the dialog shows: the state and its message (a valid or invalid draft shows as Save enabled or not). */
const serializeState = (s: EditorSnapshot) =>
  JSON.stringify([s.value, s.context.problem ?? null, s.can({ type: 'edit.save' })]);
const paths = model.getShortestPaths({ input, events, serializeState });

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

const states = () => ({
  loading: async () => {
    expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  },
  editing: async (s: EditorSnapshot) => {
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
});

type Step = { event: LabelEditorEvent & { output?: unknown; error?: unknown } };

const settle = async (actor: Harness['read'] | Harness['save'], step: Step, outcome: 'resolve' | 'reject') => {
  await waitFor(() => {
    expect(actor.waiting()).toBe(1);
  });
  act(() => {
    if (outcome === 'resolve') actor.resolve(step.event.output as never);
    else actor.reject(step.event.error);
  });
};

const executors = (harness: Harness) => ({
  'draft.change': async (step: Step) => {
    const value = step.event.type === 'draft.change' && step.event.draft.kind === 'label' ? step.event.draft.value : '';
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
  [doneEventType('readText')]: (step: Step) => settle(harness.read, step, 'resolve'),
  [errorEventType('readText')]: (step: Step) => settle(harness.read, step, 'reject'),
  [doneEventType('saveText')]: (step: Step) => settle(harness.save, step, 'resolve'),
  [errorEventType('saveText')]: (step: Step) => settle(harness.save, step, 'reject'),
});

const describePath = (path: (typeof paths)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) => {
      if (event.type === 'draft.change') return event.draft.kind === 'label' && event.draft.value ? 'type' : 'clear';
      const output = (event as { output?: { ok?: boolean; kind?: string } }).output;
      if (output?.ok === false) return `${event.type.replace('xstate.done.actor.', '')} stale`;
      return event.type.replace('xstate.done.actor.', '').replace('xstate.error.actor.', 'fail ');
    })
    .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

describe('label editor model walk (public-and-profile §2 "Edit dialogs", through the real dialog)', () => {
  it.each(paths.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness = renderEditor();
    await path.test({ states: states(), events: executors(harness) as never });
    harness.editor.stop();
  });

  it('reaches every state it asserts, and asserts every state it reaches', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect([...reached].sort()).toEqual(Object.keys(states()).sort());
  });
});
