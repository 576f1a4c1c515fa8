import {
  assign,
  sendTo,
  setup,
  type AnyActorLogic,
  type DoneActorEvent,
  type ErrorActorEvent,
  type InputFrom,
  type OutputFrom,
  type PromiseActorLogic,
  type ProvidedActor,
  type StateMachine,
  type StateValue,
} from 'xstate';
import { errorOf, failureNotice } from '../admin-grid/failure-notice';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvided, providedAtEdge } from './actors';
import { isNetworkFailureGuard, NETWORK_RETRY_MS } from './network';
import type { NotificationsPort } from './ports';
import { saveFailureOf } from './save-failure';
import { label, type Text } from './text';

/*
 * The one editor pattern (ARCHITECTURE "Every editor … uses the one editor pattern"): load → editing → saving →
 * saved | conflict | failed, with one event vocabulary.
 *
 * Why a factory and not a child machine every dialog invokes: a child would put the draft one actor deeper, so every
 * view would reach through `children.editor` and every dialog would forward its own events to it. A factory builds
 * each dialog's machine from a small definition (its draft rules, what a save sends, its titles); the dialog's
 * machine *is* an editor, its views talk to it directly, and all its types (draft, change, loaded record, save
 * input, result) flow from the definition. The load and save calls are the named actors `load` and `save`, and the
 * 401 hook is the named action `unauthorised`, all in `setup()`, so the wiring edge and the tests swap them with
 * `.provide()` (STYLE §0.4, §5 A).
 *
 * Three options, each off unless a definition asks for it (see "What follows a save" and "A nested editor" below):
 * `reopen` (a save that keeps the dialog open and reads again), `followUp` (a call made after a save with the dialog
 * already closed) and `nested` (another editor opened over this one). Without them the machine is exactly the base
 * pattern: no extra state, event or actor, so the walks of the editors that do not use them see nothing new.
 */

/** The one vocabulary every editor understands; `TChange` is what one edit of this editor's draft carries. */
export type EditorEvent<TChange> =
  /** A change to the draft. */
  | { type: 'edit'; changes: TChange }
  | { type: 'save' }
  | { type: 'cancel' }
  /** Read the record again, dropping the draft (after a conflict, or to retry a failed load). */
  | { type: 'reload' }
  /** After a conflict: save the draft over the record's current version. */
  | { type: 'keepMine' };

/** Tags views decide with, instead of matching state names. */
export type EditorTag =
  | 'loading'
  | 'editing'
  | 'saving'
  | 'conflict'
  | 'failed'
  /** The read got no answer (issue 29 §3): the view keeps its loader, the connection-lost notice says why. */
  | 'offline'
  /** The dialog is off screen while the editor still runs: a `followUp` call after the save. */
  | 'closed';

/** What every editor's host gives it: the notifications port; dialogs add their own facts (the row, an id). */
export type EditorInputBase = { notifications: NotificationsPort };

export type EditorContext<TInput, TLoaded, TDraft, TResult> = {
  input: TInput;
  /** The record (and the lists beside it) as last read: its version is what a save sends. */
  loaded: TLoaded | undefined;
  draft: TDraft;
  /** A refusal the dialog explains in place (e.g. a name already taken) rather than in a snackbar. */
  problem: Text | undefined;
  saved: TResult | undefined;
};

/**
 * Where a load failure leads: the `failed` state (reload or cancel), closing, or editing on a fallback (built from the
 * input and what was read before, undefined on opening).
 *
 * A fallback's failure is reported through the notifications port, unless `report: 'log'`: then a failure on opening
 * is handed to the `logLoadFailure` action only (the host's log, nothing on screen). Why: some reads are side lists
 * the spec says are "logged only" when they fail (admin-and-board §8, the field dialog's data types and meta tags),
 * and the notifications catalogue has no quiet report (`error.report` always shows something but a 422). A reload
 * the person asked for (after a conflict) is still reported, so a click never fails in silence.
 */
export type LoadFailure<TInput, TLoaded> =
  'fail' | 'close' | { fallback: (input: TInput, loaded: TLoaded | undefined) => TLoaded; report?: 'notify' | 'log' };

/** What one dialog tells the factory; everything else is the pattern's. */
export type EditorDefinition<
  TInput extends EditorInputBase,
  TLoaded,
  TDraft,
  TChange,
  TSaveInput,
  TResult,
  TFollowUp = never,
  TNested extends AnyActorLogic = never,
> = {
  id: string;
  /** The save's answer, named by type only (`{} as { result: Application }`), as XState's own `types` are. */
  types: { result: TResult };
  /** The draft before anything is read. */
  emptyDraft: (input: TInput) => TDraft;
  /**
   * The draft a freshly read record starts from (also after `reload`). `current` is the draft before the read (the
   * empty draft the first time): an editor whose draft names what is read (see `needsFreshRead`) keeps that part.
   */
  draftOf: (loaded: TLoaded, input: TInput, current: TDraft) => TDraft;
  /** One `edit` applied to the draft; returning the draft unchanged refuses the change. */
  applyEdit: (draft: TDraft, changes: TChange, loaded: TLoaded | undefined, input: TInput) => TDraft;
  /** Whether the draft may be saved; Save is off (`can({ type: 'save' })` is false) otherwise. */
  canSave: (draft: TDraft, loaded: TLoaded | undefined, input: TInput) => boolean;
  /** What `save` receives, built from the draft and the version read. */
  saveInput: (draft: TDraft, loaded: TLoaded | undefined, input: TInput) => TSaveInput;
  /** Where a load failure leads; `fail` by default. */
  onLoadFailure?: LoadFailure<TInput, TLoaded>;
  /** The report of a failure; by default an error snackbar under Global_Text_FailTitle (admin-and-board §8). */
  failureNotice?: (error: unknown, phase: EditorPhase, input: TInput) => NotificationsEvent;
  /** A save refusal the dialog explains in place; undefined lets the failure be reported. */
  inlineProblem?: (error: unknown) => Text | undefined;
  /**
   * An edit that changes *what* is read, not only the draft (the label editor's culture or client: another scope is
   * another row with its own text and version). Such an edit is applied to the draft, then the record is read again
   * (`load` gets the edited draft); it is also the way out of `failed` to another record. Why an option and not a
   * dialog-own state: the read, its failure and the 401 are the pattern's, and a second load state would copy them.
   */
  needsFreshRead?: (changes: TChange) => boolean;
  /**
   * A load failure the dialog explains in place, in `failed` (the label editor's "this text could not be loaded"
   * beside its key), instead of reporting it; undefined lets `onLoadFailure` and the report take it.
   */
  inlineLoadProblem?: (error: unknown) => Text | undefined;
  /**
   * What follows a save, part 1: whether the dialog stays open. By default (undefined, or an answer of undefined) a
   * save ends the editor. A record returned here is what the dialog edits from now on: the editor goes back to
   * `loading` with it as the previous read (`load` receives it as `loaded`), then to editing. The save's answer stays
   * the output, so a later cancel still tells the host that something was saved. Why: a client has to exist before
   * its applications can be activated (admin-and-board §4), so its first save reopens the dialog on the new client.
   */
  reopen?: (saved: TResult, loaded: TLoaded | undefined, input: TInput) => TLoaded | undefined;
  /**
   * What follows a save, part 2: a call made once the dialog is closed (state `followingUp`, tag `closed`), given what
   * the `followUp` actor receives, or undefined for none. Its failure is reported (phase `followUp`; a 401 goes to
   * `unauthorised` as any other) and the editor still ends `saved` with the save's answer: the save itself stands.
   * Why: the client dialog saves the applications' activation only after the client, with the dialog gone (§4).
   */
  followUp?: (saved: TResult, draft: TDraft, loaded: TLoaded | undefined, input: TInput) => TFollowUp | undefined;
  /** Another editor opened over this one from `editing`: see NestedEditor. */
  nested?: NestedEditor<TInput, TLoaded, TDraft, TNested>;
  /**
   * A `save` the rules refuse (`canSave` false) changes the draft instead of being dropped: the profile form marks
   * every input as touched, so every message shows and the person sees why nothing was sent (spec public-and-profile
   * §5 "Errors show only after the field is touched or the form is submitted"). Without it such a `save` is ignored
   * and views keep Save disabled while the draft is invalid (`can({ type: 'save' })`).
   */
  refusedSave?: (draft: TDraft, loaded: TLoaded | undefined, input: TInput) => TDraft;
  /**
   * The draft after a failed save that leaves the person editing (a refusal explained in place or reported, a
   * conflict): the profile form resets its captcha (a solved captcha is spent) and keeps what the server named per
   * input. Why an option: the pattern's failure paths stay one; only what a failure does to this draft differs.
   */
  afterSaveFailure?: (draft: TDraft, error: unknown, loaded: TLoaded | undefined, input: TInput) => TDraft;
};

/** Which call failed, for `failureNotice`. */
export type EditorPhase = 'load' | 'save' | 'followUp' | 'nested';

/**
 * A nested editor: the `open` event (with a key, e.g. an application id) moves `editing` to the state `nested`, which
 * invokes `logic` (itself an editor, usually) as the actor `nested`, and takes its answer back into the record as read.
 *
 * Why in the pattern and not a parent machine around it: a parent would put this editor's draft one actor deeper
 * (see the factory's comment above), and every view would reach through it. Invoked from `editing`, the child sits
 * beside the draft, which waits untouched until the child ends; it costs one state, and only editors that ask for it.
 */
export type NestedEditor<TInput, TLoaded, TDraft, TNested extends AnyActorLogic> = {
  /** The child's logic (the wiring edge provides its calls with `.provide({ actors: { nested } })`). */
  logic: TNested;
  /** The child's input for this key, or undefined when it may not open (the `open` event is refused). */
  inputOf: (key: string, draft: TDraft, loaded: TLoaded | undefined, input: TInput) => InputFrom<TNested> | undefined;
  /** The child's answer taken into the record as read; a child that ends with nothing (cancelled) changes nothing. */
  merge: (loaded: TLoaded | undefined, output: NonNullable<OutputFrom<TNested>>, input: TInput) => TLoaded | undefined;
};

/** The event that opens a nested editor; only editors with `nested` have it. */
export type EditorOpenEvent = { type: 'open'; key: string };

const defaultNotice = (error: unknown): NotificationsEvent => failureNotice(error, label('Global_Text_FailTitle'));
const outputOf = ({ event }: { event: DoneActorEvent }): { output: unknown } => ({ output: event.output });
/** The `report` action's params for a failed call of this phase. */
const reportOf =
  (phase: EditorPhase) =>
  (args: { event: ErrorActorEvent }): { error: unknown; phase: EditorPhase } => ({ error: errorOf(args), phase });

/** Builds one dialog's editor machine from its definition. */
export function createEditorMachine<
  TInput extends EditorInputBase,
  TLoaded,
  TDraft,
  TChange,
  TSaveInput,
  TResult,
  TFollowUp = never,
  TNested extends AnyActorLogic = never,
>(definition: EditorDefinition<TInput, TLoaded, TDraft, TChange, TSaveInput, TResult, TFollowUp, TNested>) {
  const onLoadFailure = definition.onLoadFailure ?? 'fail';
  const notice = definition.failureNotice ?? defaultNotice;
  const { followUp, nested } = definition;
  type Context = EditorContext<TInput, TLoaded, TDraft, TResult>;
  const fallback = typeof onLoadFailure === 'object' ? onLoadFailure : undefined;
  /** What `load` receives, on opening, on a reload and before "keep mine" alike. */
  const loadInput = ({ context }: { context: Context }) => ({
    input: context.input,
    loaded: context.loaded,
    draft: context.draft,
  });
  const fallbackRead = ({ context }: { context: Context }) => ({
    loaded: fallback?.fallback(context.input, context.loaded),
  });
  const machine = setup({
    types: {
      context: {} as Context,
      // `open` is declared here for the `nested` state's sake; the return type keeps it only when `nested` is given.
      events: {} as EditorEvent<TChange> | EditorOpenEvent,
      input: {} as TInput,
      output: {} as TResult | undefined,
      tags: {} as EditorTag,
    },
    actors: {
      // Erased here because TypeScript cannot pick an invoke's `src` out of a union of generic actors; the factory's
      // return type restores them (EditorActors), so `.provide()` and the tests see the dialog's own types.
      load: notProvided<unknown, unknown>('load'),
      save: notProvided<unknown, unknown>('save'),
      followUp: notProvided<unknown, unknown>('followUp'),
      nested: (nested?.logic ?? notProvided<unknown, unknown>('nested')) as AnyActorLogic,
    },
    actions: {
      /** A failure of one of the calls, reported through the notifications port under that call's phase. */
      report: sendTo(
        ({ context }) => context.input.notifications,
        ({ context }, { error, phase }: { error: unknown; phase: EditorPhase }) => notice(error, phase, context.input),
      ),
      /** A quiet load failure (`onLoadFailure: { fallback, report: 'log' }`): the host provides the log. */
      logLoadFailure: providedAtEdge<unknown>(),
      /**
       * A 401 on load or save: the one place an editor meets it. Its default hands the error to the notifications port,
       * whose catalogue applies the session's rules (the modal, then the sign-out); a host with its own 401 policy
       * provides this action, so no editor decides what a lost session means.
       */
      unauthorised: sendTo(
        ({ context }) => context.input.notifications,
        (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'editor' }),
      ),
      startFrom: assign(({ context }, { loaded }: { loaded: unknown }) => ({
        loaded: loaded as TLoaded,
        draft: definition.draftOf(loaded as TLoaded, context.input, context.draft),
        problem: undefined,
      })),
      explainLoadFailure: assign((_, error: unknown) => ({ problem: definition.inlineLoadProblem?.(error) })),
      keepSaved: assign((_, { output }: { output: unknown }) => ({ saved: output as TResult })),
      /** `reopen`: the answer becomes the record edited, and the draft starts from it until the re-read answers. */
      reopen: assign(({ context }, { output }: { output: unknown }) => {
        const loaded = definition.reopen?.(output as TResult, context.loaded, context.input);
        return loaded === undefined
          ? {}
          : { loaded, draft: definition.draftOf(loaded, context.input, context.draft), problem: undefined };
      }),
      mergeNested: assign(({ context }, { output }: { output: unknown }) =>
        nested === undefined || output === undefined || output === null
          ? {}
          : { loaded: nested.merge(context.loaded, output as NonNullable<OutputFrom<TNested>>, context.input) },
      ),
      /** `refusedSave`: the draft as the rules' refusal leaves it (every message shown). */
      refuseSave: assign(({ context }) => ({
        draft: definition.refusedSave?.(context.draft, context.loaded, context.input) ?? context.draft,
      })),
      /** `afterSaveFailure`: what a failed save does to the draft (a spent captcha reset, the server's refusals). */
      keepAfterFailure: assign(({ context }, error: unknown) => ({
        draft: definition.afterSaveFailure?.(context.draft, error, context.loaded, context.input) ?? context.draft,
      })),
      edit: assign(({ context, event }) => ({
        draft:
          event.type === 'edit'
            ? definition.applyEdit(context.draft, event.changes, context.loaded, context.input)
            : context.draft,
        problem: undefined,
      })),
    },
    guards: {
      canSave: ({ context }) => definition.canSave(context.draft, context.loaded, context.input),
      isConflict: (_, error: unknown) => saveFailureOf(error) === 'conflict',
      isUnauthorised: (_, error: unknown) => saveFailureOf(error) === 'unauthorised',
      isExplainedInPlace: (_, error: unknown) => definition.inlineProblem?.(error) !== undefined,
      isNetworkFailure: isNetworkFailureGuard,
      isLoadFailureExplainedInPlace: (_, error: unknown) => definition.inlineLoadProblem?.(error) !== undefined,
      needsFreshRead: ({ event }) => event.type === 'edit' && (definition.needsFreshRead?.(event.changes) ?? false),
      isQuietLoadFailure: ({ context }) => fallback?.report === 'log' && context.loaded === undefined,
      reopens: ({ context }, { output }: { output: unknown }) =>
        definition.reopen?.(output as TResult, context.loaded, context.input) !== undefined,
      followsUp: ({ context }, { output }: { output: unknown }) =>
        followUp?.(output as TResult, context.draft, context.loaded, context.input) !== undefined,
      canOpen: ({ context, event }) =>
        event.type === 'open' && nested?.inputOf(event.key, context.draft, context.loaded, context.input) !== undefined,
    },
    delays: { networkRetry: NETWORK_RETRY_MS },
  }).createMachine({
    id: definition.id,
    context: ({ input }) => ({
      input,
      loaded: undefined,
      draft: definition.emptyDraft(input),
      problem: undefined,
      saved: undefined,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        on: { cancel: 'cancelled' },
        invoke: {
          id: 'load',
          src: 'load',
          input: loadInput,
          onDone: {
            target: 'editing',
            actions: { type: 'startFrom', params: ({ event }) => ({ loaded: event.output }) },
          },
          onError: [
            {
              guard: { type: 'isUnauthorised', params: errorOf },
              target: 'unauthorised',
              actions: { type: 'unauthorised', params: errorOf },
            },
            // No answer at all: not a missing record, not a refusal; read again by itself (issue 29 §3).
            {
              guard: { type: 'isNetworkFailure', params: errorOf },
              target: 'offline',
              actions: { type: 'report', params: reportOf('load') },
            },
            {
              guard: { type: 'isLoadFailureExplainedInPlace', params: errorOf },
              target: 'failed',
              actions: { type: 'explainLoadFailure', params: errorOf },
            },
            {
              guard: 'isQuietLoadFailure',
              target: 'editing',
              actions: [
                { type: 'logLoadFailure', params: errorOf },
                { type: 'startFrom', params: fallbackRead },
              ],
            },
            typeof onLoadFailure === 'object'
              ? {
                  target: 'editing',
                  actions: [
                    { type: 'report', params: reportOf('load') },
                    { type: 'startFrom', params: fallbackRead },
                  ],
                }
              : {
                  target: onLoadFailure === 'close' ? 'cancelled' : 'failed',
                  actions: { type: 'report', params: reportOf('load') },
                },
          ],
        },
      },
      /**
       * The read got no answer (offline, the server unreachable): the loader stays, the report told the notifications
       * singleton (the connection-lost notice), and the read is made again after `networkRetry`, or at once on Reload.
       */
      offline: {
        tags: ['loading', 'offline'],
        after: { networkRetry: 'loading' },
        on: { reload: 'loading', cancel: 'cancelled' },
      },
      // Cancelling is possible before and between saves, never during one: a save under way cannot be taken back.
      editing: {
        tags: 'editing',
        on: {
          edit: [{ guard: 'needsFreshRead', target: 'loading', actions: 'edit' }, { actions: 'edit' }],
          save: definition.refusedSave
            ? [{ guard: 'canSave', target: 'saving' }, { actions: 'refuseSave' }]
            : { guard: 'canSave', target: 'saving' },
          cancel: 'cancelled',
          ...(nested && { open: { guard: 'canOpen', target: 'nested' } }),
        },
      },
      saving: {
        tags: 'saving',
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }: { context: Context }) =>
            definition.saveInput(context.draft, context.loaded, context.input),
          onDone: [
            // What follows a save (`reopen`, `followUp`); without either option, straight to `saved`.
            {
              guard: { type: 'reopens', params: outputOf },
              target: 'loading',
              actions: [
                { type: 'keepSaved', params: outputOf },
                { type: 'reopen', params: outputOf },
              ],
            },
            ...(followUp
              ? [
                  {
                    guard: { type: 'followsUp' as const, params: outputOf },
                    target: 'followingUp' as const,
                    actions: { type: 'keepSaved' as const, params: outputOf },
                  },
                ]
              : []),
            { target: 'saved', actions: { type: 'keepSaved', params: outputOf } },
          ],
          onError: [
            {
              guard: { type: 'isConflict', params: errorOf },
              target: 'conflict',
              actions: { type: 'keepAfterFailure', params: errorOf },
            },
            {
              guard: { type: 'isUnauthorised', params: errorOf },
              target: 'unauthorised',
              actions: { type: 'unauthorised', params: errorOf },
            },
            {
              guard: { type: 'isExplainedInPlace', params: errorOf },
              target: 'editing',
              actions: [
                assign({ problem: ({ event }) => definition.inlineProblem?.(event.error) }),
                { type: 'keepAfterFailure', params: errorOf },
              ],
            },
            {
              target: 'editing',
              actions: [
                { type: 'report', params: reportOf('save') },
                { type: 'keepAfterFailure', params: errorOf },
              ],
            },
          ],
        },
      },
      /**
       * Someone saved the record after it was read (409 `stale_update`): nothing was written, the draft is still on
       * screen, and the person chooses between their version and ours.
       */
      conflict: {
        tags: 'conflict',
        on: {
          reload: 'loading',
          keepMine: 'overwriting',
          cancel: 'cancelled',
        },
      },
      /**
       * "Keep mine": read the record's current version, then save the draft over it. This is a deliberate overwrite
       * of someone else's save, chosen by the person who was shown the conflict, never done without asking.
       */
      overwriting: {
        tags: 'saving',
        invoke: {
          id: 'load',
          src: 'load',
          input: loadInput,
          onDone: { target: 'saving', actions: assign({ loaded: ({ event }) => event.output as TLoaded }) },
          // The same 401 policy and in-place explanations as any read; otherwise the draft stays and it is reported.
          onError: [
            {
              guard: { type: 'isUnauthorised', params: errorOf },
              target: 'unauthorised',
              actions: { type: 'unauthorised', params: errorOf },
            },
            {
              guard: { type: 'isLoadFailureExplainedInPlace', params: errorOf },
              target: 'editing',
              actions: { type: 'explainLoadFailure', params: errorOf },
            },
            { target: 'editing', actions: { type: 'report', params: reportOf('load') } },
          ],
        },
      },
      /** The record could not be read; the report was made on the way in. */
      failed: {
        tags: 'failed',
        on: {
          reload: 'loading',
          cancel: 'cancelled',
          edit: { guard: 'needsFreshRead', target: 'loading', actions: 'edit' },
        },
      },
      // The optional states, present only in editors whose definition asks for them.
      ...(followUp && {
        /** The save stands and the dialog is gone; the follow-up call finishes behind it. */
        followingUp: {
          tags: 'closed',
          invoke: {
            id: 'followUp',
            src: 'followUp',
            input: ({ context }: { context: Context }) =>
              followUp(context.saved as TResult, context.draft, context.loaded, context.input),
            onDone: 'saved',
            onError: [
              {
                guard: { type: 'isUnauthorised', params: errorOf },
                target: 'saved',
                actions: { type: 'unauthorised', params: errorOf },
              },
              { target: 'saved', actions: { type: 'report', params: reportOf('followUp') } },
            ],
          },
        },
      }),
      ...(nested && {
        /** Another editor is open over this one; the draft waits for its answer. */
        nested: {
          invoke: {
            id: 'nested',
            src: 'nested',
            input: ({ context, event }: { context: Context; event: EditorEvent<TChange> | EditorOpenEvent }) =>
              nested.inputOf(event.type === 'open' ? event.key : '', context.draft, context.loaded, context.input),
            onDone: { target: 'editing', actions: { type: 'mergeNested', params: outputOf } },
            onError: { target: 'editing', actions: { type: 'report', params: reportOf('nested') } },
          },
        },
      }),
      saved: { type: 'final' },
      cancelled: { type: 'final' },
      /** The session is gone: ends with nothing saved; the host's 401 policy was told through `unauthorised`. */
      unauthorised: { type: 'final' },
    },
    output: ({ context }) => context.saved,
  });
  return machine as unknown as WithParts<
    typeof machine,
    EditorActors<TInput, TLoaded, TSaveInput, TResult, TDraft, TFollowUp, TNested>,
    EditorEvent<TChange> | ([TNested] extends [never] ? never : EditorOpenEvent),
    ([TFollowUp] extends [never] ? never : 'followingUp') | ([TNested] extends [never] ? never : 'nested')
  >;
}

/**
 * What `load` receives: the host's input, the previous read (undefined the first time) and the draft (which names
 * what to read when the editor has `needsFreshRead`; `TDraft` is left unknown by editors that do not look at it).
 */
export type EditorLoadInput<TInput, TLoaded, TDraft = unknown> = {
  input: TInput;
  loaded: TLoaded | undefined;
  draft: TDraft;
};

/**
 * The calls of an editor with the dialog's own types, as `.provide()` and `xstate.done.actor.*` see them: `load` and
 * `save`, and `followUp` and `nested` only for the editors whose definition has them.
 */
export type EditorActors<
  TInput,
  TLoaded,
  TSaveInput,
  TResult,
  TDraft = unknown,
  TFollowUp = never,
  TNested extends AnyActorLogic = never,
> =
  | { src: 'load'; logic: PromiseActorLogic<TLoaded, EditorLoadInput<TInput, TLoaded, TDraft>>; id: string | undefined }
  | { src: 'save'; logic: PromiseActorLogic<TResult, TSaveInput>; id: string | undefined }
  | ([TFollowUp] extends [never]
      ? never
      : { src: 'followUp'; logic: PromiseActorLogic<unknown, TFollowUp>; id: string | undefined })
  | ([TNested] extends [never] ? never : { src: 'nested'; logic: TNested; id: string | undefined });

/**
 * The states every editor has; the optional ones (`followingUp`, `nested`) are added by their options. Named here
 * because XState cannot read state names out of a config whose optional states are spread in; every editor's walk
 * checks these names against the machine's real states ("names only the machine's states, and covers every one").
 */
export type EditorState =
  | 'loading'
  | 'offline'
  | 'editing'
  | 'saving'
  | 'conflict'
  | 'overwriting'
  | 'failed'
  | 'saved'
  | 'cancelled'
  | 'unauthorised';

/**
 * A machine type with its actors, events and state names replaced: every other parameter is kept as XState inferred
 * it. The factory declares every optional part internally; this keeps only those the definition asked for.
 */
type WithParts<
  M,
  TActor extends ProvidedActor,
  TEvent extends EditorEvent<unknown> | EditorOpenEvent,
  TPresent extends string,
> =
  M extends StateMachine<
    infer C,
    infer E,
    infer Ch,
    ProvidedActor,
    infer A,
    infer G,
    infer D,
    StateValue,
    infer T,
    infer I,
    infer O,
    infer Em,
    infer Me,
    infer SS
  >
    ? StateMachine<C, Extract<E, TEvent>, Ch, TActor, A, G, D, EditorState | TPresent, T, I, O, Em, Me, SS>
    : never;
