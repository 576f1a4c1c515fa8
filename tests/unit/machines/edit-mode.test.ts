import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { clearCacheMachine } from '@machines/edit-mode/clear-cache.machine';
import { editModeMachine, targetOfKey, type TextPick } from '@machines/edit-mode/edit-mode.machine';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type { LabelEditorInput } from '@machines/label-editor/label-editor.types';
import { ApiError } from '@contracts/failures';
import { NO_ROW_VERSION } from '@contracts/resource-edit';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import { editModeInput } from '../../support/machine-contexts';
import { providerEditChoices } from '@tests/support/dashboard-fixtures';

const paramsOf = (actions: { type: string; params?: unknown }[], type: string) =>
  actions.find((action) => action.type === type)?.params;
const typesOf = (actions: { type: string }[]) => actions.map((action) => action.type);
/** What a transition's `sendTo` actions send, and to which port (named sendTo actions resolve to these). */
const sentTo = (actions: { type: string; params?: unknown }[]) =>
  actions.filter((action) => action.type === 'xstate.sendTo').map((action) => action.params);

const notifications = fakePorts().ports.notifications;
const labelInput = (overrides: Partial<LabelEditorInput> = {}): LabelEditorInput => ({
  target: { kind: 'label', key: 'Login_Text_Title' },
  scope: { culture: 'es', clientId: null },
  pageClientId: 'acme',
  shownText: 'Iniciar sesión',
  notifications,
  ...overrides,
});
const inputInput = labelInput({ target: { kind: 'input', key: 'Application_Field_Alias' } });
const notFound = new ApiError({ status: 404, code: 'not_found', message: 'none', requestId: 'r' });
const stale = new ApiError({ status: 409, code: 'stale_update', message: 'stale', requestId: 'r' });
const editText = (value: string) => ({ type: 'edit' as const, changes: { text: { kind: 'label' as const, value } } });

describe('label editor (public-and-profile §2 "Edit dialogs", on the editor pattern)', () => {
  const loading = (input = labelInput()) => initialTransition(labelEditorMachine, input)[0];
  const editing = (value: string | null = 'Entrar', version: number | null = 3) =>
    transition(labelEditorMachine, loading(), doneEvent('load', { kind: 'label', value, version }))[0];

  it('reads the text of the scope first, loading meanwhile', () => {
    const [start, actions] = initialTransition(labelEditorMachine, labelInput());
    expect(start.value).toBe('loading');
    expect(start.hasTag('loading')).toBe(true);
    expect(actions.map((action) => action.type)).toContain('xstate.spawnChild');
  });

  it('starts from the server value and remembers its row version', () => {
    const s = editing('Entrar', 3);
    expect(s.value).toBe('editing');
    expect(s.context.draft).toEqual({
      scope: { culture: 'es', clientId: null },
      text: { kind: 'label', value: 'Entrar' },
    });
    expect(s.context.loaded?.version).toBe(3);
  });

  it('starts from the text on screen when no scope on the server has one', () => {
    const s = editing(null, null);
    expect(s.context.draft.text).toEqual({ kind: 'label', value: 'Iniciar sesión' });
    expect(s.context.loaded?.version).toBeNull();
  });

  it('does not save an empty label: Save is refused while the draft is invalid', () => {
    const [blank] = transition(labelEditorMachine, editing(), editText('   '));
    expect(blank.can({ type: 'save' })).toBe(false);
    expect(transition(labelEditorMachine, blank, { type: 'save' })[0].value).toBe('editing');
  });

  it('ignores a text of the other kind', () => {
    const [s] = transition(labelEditorMachine, editing(), {
      type: 'edit',
      changes: { text: { kind: 'input', validationMessage: 'x', placeHolder: 'y' } },
    });
    expect(s.context.draft.text).toEqual({ kind: 'label', value: 'Entrar' });
  });

  it('saves with the version read; a scope without a row saves with version 0', () => {
    const [saving] = transition(labelEditorMachine, editing('Entrar', 3), { type: 'save' });
    expect(saving.value).toBe('saving');
    expect(saving.hasTag('saving')).toBe(true);
    const [fresh] = transition(labelEditorMachine, editing(null, null), { type: 'save' });
    expect(fresh.value).toBe('saving');
    expect(fresh.context.loaded?.version ?? NO_ROW_VERSION).toBe(NO_ROW_VERSION);
  });

  it('ends saved when the server accepts, with the saved text and scope as its output', () => {
    const [saving] = transition(labelEditorMachine, editing(), { type: 'save' });
    const savedText = { target: { kind: 'label' as const, key: 'Login_Text_Title' }, scope: labelInput().scope };
    const [saved] = transition(labelEditorMachine, saving, doneEvent('save', savedText));
    expect(saved.status).toBe('done');
    expect(saved.output).toEqual(savedText);
  });

  it('lands in conflict when someone saved first: no second save until reloaded or kept', () => {
    const [saving] = transition(labelEditorMachine, editing(), { type: 'save' });
    const [conflict] = transition(labelEditorMachine, saving, errorEvent('save', stale));
    expect(conflict.value).toBe('conflict');
    expect(conflict.can({ type: 'save' })).toBe(false);
    expect(conflict.context.draft.text).toEqual({ kind: 'label', value: 'Entrar' });
    expect(transition(labelEditorMachine, conflict, { type: 'reload' })[0].value).toBe('loading');
  });

  it('"keep mine" reads the current version of the same scope, then saves the draft over it', () => {
    const [saving] = transition(labelEditorMachine, editing('Entrar', 3), { type: 'save' });
    const [conflict] = transition(labelEditorMachine, saving, errorEvent('save', stale));
    const [overwriting] = transition(labelEditorMachine, conflict, { type: 'keepMine' });
    expect(overwriting.value).toBe('overwriting');
    const [again] = transition(
      labelEditorMachine,
      overwriting,
      doneEvent('load', { kind: 'label', value: 'Theirs', version: 4, choices: providerEditChoices }),
    );
    expect(again.value).toBe('saving');
    expect(again.context.loaded?.version).toBe(4);
    expect(again.context.draft.text).toEqual({ kind: 'label', value: 'Entrar' });
  });

  it('keeps the draft and says so in the dialog when the save fails for another reason', () => {
    const [saving] = transition(labelEditorMachine, editing(), { type: 'save' });
    const [back, actions] = transition(labelEditorMachine, saving, errorEvent('save', new Error('offline')));
    expect(back.value).toBe('editing');
    expect(back.context.problem).toEqual({ id: 'Dashboard_Text_SaveFailed' });
    expect(back.context.draft.text).toEqual({ kind: 'label', value: 'Entrar' });
    expect(typesOf(actions)).not.toContain('reportSaveFailure');
  });

  it('reads the other scope afresh when the culture or client changes (an edit that needs a fresh read)', () => {
    const [reloading] = transition(labelEditorMachine, editing(), {
      type: 'edit',
      changes: { scope: { culture: 'en-us', clientId: 'acme' } },
    });
    expect(reloading.value).toBe('loading');
    expect(reloading.context.draft.scope).toEqual({ culture: 'en-us', clientId: 'acme' });
    const [read] = transition(
      labelEditorMachine,
      reloading,
      doneEvent('load', { kind: 'label', value: 'Sign in', version: 7, choices: providerEditChoices }),
    );
    // The scope chosen stays; the text and version are that scope's.
    expect(read.context.draft).toEqual({
      scope: { culture: 'en-us', clientId: 'acme' },
      text: { kind: 'label', value: 'Sign in' },
    });
    expect(read.context.loaded?.version).toBe(7);
  });

  it('tells a missing input from a failed read, in the dialog, and another scope may be tried from there', () => {
    const [missing, actions] = transition(labelEditorMachine, loading(inputInput), errorEvent('load', notFound));
    expect(missing.value).toBe('failed');
    expect(missing.context.problem).toEqual({ id: 'Dashboard_Text_NotFound' });
    expect(typesOf(actions)).not.toContain('reportLoadFailure');
    const [failed] = transition(labelEditorMachine, loading(), errorEvent('load', new Error('offline')));
    expect(failed.context.problem).toEqual({ id: 'Dashboard_Text_LoadFailed' });
    expect(transition(labelEditorMachine, failed, { type: 'reload' })[0].value).toBe('loading');
    const [other] = transition(labelEditorMachine, missing, {
      type: 'edit',
      changes: { scope: { culture: 'en-us', clientId: null } },
    });
    expect(other.value).toBe('loading');
    // The text itself cannot be edited while nothing was read.
    expect(transition(labelEditorMachine, missing, editText('x'))[0].value).toBe('failed');
  });

  it('edits an input resource: both texts are required, the rules come along', () => {
    const rules = {
      title: 'Alias',
      isRequired: true,
      type: 'text',
      minValue: 2,
      maxValue: 40,
      validationRegex: '^[a-z-]+$',
      maskRegex: null,
    };
    const [s] = transition(
      labelEditorMachine,
      loading(inputInput),
      doneEvent('load', {
        kind: 'input',
        draft: { kind: 'input', validationMessage: 'Bad alias', placeHolder: 'my-app' },
        rules,
        version: 1,
      }),
    );
    expect(s.context.loaded?.kind === 'input' ? s.context.loaded.rules : undefined).toEqual(rules);
    expect(s.can({ type: 'save' })).toBe(true);
    const [blank] = transition(labelEditorMachine, s, {
      type: 'edit',
      changes: { text: { kind: 'input', validationMessage: 'Bad alias', placeHolder: '' } },
    });
    expect(blank.can({ type: 'save' })).toBe(false);
  });

  it('ends cancelled, with nothing, from loading and editing', () => {
    for (const s of [loading(), editing()]) {
      const [cancelled] = transition(labelEditorMachine, s, { type: 'cancel' });
      expect(cancelled.value).toBe('cancelled');
      expect(cancelled.output).toBeUndefined();
    }
  });
});

describe('edit mode (admin-and-board §4 "Dashboard edit mode: toggles on and off")', () => {
  const pick: TextPick = { target: { kind: 'label', key: 'Login_Text_Title' }, shownText: 'Iniciar sesión' };
  const start = (page: Parameters<typeof editModeInput>[0] = {}) =>
    initialTransition(editModeMachine, editModeInput(page))[0];
  const on = (page: Parameters<typeof editModeInput>[0] = {}) =>
    transition(editModeMachine, start(page), { type: 'editMode.toggle' })[0];
  const savedText = { target: pick.target, scope: { culture: 'en-us' as const, clientId: null } };

  it('starts off, and toggles on and off', () => {
    expect(start().value).toBe('off');
    expect(on().value).toEqual({ on: 'browsing' });
    expect(transition(editModeMachine, on(), { type: 'editMode.toggle' })[0].value).toBe('off');
  });

  it('ignores a picked text while off', () => {
    expect(transition(editModeMachine, start(), { type: 'text.pick', pick })[0].value).toBe('off');
  });

  it('opens the dialog of a picked text on the page’s culture and client, and another pick replaces it', () => {
    const [editing] = transition(editModeMachine, on({ culture: 'es', clientId: 'acme' }), { type: 'text.pick', pick });
    expect(editing.value).toEqual({ on: 'editing' });
    expect(editing.context.open).toEqual({
      ...pick,
      scope: { culture: 'es', clientId: 'acme' },
      pageClientId: 'acme',
    });
    const other = { ...pick, target: { kind: 'input' as const, key: 'Application_Field_Alias' } };
    const [replaced, actions] = transition(editModeMachine, editing, { type: 'text.pick', pick: other });
    expect(replaced.context.open?.target).toEqual(other.target);
    // Re-entered: the old dialog stops and a new one starts.
    expect(typesOf(actions)).toEqual(expect.arrayContaining(['xstate.stopChild', 'xstate.spawnChild']));
  });

  it('a pick with its own scope (the input dialog’s "edit the title text") keeps it', () => {
    const scope = { culture: 'en-us' as const, clientId: null };
    const [editing] = transition(editModeMachine, on({ culture: 'es', clientId: 'acme' }), {
      type: 'text.pick',
      pick: { ...pick, scope },
    });
    expect(editing.context.open?.scope).toEqual(scope);
    expect(editing.context.open?.pageClientId).toBe('acme');
  });

  it('follows the page the root is on: later picks start on its culture and client', () => {
    const [moved] = transition(editModeMachine, on(), {
      type: 'page.changed',
      page: { culture: 'es', clientId: 'globex' },
    });
    expect(moved.value).toEqual({ on: 'browsing' });
    const [editing] = transition(editModeMachine, moved, { type: 'text.pick', pick });
    expect(editing.context.open?.scope).toEqual({ culture: 'es', clientId: 'globex' });
  });

  it('tells a key of kind Field (an input title) from a label', () => {
    expect(targetOfKey('Application_Field_Alias')).toEqual({ kind: 'input', key: 'Application_Field_Alias' });
    expect(targetOfKey('Login_Text_Title')).toEqual({ kind: 'label', key: 'Login_Text_Title' });
  });

  it('after a save, tells the root the texts changed and says it was saved, through its ports', () => {
    const input = editModeInput();
    const [off] = initialTransition(editModeMachine, input);
    const [browsingFirst] = transition(editModeMachine, off, { type: 'editMode.toggle' });
    const [editing] = transition(editModeMachine, browsingFirst, { type: 'text.pick', pick });
    const [browsing, actions] = transition(editModeMachine, editing, doneEvent('labelEditor', savedText));
    expect(browsing.value).toEqual({ on: 'browsing' });
    expect(sentTo(actions)).toEqual([
      { to: input.ports.texts, event: { type: 'texts.changed' } },
      {
        to: input.ports.notifications,
        event: { type: 'snackbar.show', snackbar: { type: 'success', message: { id: 'Dashboard_Text_Saved' } } },
      },
    ]);
  });

  it('after a cancel, refreshes nothing and says nothing', () => {
    const [editing] = transition(editModeMachine, on(), { type: 'text.pick', pick });
    const [browsing, actions] = transition(editModeMachine, editing, doneEvent('labelEditor', undefined));
    expect(browsing.value).toEqual({ on: 'browsing' });
    expect(sentTo(actions)).toEqual([]);
  });

  it('turning off closes an open dialog', () => {
    const [editing] = transition(editModeMachine, on(), { type: 'text.pick', pick });
    expect(transition(editModeMachine, editing, { type: 'editMode.toggle' })[0].value).toBe('off');
  });
});

describe('clear cache (admin-and-board §2, §7)', () => {
  const clearing = () =>
    transition(clearCacheMachine, initialTransition(clearCacheMachine)[0], { type: 'cache.clear' })[0];

  it('says the spec sentence when the cache is cleared', () => {
    expect(clearing().hasTag('busy')).toBe(true);
    const [idle, actions] = transition(clearCacheMachine, clearing(), doneEvent('clearCache', 20261123));
    expect(idle.value).toBe('idle');
    expect(paramsOf(actions, 'notify')).toMatchObject({
      type: 'snackbar.show',
      snackbar: { type: 'success', message: { id: 'Dashboard_Text_CacheCleared' } },
    });
  });

  it('reports a failure like any other failed call', () => {
    const failure = new Error('offline');
    const [, actions] = transition(clearCacheMachine, clearing(), errorEvent('clearCache', failure));
    expect(paramsOf(actions, 'notify')).toEqual({
      type: 'error.report',
      error: failure,
      action: 'dashboard.clearCache',
    });
  });

  it('ignores a second click while clearing', () => {
    expect(transition(clearCacheMachine, clearing(), { type: 'cache.clear' })[0].value).toBe('clearing');
  });
});
