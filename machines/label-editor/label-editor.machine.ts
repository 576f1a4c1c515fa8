import { assign, setup } from 'xstate';
import { ApiError } from '@contracts/failures';
import { NO_ROW_VERSION } from '@contracts/resource-edit';
import { notProvided } from '../support/actors';
import type {
  Draft,
  EditProblem,
  EditScope,
  EditTarget,
  InputRules,
  LabelEditorEvent,
  LabelEditorInput,
  LabelEditorOutput,
  ReadText,
  SaveOutcome,
} from './label-editor.types';

type LabelEditorContext = LabelEditorInput & {
  draft: Draft | undefined;
  /** The version of the scope's own row as read; null when it had none. Sent back with the save. */
  version: number | null;
  rules: InputRules | undefined;
  problem: EditProblem | undefined;
  result: LabelEditorOutput['result'] | undefined;
};

/** Bounds of PatchLabelSchema / PatchInputSchema (contracts/resources.ts): required, and not absurdly long. */
const filled = (text: string, max: number) => text.trim() !== '' && text.length <= max;

const draftFrom = (read: ReadText, shownText: string): Draft =>
  read.kind === 'label' ? { kind: 'label', value: read.value ?? shownText } : read.draft;

/**
 * One label or input-resource dialog of Edit Mode (public-and-profile §2 "Edit dialogs"): read the text of a scope
 * with its row version, edit it, save it with that version. A save based on a version someone else has moved on is
 * refused by the server (409) and lands in `stale`: nothing was overwritten, and the only ways on are to reload the
 * current text or to cancel. Changing the culture or client reads that scope's text and version afresh.
 */
export const labelEditorMachine = setup({
  types: {
    context: {} as LabelEditorContext,
    events: {} as LabelEditorEvent,
    input: {} as LabelEditorInput,
    output: {} as LabelEditorOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET resource/label or resource/input for the scope. */
    readText: notProvided<{ target: EditTarget; scope: EditScope }, ReadText>('readText'),
    /** PATCH resource/label or resource/input with the version read. */
    saveText: notProvided<{ target: EditTarget; scope: EditScope; draft: Draft; version: number }, SaveOutcome>(
      'saveText',
    ),
  },
  guards: {
    isDraftValid: ({ context }) =>
      context.draft?.kind === 'label'
        ? filled(context.draft.value, 20_000)
        : context.draft !== undefined &&
          filled(context.draft.validationMessage, 2000) &&
          filled(context.draft.placeHolder, 2000),
    /** A draft of the other kind would be a view bug; it is ignored rather than saved under the wrong route. */
    isSameKind: ({ context, event }) => event.type === 'draft.change' && event.draft.kind === context.target.kind,
    isNotFound: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 404,
  },
  actions: {
    assignScope: assign({
      scope: ({ context, event }) => (event.type === 'scope.change' ? event.scope : context.scope),
      problem: undefined,
    }),
    assignDraft: assign({
      draft: ({ context, event }) => (event.type === 'draft.change' ? event.draft : context.draft),
    }),
    rememberProblem: assign((_, problem: EditProblem) => ({ problem })),
  },
}).createMachine({
  id: 'labelEditor',
  context: ({ input }) => ({
    ...input,
    draft: undefined,
    version: null,
    rules: undefined,
    problem: undefined,
    result: undefined,
  }),
  initial: 'loading',
  on: { 'edit.cancel': '.cancelled' },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'readText',
        src: 'readText',
        input: ({ context }) => ({ target: context.target, scope: context.scope }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            draft: draftFrom(event.output, context.shownText),
            version: event.output.version,
            rules: event.output.kind === 'input' ? event.output.rules : undefined,
            problem: undefined,
          })),
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'rememberProblem', params: 'not_found' },
          },
          { target: 'failed', actions: { type: 'rememberProblem', params: 'load_failed' } },
        ],
      },
    },
    editing: {
      on: {
        'draft.change': { guard: 'isSameKind', actions: 'assignDraft' },
        'scope.change': { target: 'loading', actions: 'assignScope' },
        'edit.save': { guard: 'isDraftValid', target: 'saving' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveText',
        src: 'saveText',
        input: ({ context }) => ({
          target: context.target,
          scope: context.scope,
          // isDraftValid let us in, so the draft is there.
          draft: context.draft ?? { kind: 'label', value: '' },
          version: context.version ?? NO_ROW_VERSION,
        }),
        onDone: [{ guard: ({ event }) => event.output.ok, target: 'saved' }, { target: 'stale' }],
        onError: { target: 'editing', actions: { type: 'rememberProblem', params: 'save_failed' } },
      },
    },
    /** Someone saved this text after it was read: nothing was written. The draft stays on screen to copy from. */
    stale: {
      on: { 'edit.reload': 'loading' },
    },
    failed: {
      on: {
        'edit.reload': 'loading',
        'scope.change': { target: 'loading', actions: 'assignScope' },
      },
    },
    saved: { type: 'final', entry: assign({ result: 'saved' }) },
    cancelled: { type: 'final', entry: assign({ result: 'cancelled' }) },
  },
  output: ({ context }) => ({ result: context.result ?? 'cancelled', target: context.target, scope: context.scope }),
});
