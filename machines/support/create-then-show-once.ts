import { errorOf } from '../admin-grid/failure-notice';

/**
 * The "create, then show its secret once" states of a list page's machine (API tokens: the new token's value; event
 * hooks: the new hook's signing secret), one way for every such page. `creating` is the new-item form (edit, submit
 * when the draft's rules pass, cancel back to `ready`) and its save; a saved item goes to the shown state, which
 * holds the secret until dismissed and forgets it on leaving (the server cannot show it again), then the list is
 * read again. A refused save keeps the form as typed, so the person can correct it and try again.
 *
 * It gives the two states; the machine puts them under `creating` and under the shown state's name. Its `setup()`
 * names the pieces the states use: the actions `changeDraft` (params: the changes), `reportCreateFailure` (params:
 * the error), the guard `draftIsValid`, and the names given here for the create actor, the action that keeps the
 * secret (params: the actor's output) and the one that forgets it.
 */
export function createThenShowOnce<
  const TMachine extends string,
  const TCreate extends string,
  const TShown extends string,
  const TShow extends string,
  const TForget extends string,
  const TDismiss extends string,
  TInput extends (args: never) => unknown,
>(spec: {
  machine: TMachine;
  create: TCreate;
  /** What the create actor is given, from the machine's context (its draft). */
  input: TInput;
  shown: TShown;
  show: TShow;
  forget: TForget;
  dismiss: TDismiss;
}) {
  // Generic in what they carry, so each machine's own draft change and created item flow through unchanged.
  const changes = <TChange>({ event }: { event: { changes: TChange } }) => event.changes;
  const output = <TCreated>({ event }: { event: { output: TCreated } }) => event.output;
  const on = {} as Record<TDismiss, 'loading'>;
  on[spec.dismiss] = 'loading';
  return {
    creating: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'create.change': { actions: { type: 'changeDraft', params: changes } },
            'create.submit': { guard: 'draftIsValid', target: 'saving' },
            'create.cancel': `#${spec.machine}.ready`,
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: spec.create,
            src: spec.create,
            input: spec.input,
            onDone: { target: `#${spec.machine}.${spec.shown}`, actions: { type: spec.show, params: output } },
            onError: { target: 'editing', actions: { type: 'reportCreateFailure', params: errorOf } },
          },
        },
      },
    },
    shown: { exit: spec.forget, on },
  } as const;
}
