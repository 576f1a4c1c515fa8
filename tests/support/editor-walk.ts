import { screen, waitFor } from '@testing-library/react';
import { expect, type Mock } from 'vitest';

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
