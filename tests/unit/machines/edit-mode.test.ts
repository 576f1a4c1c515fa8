import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { clearCacheMachine } from '@machines/edit-mode/clear-cache.machine';
import { editModeMachine, type TextPick } from '@machines/edit-mode/edit-mode.machine';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type { LabelEditorInput } from '@machines/label-editor/label-editor.types';
import { ApiError } from '@contracts/failures';
import { NO_ROW_VERSION } from '@contracts/resource-edit';
import { doneEvent, errorEvent } from '../../support/controlled-actor';

const paramsOf = (actions: { type: string; params?: unknown }[], type: string) =>
  actions.find((action) => action.type === type)?.params;
const typesOf = (actions: { type: string }[]) => actions.map((action) => action.type);

const labelInput = (overrides: Partial<LabelEditorInput> = {}): LabelEditorInput => ({
  target: { kind: 'label', key: 'Login_Text_Title' },
  scope: { culture: 'es', clientId: null },
  pageClientId: 'acme',
  shownText: 'Iniciar sesión',
  ...overrides,
});
const inputInput = labelInput({ target: { kind: 'input', key: 'Application_Field_Alias' } });
const notFound = new ApiError({ status: 404, code: 'not_found', message: 'none', requestId: 'r' });

describe('label editor (public-and-profile §2 "Edit dialogs")', () => {
  const loading = (input = labelInput()) => initialTransition(labelEditorMachine, input)[0];
  const editing = (value: string | null = 'Entrar', version: number | null = 3) =>
    transition(labelEditorMachine, loading(), doneEvent('readText', { kind: 'label', value, version }))[0];

  it('reads the text of the scope first, busy meanwhile', () => {
    const [start, actions] = initialTransition(labelEditorMachine, labelInput());
    expect(start.value).toBe('loading');
    expect(start.hasTag('busy')).toBe(true);
    expect(actions.map((action) => action.type)).toContain('xstate.spawnChild');
  });

  it('starts from the server value and remembers its row version', () => {
    const s = editing('Entrar', 3);
    expect(s.value).toBe('editing');
    expect(s.context.draft).toEqual({ kind: 'label', value: 'Entrar' });
    expect(s.context.version).toBe(3);
  });

  it('starts from the text on screen when no scope on the server has one', () => {
    const s = editing(null, null);
    expect(s.context.draft).toEqual({ kind: 'label', value: 'Iniciar sesión' });
    expect(s.context.version).toBeNull();
  });

  it('does not save an empty label: Save is refused while the draft is invalid', () => {
    const [blank] = transition(labelEditorMachine, editing(), {
      type: 'draft.change',
      draft: { kind: 'label', value: '   ' },
    });
    expect(blank.can({ type: 'edit.save' })).toBe(false);
    expect(transition(labelEditorMachine, blank, { type: 'edit.save' })[0].value).toBe('editing');
  });

  it('ignores a draft of the other kind', () => {
    const [s] = transition(labelEditorMachine, editing(), {
      type: 'draft.change',
      draft: { kind: 'input', validationMessage: 'x', placeHolder: 'y' },
    });
    expect(s.context.draft).toEqual({ kind: 'label', value: 'Entrar' });
  });

  it('saves with the version read; a scope without a row saves with version 0', () => {
    const [saving] = transition(labelEditorMachine, editing('Entrar', 3), { type: 'edit.save' });
    expect(saving.value).toBe('saving');
    expect(saving.hasTag('busy')).toBe(true);
    const [fresh] = transition(labelEditorMachine, editing(null, null), { type: 'edit.save' });
    expect(fresh.value).toBe('saving');
    expect(fresh.context.version ?? NO_ROW_VERSION).toBe(NO_ROW_VERSION);
  });

  it('ends saved when the server accepts, with the scope in its output', () => {
    const [saving] = transition(labelEditorMachine, editing(), { type: 'edit.save' });
    const [saved] = transition(labelEditorMachine, saving, doneEvent('saveText', { ok: true }));
    expect(saved.status).toBe('done');
    expect(saved.output).toEqual({
      result: 'saved',
      target: { kind: 'label', key: 'Login_Text_Title' },
      scope: { culture: 'es', clientId: null },
    });
  });

  it('lands in stale when someone saved first: no second save until the text is reloaded', () => {
    const [saving] = transition(labelEditorMachine, editing(), { type: 'edit.save' });
    const [stale] = transition(labelEditorMachine, saving, doneEvent('saveText', { ok: false, code: 'stale' }));
    expect(stale.value).toBe('stale');
    expect(stale.can({ type: 'edit.save' })).toBe(false);
    expect(stale.context.draft).toEqual({ kind: 'label', value: 'Entrar' });
    expect(transition(labelEditorMachine, stale, { type: 'edit.reload' })[0].value).toBe('loading');
  });

  it('keeps the draft and says so when the save fails for another reason', () => {
    const [saving] = transition(labelEditorMachine, editing(), { type: 'edit.save' });
    const [back] = transition(labelEditorMachine, saving, errorEvent('saveText', new Error('offline')));
    expect(back.value).toBe('editing');
    expect(back.context.problem).toBe('save_failed');
    expect(back.context.draft).toEqual({ kind: 'label', value: 'Entrar' });
  });

  it('reads the other scope afresh when the culture or client changes', () => {
    const [reloading] = transition(labelEditorMachine, editing(), {
      type: 'scope.change',
      scope: { culture: 'en-us', clientId: 'acme' },
    });
    expect(reloading.value).toBe('loading');
    expect(reloading.context.scope).toEqual({ culture: 'en-us', clientId: 'acme' });
  });

  it('tells a missing input from a failed read', () => {
    const [missing] = transition(labelEditorMachine, loading(inputInput), errorEvent('readText', notFound));
    expect(missing.value).toBe('failed');
    expect(missing.context.problem).toBe('not_found');
    const [failed] = transition(labelEditorMachine, loading(), errorEvent('readText', new Error('offline')));
    expect(failed.context.problem).toBe('load_failed');
    expect(transition(labelEditorMachine, failed, { type: 'edit.reload' })[0].value).toBe('loading');
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
      doneEvent('readText', {
        kind: 'input',
        draft: { kind: 'input', validationMessage: 'Bad alias', placeHolder: 'my-app' },
        rules,
        version: 1,
      }),
    );
    expect(s.context.rules).toEqual(rules);
    expect(s.can({ type: 'edit.save' })).toBe(true);
    const [blank] = transition(labelEditorMachine, s, {
      type: 'draft.change',
      draft: { kind: 'input', validationMessage: 'Bad alias', placeHolder: '' },
    });
    expect(blank.can({ type: 'edit.save' })).toBe(false);
  });

  it('ends cancelled from any state', () => {
    for (const s of [loading(), editing()]) {
      const [cancelled] = transition(labelEditorMachine, s, { type: 'edit.cancel' });
      expect(cancelled.output?.result).toBe('cancelled');
    }
  });
});

describe('edit mode (admin-and-board §4 "Dashboard edit mode: toggles on and off")', () => {
  const pick: TextPick = labelInput();
  const on = () => transition(editModeMachine, initialTransition(editModeMachine)[0], { type: 'editMode.toggle' })[0];

  it('starts off, and toggles on and off', () => {
    const [off] = initialTransition(editModeMachine);
    expect(off.value).toBe('off');
    expect(on().value).toEqual({ on: 'browsing' });
    expect(transition(editModeMachine, on(), { type: 'editMode.toggle' })[0].value).toBe('off');
  });

  it('ignores a picked text while off', () => {
    const [off] = initialTransition(editModeMachine);
    expect(transition(editModeMachine, off, { type: 'text.pick', pick })[0].value).toBe('off');
  });

  it('opens the dialog of a picked text, and another pick replaces it', () => {
    const [editing] = transition(editModeMachine, on(), { type: 'text.pick', pick });
    expect(editing.value).toEqual({ on: 'editing' });
    expect(editing.context.pick).toEqual(pick);
    const other = { ...pick, target: { kind: 'input' as const, key: 'Application_Field_Alias' } };
    const [replaced, actions] = transition(editModeMachine, editing, { type: 'text.pick', pick: other });
    expect(replaced.context.pick).toEqual(other);
    // Re-entered: the old dialog stops and a new one starts.
    expect(typesOf(actions)).toEqual(expect.arrayContaining(['xstate.stopChild', 'xstate.spawnChild']));
  });

  it('after a save, refreshes the page texts and says it was saved', () => {
    const [editing] = transition(editModeMachine, on(), { type: 'text.pick', pick });
    const [browsing, actions] = transition(
      editModeMachine,
      editing,
      doneEvent('labelEditor', { result: 'saved', target: pick.target, scope: pick.scope }),
    );
    expect(browsing.value).toEqual({ on: 'browsing' });
    expect(typesOf(actions)).toEqual(expect.arrayContaining(['refreshTexts', 'notify']));
    expect(paramsOf(actions, 'notify')).toMatchObject({
      type: 'snackbar.show',
      snackbar: { type: 'success', message: { id: 'Dashboard_Text_Saved' } },
    });
  });

  it('after a cancel, refreshes nothing', () => {
    const [editing] = transition(editModeMachine, on(), { type: 'text.pick', pick });
    const [browsing, actions] = transition(
      editModeMachine,
      editing,
      doneEvent('labelEditor', { result: 'cancelled', target: pick.target, scope: pick.scope }),
    );
    expect(browsing.value).toEqual({ on: 'browsing' });
    expect(typesOf(actions)).not.toContain('refreshTexts');
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
