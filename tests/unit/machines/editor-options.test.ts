import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@contracts/failures';
import { createEditorMachine, type EditorInputBase, type EditorPhase } from '@machines/support/editor';
import { recordingNotifications } from '../../support/recording-ref';

/**
 * The editor pattern's options (machines/support/editor.ts): `reopen`, `followUp` and `nested` here, `refusedSave` and
 * `afterSaveFailure` at the end of the file. A toy "folder" editor:
 * a new folder is created first and stays open (reopen), an existing one is renamed and then its items are tagged
 * with the dialog closed (followUp), and an item's note is edited in a nested editor.
 */
type Folder = { id: string; name: string; version: number };
type Item = { id: string; note: string; version: number };
type Loaded = { folder: Folder | undefined; items: Item[] };
type FolderInput = EditorInputBase & { row: Folder | undefined };
type Draft = { name: string };
type TagInput = { folderId: string; items: { id: string; version: number }[] };
type NestedInput = { itemId: string };

const apiError = (status: number, code: string) => new ApiError({ status, code, message: code, requestId: 'r' });
const folder = (name: string, version: number): Folder => ({ id: 'f1', name, version });
const item = (note: string, version: number): Item => ({ id: 'i1', note, version });

/** The nested editor's stand-in: any logic works; here a promise whose answer the test gives. */
const nestedAnswers: (Item | undefined | Error)[] = [];
const nestedInputs: NestedInput[] = [];
const nestedLogic = fromPromise<Item | undefined, NestedInput>(({ input }) => {
  nestedInputs.push(input);
  const next = nestedAnswers.shift();
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
});

const folderEditor = createEditorMachine({
  id: 'folderEditor',
  types: {} as { result: Folder },
  emptyDraft: (): Draft => ({ name: '' }),
  draftOf: (loaded: Loaded) => ({ name: loaded.folder?.name ?? '' }),
  applyEdit: (draft, changes: Partial<Draft>) => ({ ...draft, ...changes }),
  canSave: (draft) => draft.name.trim() !== '',
  saveInput: (draft, loaded, input: FolderInput) => ({
    id: loaded?.folder?.id ?? input.row?.id,
    version: loaded?.folder?.version,
    name: draft.name,
  }),
  onLoadFailure: {
    fallback: (input, previous) => ({ folder: previous?.folder ?? input.row, items: [] }),
  },
  // The phase shows in the report, so each spec can tell which call failed.
  failureNotice: (error, phase: EditorPhase) => ({ type: 'error.report', error, action: phase }),
  // A folder saved for the first time stays open: its items can only be read once it exists.
  reopen: (saved, loaded) => (loaded?.folder === undefined ? { folder: saved, items: [] } : undefined),
  followUp: (saved, _draft, loaded): TagInput | undefined =>
    loaded && loaded.items.length > 0
      ? { folderId: saved.id, items: loaded.items.map(({ id, version }) => ({ id, version })) }
      : undefined,
  nested: {
    logic: nestedLogic,
    inputOf: (key, _draft, loaded) => (loaded?.items.some((i) => i.id === key) ? { itemId: key } : undefined),
    merge: (loaded, saved) => loaded && { ...loaded, items: loaded.items.map((i) => (i.id === saved.id ? saved : i)) },
  },
});

/** The server as queues of answers per call (an Error rejects; an empty queue hangs); every call's input kept. */
function server(answers: { loads: (Loaded | Error)[]; saves: (Folder | Error)[]; tags?: (undefined | Error)[] }) {
  const calls = { loads: [] as unknown[], saves: [] as unknown[], tags: [] as unknown[] };
  const answer = <T>(queue: (T | Error)[] | undefined) => {
    if (!queue || queue.length === 0) return new Promise<T>(() => undefined);
    const next = queue.shift() as T | Error;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = folderEditor.provide({
    actors: {
      load: fromPromise(({ input }) => {
        calls.loads.push(input.loaded);
        return answer(answers.loads);
      }),
      save: fromPromise(({ input }) => {
        calls.saves.push(input);
        return answer(answers.saves);
      }),
      followUp: fromPromise(({ input }) => {
        calls.tags.push(input);
        return answer(answers.tags);
      }),
    },
  });
  return { machine, calls };
}

async function open(row: Folder | undefined, answers: Parameters<typeof server>[0]) {
  const notifications = recordingNotifications();
  const { machine, calls } = server(answers);
  const actor = createActor(machine, { input: { row, notifications: notifications.ref } }).start();
  await waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, calls, received: notifications.received };
}

describe('editor option `reopen`: a save that keeps the dialog open', () => {
  it('reads again from the record the answer makes, and edits it; a later cancel still ends with the answer', async () => {
    const created = folder('Reports', 1);
    const { actor, calls } = await open(undefined, {
      loads: [
        { folder: undefined, items: [] },
        { folder: created, items: [item('first', 1)] },
      ],
      saves: [created],
    });
    actor.send({ type: 'edit', changes: { name: 'Reports' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('loading'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(calls.loads[1]).toEqual({ folder: created, items: [] });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.loaded).toEqual({ folder: created, items: [item('first', 1)] });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().output).toEqual(created);
  });

  it('a failed re-read is reported and editing goes on from that record (the fallback is given it)', async () => {
    const created = folder('Reports', 1);
    const { actor, received } = await open(undefined, {
      loads: [{ folder: undefined, items: [] }, apiError(500, 'server_error')],
      saves: [created],
    });
    actor.send({ type: 'edit', changes: { name: 'Reports' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.loaded?.folder).toEqual(created);
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Reports' });
    expect(received).toEqual([{ type: 'error.report', error: apiError(500, 'server_error'), action: 'load' }]);
  });

  it('an answer the definition does not reopen ends the editor as usual', async () => {
    const { actor, calls } = await open(folder('Reports', 1), {
      loads: [{ folder: folder('Reports', 1), items: [] }],
      saves: [folder('Renamed', 2)],
    });
    actor.send({ type: 'edit', changes: { name: 'Renamed' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().output).toEqual(folder('Renamed', 2));
    expect(calls.loads).toHaveLength(1);
  });
});

describe('editor option `followUp`: a call after the save, with the dialog closed', () => {
  const existing = { folder: folder('Reports', 1), items: [item('first', 4)] };

  it('runs tagged `closed` with what the definition builds, then ends with the save’s answer', async () => {
    const { actor, calls } = await open(existing.folder, { loads: [existing], saves: [folder('Renamed', 2)] });
    actor.send({ type: 'edit', changes: { name: 'Renamed' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('closed'));
    expect(actor.getSnapshot().value).toBe('followingUp');
    expect(calls.tags).toEqual([{ folderId: 'f1', items: [{ id: 'i1', version: 4 }] }]);
    expect(actor.getSnapshot().can({ type: 'cancel' })).toBe(false);
  });

  it('ends `saved` once the follow-up answers', async () => {
    const { actor } = await open(existing.folder, {
      loads: [existing],
      saves: [folder('Renamed', 2)],
      tags: [undefined],
    });
    actor.send({ type: 'edit', changes: { name: 'Renamed' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().output).toEqual(folder('Renamed', 2));
  });

  it('a failed follow-up is reported (phase followUp) and still ends `saved` with the answer', async () => {
    const failure = apiError(409, 'stale_update');
    const { actor, received } = await open(existing.folder, {
      loads: [existing],
      saves: [folder('Renamed', 2)],
      tags: [failure],
    });
    actor.send({ type: 'edit', changes: { name: 'Renamed' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().output).toEqual(folder('Renamed', 2));
    expect(received).toEqual([{ type: 'error.report', error: failure, action: 'followUp' }]);
  });

  it('a 401 during the follow-up goes to `unauthorised`, and the save still stands', async () => {
    const lost = apiError(401, 'unauthorized');
    const { actor, received } = await open(existing.folder, {
      loads: [existing],
      saves: [folder('Renamed', 2)],
      tags: [lost],
    });
    actor.send({ type: 'edit', changes: { name: 'Renamed' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(folder('Renamed', 2));
    expect(received).toEqual([{ type: 'error.report', error: lost, action: 'editor' }]);
  });

  it('no follow-up input means no call: straight to `saved`', async () => {
    const bare = { folder: folder('Reports', 1), items: [] };
    const { actor, calls } = await open(bare.folder, { loads: [bare], saves: [folder('Renamed', 2)] });
    actor.send({ type: 'edit', changes: { name: 'Renamed' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('saved');
    expect(calls.tags).toEqual([]);
  });
});

describe('editor option `nested`: another editor opened over this one', () => {
  const existing = { folder: folder('Reports', 1), items: [item('first', 4)] };

  it('opens only for a key the definition accepts, with the input it builds', async () => {
    const { actor } = await open(existing.folder, { loads: [existing], saves: [] });
    expect(actor.getSnapshot().can({ type: 'open', key: 'nope' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'open', key: 'i1' })).toBe(true);
    nestedInputs.length = 0;
    nestedAnswers.push(item('second', 5));
    actor.send({ type: 'edit', changes: { name: 'Mine' } });
    actor.send({ type: 'open', key: 'i1' });
    expect(actor.getSnapshot().value).toBe('nested');
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    expect(nestedInputs).toEqual([{ itemId: 'i1' }]);
    await waitFor(actor, (s) => s.hasTag('editing'));
    // The child's answer is taken into the record as read; the draft waited untouched.
    expect(actor.getSnapshot().context.loaded?.items).toEqual([item('second', 5)]);
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Mine' });
  });

  it('a child that ends with nothing changes nothing', async () => {
    const { actor } = await open(existing.folder, { loads: [existing], saves: [] });
    nestedAnswers.push(undefined);
    actor.send({ type: 'open', key: 'i1' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.loaded).toEqual(existing);
  });

  it('a child that fails is reported under its own phase (nested, not the parent’s save) and editing goes on', async () => {
    const { actor, received } = await open(existing.folder, { loads: [existing], saves: [] });
    const failure = new Error('broken');
    nestedAnswers.push(failure);
    actor.send({ type: 'open', key: 'i1' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(received).toEqual([{ type: 'error.report', error: failure, action: 'nested' }]);
  });
});

describe('an editor without the options is the base pattern', () => {
  const plain = createEditorMachine({
    id: 'plain',
    types: {} as { result: string },
    emptyDraft: (input: EditorInputBase) => input.notifications.id,
    draftOf: (loaded: string) => loaded,
    applyEdit: (draft: string, changes: string) => draft + changes,
    canSave: () => true,
    saveInput: (draft: string) => draft,
  });

  it('has no follow-up or nested state, and no `open` event', () => {
    expect(Object.keys(plain.states)).not.toContain('followingUp');
    expect(Object.keys(plain.states)).not.toContain('nested');
    expect(Object.keys(folderEditor.states)).toEqual(expect.arrayContaining(['followingUp', 'nested']));
    expect(plain.events).not.toContain('open');
    expect(folderEditor.events).toContain('open');
  });
});

/**
 * `refusedSave` and `afterSaveFailure` (the profile form's options): a toy "tag" editor whose draft remembers what the
 * pattern did to it, so each spec reads the option's effect straight off the draft.
 */
type TagDraft = { text: string; shown: boolean; failures: string[] };
type Tag = { text: string; version: number };
const tagDefinition = {
  id: 'tagEditor',
  types: {} as { result: Tag },
  emptyDraft: (): TagDraft => ({ text: '', shown: false, failures: [] }),
  draftOf: (loaded: Tag): TagDraft => ({ text: loaded.text, shown: false, failures: [] }),
  applyEdit: (draft: TagDraft, text: string) => ({ ...draft, text }),
  canSave: (draft: TagDraft) => draft.text.trim() !== '',
  saveInput: (draft: TagDraft, loaded: Tag | undefined) => ({ text: draft.text, version: loaded?.version ?? 0 }),
  failureNotice: (error: unknown, phase: EditorPhase) => ({ type: 'error.report' as const, error, action: phase }),
};
const withOptions = createEditorMachine({
  ...tagDefinition,
  // A 400 `name_taken` is explained beside the input, every other failure reported.
  inlineProblem: (error) => (error instanceof ApiError && error.code === 'name_taken' ? { raw: 'taken' } : undefined),
  refusedSave: (draft) => ({ ...draft, shown: true }),
  afterSaveFailure: (draft, error) => ({
    ...draft,
    failures: [...draft.failures, error instanceof ApiError ? error.code : 'other'],
  }),
});
const withoutOptions = createEditorMachine(tagDefinition);

async function openTag(
  // Both editors have the same type: the options change states and transitions, not the machine's signature.
  machine: typeof withOptions,
  { loads, saves }: { loads: (Tag | Error)[]; saves: (Tag | Error)[] },
) {
  const notifications = recordingNotifications();
  const saved: unknown[] = [];
  const answer = <T>(queue: (T | Error)[]) => {
    const next = queue.shift();
    if (next === undefined) return new Promise<T>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const provided = machine.provide({
    actors: {
      load: fromPromise(() => answer(loads)),
      save: fromPromise(({ input }) => {
        saved.push(input);
        return answer(saves);
      }),
    },
  });
  const actor = createActor(provided, { input: { notifications: notifications.ref } }).start();
  await waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, saved, received: notifications.received };
}

const tag = (text: string, version: number): Tag => ({ text, version });

describe('editor option `refusedSave`: a save the rules refuse changes the draft', () => {
  it('applies the option to the draft, stays editing and sends nothing', async () => {
    const { actor, saved } = await openTag(withOptions, { loads: [tag('', 1)], saves: [] });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toEqual({ text: '', shown: true, failures: [] });
    expect(saved).toEqual([]);
  });

  it('a save the rules allow still goes to saving, untouched by the option', async () => {
    const { actor, saved } = await openTag(withOptions, { loads: [tag('', 1)], saves: [] });
    actor.send({ type: 'edit', changes: 'urgent' });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.draft.shown).toBe(false);
    expect(saved).toEqual([{ text: 'urgent', version: 1 }]);
  });

  it('without the option a refused save is ignored, and Save is not offered', async () => {
    const { actor, saved } = await openTag(withoutOptions, { loads: [tag('', 1)], saves: [] });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    const before = actor.getSnapshot().context.draft;
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toBe(before);
    expect(saved).toEqual([]);
  });
});

describe('editor option `afterSaveFailure`: what a failed save does to the draft', () => {
  it('is applied on a reported failure, which is still reported', async () => {
    const failure = apiError(500, 'internal');
    const { actor, received } = await openTag(withOptions, { loads: [tag('urgent', 1)], saves: [failure] });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toEqual({ text: 'urgent', shown: false, failures: ['internal'] });
    expect(received).toEqual([{ type: 'error.report', error: failure, action: 'save' }]);
  });

  it('is applied on a failure explained in place, beside the explanation', async () => {
    const { actor, received } = await openTag(withOptions, {
      loads: [tag('urgent', 1)],
      saves: [apiError(400, 'name_taken')],
    });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ raw: 'taken' });
    expect(actor.getSnapshot().context.draft.failures).toEqual(['name_taken']);
    expect(received).toEqual([]);
  });

  it('is applied on a conflict, before the person chooses', async () => {
    const { actor } = await openTag(withOptions, { loads: [tag('urgent', 1)], saves: [apiError(409, 'stale_update')] });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('conflict'));
    expect(actor.getSnapshot().context.draft.failures).toEqual(['stale_update']);
  });

  it('is not applied on a 401: the editor ends unauthorised', async () => {
    const lost = apiError(401, 'unauthorized');
    const { actor, received } = await openTag(withOptions, { loads: [tag('urgent', 1)], saves: [lost] });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('unauthorised');
    expect(actor.getSnapshot().context.draft.failures).toEqual([]);
    expect(received).toEqual([{ type: 'error.report', error: lost, action: 'editor' }]);
  });
});
