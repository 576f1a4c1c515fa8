import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileFormInput, ProfileResult, ProfileSaveInput } from '@machines/profile-form/profile-form.types';
import { ProfileForm } from '@src/profile/form/ProfileForm';
import { renderDialogHost } from '@tests/support/admin-dialog-host';
import { editInput, profileLoaded } from '@tests/support/profile-fixtures';

/**
 * The scroll to the step (spec public-and-profile §2 "The scroll-to-step delay is 10 ms"): the real profile form in
 * Edit mode, on one's own profile, with a read that answers at once. Time is the fake clock's, so the test counts
 * milliseconds without waiting for them.
 */
async function openOwnProfile(input: Omit<ProfileFormInput, 'notifications'>) {
  const logic = profileFormMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve(profileLoaded())),
      save: fromPromise<ProfileResult, ProfileSaveInput>(() => new Promise(() => undefined)),
    },
  });
  const view = renderDialogHost({
    logic,
    input: (notifications) => ({ ...input, notifications }),
    view: (formRef) => <ProfileForm formRef={formRef} loadFailure={null} />,
  });
  await screen.findByTestId('profile-form');
  return view;
}

describe('profile form: the scroll to the step (§2 "scroll-to-step delay is 10 ms")', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('scrolls the new step’s heading into sight 10 ms after Continue, not before, and once', async () => {
    const { dialogRef } = await openOwnProfile(editInput({ ownProfile: true }));
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    vi.useFakeTimers();
    act(() => {
      dialogRef.send({ type: 'edit', changes: { kind: 'next' } });
    });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Security');
    await act(() => vi.advanceTimersByTimeAsync(9));
    expect(scroll).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('heading', { level: 2 }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('does not scroll when the form first opens on its step', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    await openOwnProfile(editInput({ ownProfile: true, startStep: 1 }));
    vi.useFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Security');
    expect(scroll).not.toHaveBeenCalled();
  });

  it('a step changed again within the 10 ms scrolls once, to the step then on screen', async () => {
    const { dialogRef } = await openOwnProfile(editInput({ ownProfile: true }));
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    vi.useFakeTimers();
    act(() => {
      dialogRef.send({ type: 'edit', changes: { kind: 'next' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(5));
    act(() => {
      dialogRef.send({ type: 'edit', changes: { kind: 'step', to: 0 } });
    });
    await act(() => vi.advanceTimersByTimeAsync(9));
    expect(scroll).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toHaveTextContent('Profile');
  });
});
