import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi, type Mock } from 'vitest';
import { ApiError } from '@contracts/failures';
import { answerCall } from './admin-dialog-host';
import { catalogueText } from './catalogue-text';
import { actorDone, actorError, createControlledActor } from './controlled-actor';
import { staleUpdate, unauthorised } from './field-fixtures';

/**
 * End states the editor walks share (machines/support/editor.ts): the dialog has left the screen and, on a 401, the
 * host's one 401 policy (the `unauthorised` action the walk provides as `unauthorisedPolicy`) was told exactly once.
 */

/** The editor's dialog (found by its role) has left the screen. */
export const dialogGone = () => gone(() => screen.queryByRole('dialog'));

/** A dialog rendered inline in a host's layer, without a dialog role of its own, has left the screen. */
export const testIdGone = (testId: string) => gone(() => screen.queryByTestId(testId));

/** The 401 end: the dialog gone (by role, or by the given test id) and the host's 401 policy told once. */
export const endsUnauthorised =
  (testId?: string) =>
  async (_state: unknown, harness: { unauthorisedPolicy: Mock }): Promise<void> => {
    await (testId === undefined ? dialogGone() : testIdGone(testId));
    expect(harness.unauthorisedPolicy).toHaveBeenCalledTimes(1);
  };

const gone = (find: () => HTMLElement | null) =>
  waitFor(() => {
    expect(find()).toBeNull();
  });

/**
 * What an editor dialog's walk holds (machines/support/editor.ts): its `load` and `save` calls parked until the walk
 * answers them, the host's 401 policy, the person's keyboard and mouse, the last failure the next state must report,
 * and the inputs as they showed when Save was pressed (what `saved` compares the sent body with).
 */
export function editorHarness<TLoaded, TResult>() {
  return {
    calls: { load: createControlledActor<TLoaded, unknown>(), save: createControlledActor<TResult, unknown>() },
    unauthorisedPolicy: vi.fn(),
    user: userEvent.setup(),
    failure: undefined as unknown,
    onScreen: undefined as Record<string, unknown> | undefined,
  };
}
/** Answers the parked `load` or `save` call with the walk's event: its output, or its error. */
export const answerEditorCall = (
  harness: { calls: Record<'load' | 'save', Parameters<typeof answerCall>[0]> },
  name: 'load' | 'save',
  event: { output?: unknown; error?: unknown },
) => answerCall(harness.calls[name], 'error' in event ? { error: event.error } : { output: event.output });

/**
 * The answers an editor walk gives its `save` (machines/support/editor.ts): saved, a stale update (409: the conflict
 * notice), the editor's own refusal (a taken name, a server failure), and a 401 (the host's one 401 policy).
 */
export const saveAnswers = <TSaved, TRefusal>(saved: TSaved, refusal: TRefusal) =>
  [
    actorDone('save', saved),
    actorError('save', staleUpdate()),
    actorError('save', refusal),
    actorError('save', unauthorised()),
  ] as const;

/** Queries inside the open dialog. */
export const inDialog = () => within(screen.getByRole('dialog'));

/**
 * Whether the walk may answer the parked `save` with this event: only while saving, and a 409 `stale_update` only for
 * a row (a new record has no version to be stale against).
 */
export const saveAnswerFits = (
  s: { matches: (value: 'saving') => boolean; context: { input: { row?: unknown } } },
  event: { type: string; error?: unknown },
): boolean => {
  const stale = event.error instanceof ApiError && event.error.code === 'stale_update';
  return s.matches('saving') && !(stale && s.context.input.row === undefined);
};

/**
 * The conflict notice of an editor dialog (a 409 on save): the dialog's stale text, its two ways out (reload theirs,
 * keep mine), no plain Save, and no snackbar (a conflict is explained in the dialog, not there). Ids are the English
 * catalogue's.
 */
export async function expectConflictChoice(staleId: string, saveId: string): Promise<void> {
  const button = (id: string) => inDialog().getByRole('button', { name: catalogueText('en-us', id) });
  expect(await inDialog().findByText(catalogueText('en-us', staleId))).toBeInTheDocument();
  expect(button('Global_Button_ReloadTheirs')).toBeEnabled();
  expect(button('Global_Button_KeepMine')).toBeEnabled();
  expect(button(saveId)).toBeDisabled();
  expect(screen.queryByTestId('snackbar')).toBeNull();
}
