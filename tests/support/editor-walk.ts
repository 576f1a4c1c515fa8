import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi, type Mock } from 'vitest';
import { answerCall } from './admin-dialog-host';
import { createControlledActor } from './controlled-actor';

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

/** Queries inside the open dialog. */
export const inDialog = () => within(screen.getByRole('dialog'));
