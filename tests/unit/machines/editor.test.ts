import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@contracts/failures';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import { createEditorMachine, type EditorInputBase } from '@machines/support/editor';
import { label } from '@machines/support/text';
import { recordingNotifications } from '../../support/recording-ref';

/** A toy editor: a note with a text and a row version, as small as the pattern allows. */
type Note = { id: string; text: string; version: number };
type NoteInput = EditorInputBase & { id: string };

/** The toy note editor's definition; variants below add one option each. */
const noteDefinition = {
  id: 'noteEditor',
  types: {} as { result: Note },
  emptyDraft: () => ({ text: '' }),
  draftOf: (note: Note) => ({ text: note.text }),
  applyEdit: (draft: { text: string }, changes: Partial<{ text: string }>) => ({ ...draft, ...changes }),
  canSave: (draft: { text: string }) => draft.text.trim() !== '',
  saveInput: (draft: { text: string }, note: Note | undefined, input: NoteInput) => ({
    id: input.id,
    version: note?.version ?? 0,
    text: draft.text,
  }),
};

const noteEditor = createEditorMachine(noteDefinition);

const apiError = (status: number, code: string) => new ApiError({ status, code, message: code, requestId: 'r' });

/** The server as a list of answers per call; each call takes the next one (an Error rejects; none left: it hangs). */
function server({ loads, saves }: { loads: (Note | Error)[]; saves: (Note | Error)[] }) {
  const saved: { id: string; version: number; text: string }[] = [];
  const answer = <T>(queue: (T | Error)[]) => {
    const next = queue.shift();
    if (next === undefined) return new Promise<T>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = noteEditor.provide({
    actors: {
      load: fromPromise(({ input }) => {
        expect(input.input.id).toBe('n1');
        return answer(loads);
      }),
      save: fromPromise(({ input }) => {
        saved.push(input);
        return answer(saves);
      }),
    },
  });
  return { machine, saved };
}

const note = (text: string, version: number): Note => ({ id: 'n1', text, version });

async function open(answers: Parameters<typeof server>[0]) {
  const notifications = recordingNotifications();
  const { machine, saved } = server(answers);
  const actor = createActor(machine, { input: { id: 'n1', notifications: notifications.ref } }).start();
  await waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, saved, received: notifications.received };
}

describe('the editor pattern (machines/support/editor.ts)', () => {
  it('loads the record into the draft and is editing', async () => {
    const { actor } = await open({ loads: [note('first', 1)], saves: [] });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual({ text: 'first' });
  });

  it('applies an edit to the draft, and offers Save only while the draft may be saved', async () => {
    const { actor } = await open({ loads: [note('first', 1)], saves: [] });
    actor.send({ type: 'edit', changes: { text: '  ' } });
    expect(actor.getSnapshot().context.draft.text).toBe('  ');
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'edit', changes: { text: 'second' } });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
  });

  it('saves the draft with the version read, and ends with what the server saved', async () => {
    const { actor, saved } = await open({ loads: [note('first', 1)], saves: [note('second', 2)] });
    actor.send({ type: 'edit', changes: { text: 'second' } });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toEqual([{ id: 'n1', version: 1, text: 'second' }]);
    expect(actor.getSnapshot().output).toEqual(note('second', 2));
  });

  it('a 409 stale_update is a conflict; reload drops the draft for their version', async () => {
    const { actor, received } = await open({
      loads: [note('first', 1), note('theirs', 2)],
      saves: [apiError(409, 'stale_update')],
    });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('conflict'));
    expect(actor.getSnapshot().context.draft.text).toBe('mine');
    expect(received).toEqual([]);
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.draft.text).toBe('theirs');
  });

  it('a conflict resolved with keepMine saves the draft over the current version', async () => {
    const { actor, saved } = await open({
      loads: [note('first', 1), note('theirs', 2)],
      saves: [apiError(409, 'stale_update'), note('mine', 3)],
    });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('conflict'));
    actor.send({ type: 'keepMine' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toEqual([
      { id: 'n1', version: 1, text: 'mine' },
      { id: 'n1', version: 2, text: 'mine' },
    ]);
    expect(actor.getSnapshot().output).toEqual(note('mine', 3));
  });

  it('another failure keeps the draft, goes back to editing and is reported once through the port', async () => {
    const failure = apiError(500, 'server_error');
    const { actor, received } = await open({ loads: [note('first', 1)], saves: [failure] });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.draft.text).toBe('mine');
    expect(received).toEqual([
      {
        type: 'snackbar.show',
        snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: { raw: 'server_error' } },
      },
    ]);
  });

  it('a 401 ends the editor without a save and hands the error to the host, once', async () => {
    const lost = apiError(401, 'unauthorized');
    const { actor, received } = await open({ loads: [note('first', 1)], saves: [lost] });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('unauthorised');
    expect(actor.getSnapshot().output).toBeUndefined();
    expect(received).toEqual([{ type: 'error.report', error: lost, action: 'editor' }]);
  });

  it('a 401 while keepMine reads the current version meets the same policy: nothing saved, the host told once', async () => {
    const lost = apiError(401, 'unauthorized');
    const { actor, saved, received } = await open({
      loads: [note('first', 1), lost],
      saves: [apiError(409, 'stale_update')],
    });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('conflict'));
    actor.send({ type: 'keepMine' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('unauthorised');
    expect(saved).toHaveLength(1);
    expect(received).toEqual([{ type: 'error.report', error: lost, action: 'editor' }]);
  });

  it('a failed load can be retried with reload', async () => {
    const { actor, received } = await open({ loads: [new Error('offline'), note('first', 1)], saves: [] });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(received).toHaveLength(1);
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.draft.text).toBe('first');
  });

  it('cancel ends the editor with nothing saved, but not while a save is under way', async () => {
    const { actor } = await open({ loads: [note('first', 1)], saves: [] });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().can({ type: 'cancel' })).toBe(false);
    const other = await open({ loads: [note('first', 1)], saves: [] });
    other.actor.send({ type: 'cancel' });
    expect(other.actor.getSnapshot().status).toBe('done');
    expect(other.actor.getSnapshot().output).toBeUndefined();
  });

  it('an edit that needs a fresh read (needsFreshRead) reads what the edited draft names, also out of failed', async () => {
    // A toy with two records: the draft says which one is edited, and choosing the other reads it.
    type Pick = { which: 'a' | 'b'; text: string };
    const picker = createEditorMachine({
      id: 'pickerEditor',
      types: {} as { result: Note },
      emptyDraft: (): Pick => ({ which: 'a', text: '' }),
      draftOf: (loaded: Note, _input: NoteInput, current) => ({ which: current.which, text: loaded.text }),
      applyEdit: (draft, changes: Partial<Pick>) => ({ ...draft, ...changes }),
      canSave: () => true,
      saveInput: (draft) => draft,
      needsFreshRead: (changes) => changes.which !== undefined,
      inlineLoadProblem: (error) => (error instanceof ApiError && error.status === 404 ? label('Missing') : undefined),
    });
    const reads: string[] = [];
    const notifications = recordingNotifications();
    const actor = createActor(
      picker.provide({
        actors: {
          load: fromPromise(({ input }) => {
            reads.push(input.draft.which);
            return input.draft.which === 'b'
              ? Promise.reject(apiError(404, 'not_found'))
              : Promise.resolve(note(`text of ${input.draft.which}`, 1));
          }),
        },
      }),
      { input: { id: 'n1', notifications: notifications.ref } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('editing'));
    actor.send({ type: 'edit', changes: { which: 'b' } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('failed'));
    // Explained in the dialog, not reported.
    expect(actor.getSnapshot().context.problem).toEqual(label('Missing'));
    expect(notifications.received).toEqual([]);
    // A plain edit does not leave failed; one that reads another record does.
    actor.send({ type: 'edit', changes: { text: 'x' } });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'edit', changes: { which: 'a' } });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(reads).toEqual(['a', 'b', 'a']);
    expect(actor.getSnapshot().context.draft).toEqual({ which: 'a', text: 'text of a' });
    expect(actor.getSnapshot().context.problem).toBeUndefined();
  });
});

/** The toy editor with a fallback read: the note on a failed read is the one read before, else an empty one. */
const fallbackEditor = (report?: 'notify' | 'log') =>
  createEditorMachine({
    ...noteDefinition,
    id: 'noteEditorWithFallback',
    onLoadFailure: { fallback: (input, loaded) => loaded ?? note('', 0), ...(report && { report }) },
  });

async function openWithFallback(
  report: 'notify' | 'log' | undefined,
  { loads, saves }: { loads: (Note | Error)[]; saves: (Note | Error)[] },
) {
  const notifications = recordingNotifications();
  const logged: unknown[] = [];
  const answer = <T>(queue: (T | Error)[]) => {
    const next = queue.shift();
    if (next === undefined) return new Promise<T>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = fallbackEditor(report).provide({
    actors: { load: fromPromise(() => answer(loads)), save: fromPromise(() => answer(saves)) },
    actions: {
      logLoadFailure: (_, error) => {
        logged.push(error);
      },
    },
  });
  const actor = createActor(machine, { input: { id: 'n1', notifications: notifications.ref } }).start();
  await waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, logged, received: notifications.received };
}

describe('the editor pattern: a load that falls back (onLoadFailure: { fallback })', () => {
  it('edits on the fallback and reports the failure through the port by default', async () => {
    const offline = new Error('offline');
    const { actor, logged, received } = await openWithFallback(undefined, { loads: [offline], saves: [] });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.loaded).toEqual(note('', 0));
    expect(received).toEqual([failureNotice(offline, label('Global_Text_FailTitle'))]);
    expect(logged).toEqual([]);
  });

  it("with report: 'log', a failure on opening is only logged: nothing reaches the notifications port", async () => {
    const offline = new Error('offline');
    const { actor, logged, received } = await openWithFallback('log', { loads: [offline], saves: [] });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual({ text: '' });
    expect(logged).toEqual([offline]);
    expect(received).toEqual([]);
  });

  it("with report: 'log', a reload the person asked for that fails is still reported, on what was read before", async () => {
    const offline = new Error('offline');
    const { actor, logged, received } = await openWithFallback('log', {
      loads: [note('first', 1), offline],
      saves: [apiError(409, 'stale_update')],
    });
    actor.send({ type: 'edit', changes: { text: 'mine' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('conflict'));
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.loaded).toEqual(note('first', 1));
    expect(actor.getSnapshot().context.draft).toEqual({ text: 'first' });
    expect(logged).toEqual([]);
    expect(received).toEqual([failureNotice(offline, label('Global_Text_FailTitle'))]);
  });
});
