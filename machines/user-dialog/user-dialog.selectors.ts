import type { SnapshotFrom } from 'xstate';
import type { UserRow } from '@contracts/users';
import type { ClientChoice, createUserDialogMachine } from './user-dialog.machine';

type UserDialogSnapshot = SnapshotFrom<ReturnType<typeof createUserDialogMachine>>;

/** The row the dialog edits; undefined for the grid's Add (a new person). */
export const selectRow = (s: UserDialogSnapshot): UserRow | undefined => s.context.input.row;

export type ClientChoiceView = {
  /** The client list is still being read. */
  loading: boolean;
  clients: readonly ClientChoice[];
  chosen: string | undefined;
  /** Continue is possible: a client is chosen. */
  canConfirm: boolean;
};

/** The provider administrator's client choice before a new person's form; undefined once past it (or never shown). */
export const selectClientChoice = (s: UserDialogSnapshot): ClientChoiceView | undefined =>
  s.matches('choosingClient')
    ? {
        loading: s.matches({ choosingClient: 'loading' }),
        clients: s.context.clients,
        chosen: s.context.clientId,
        canConfirm: s.matches({ choosingClient: 'choosing' }) && s.context.clientId !== undefined,
      }
    : undefined;

/** Compare for `useSelector`. */
export const sameClientChoice = (a: ClientChoiceView | undefined, b: ClientChoiceView | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.loading === b.loading &&
    a.clients === b.clients &&
    a.chosen === b.chosen &&
    a.canConfirm === b.canConfirm);
