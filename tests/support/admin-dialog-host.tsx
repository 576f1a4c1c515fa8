import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type InputFrom,
} from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { notificationsMachine } from '@machines/notifications/notifications.machine';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { SnackbarHost } from '@src/ui/SnackbarHost';
import { ConnectionNotice } from '@src/ui/ConnectionNotice';
import { UiProvider } from '@src/ui/UiProvider';
import './jsdom-pointer-event';

/**
 * Runs an admin dialog's machine as an admin page runs it: with the real notifications actor as its `notifications`
 * input (and that actor's snackbar on screen), the dialog's view mounted on the dialog actor. Only the dialog's calls
 * are fakes, given by the caller through `logic` (the machine with controlled actors provided).
 */
export function renderDialogHost<TLogic extends AnyActorLogic>({
  logic,
  input,
  view,
}: {
  logic: TLogic;
  /** The dialog's input, given the notifications ref to put in it. */
  input: (notifications: NotificationsRef) => InputFrom<TLogic>;
  view: (dialogRef: ActorRefFrom<TLogic>) => ReactNode;
}) {
  let dialogRef: ActorRefFrom<TLogic> | undefined;
  const rendered = renderWithNotifications((notificationsRef) => {
    const started = createActor(logic, { input: input(notificationsRef) }).start() as ActorRefFrom<TLogic>;
    dialogRef = started;
    return view(started);
  });
  return { ...rendered, dialogRef: dialogRef as unknown as ActorRefFrom<TLogic> };
}

/** The dialog as a page shows it: only while its actor runs (a page drops it once the editor is done). */
export function WhileOpen({ actorRef, children }: { actorRef: AnyActorRef; children: ReactNode }) {
  const open = useSelector(actorRef, (s: { status: string }) => s.status === 'active');
  return open ? children : null;
}

/** Renders what `screen` builds beside the real notifications actor and its snackbar, in English. */
export function renderWithNotifications(screen: (notificationsRef: Notifications) => ReactNode) {
  const notificationsRef = startNotifications();
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  const rendered = render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        {screen(notificationsRef)}
        <SnackbarHost notificationsRef={notificationsRef} />
        <ConnectionNotice notificationsRef={notificationsRef} signedIn />
      </I18nProvider>
    </UiProvider>,
  );
  return { ...rendered, notificationsRef };
}

/** The real notifications machine, with its error log and uncaught-error watch silenced. */
function startNotifications() {
  return createActor(
    notificationsMachine.provide({
      actors: {
        logError: fromPromise(() => Promise.resolve(undefined)),
        watchUncaughtErrors: fromCallback(() => undefined),
        watchConnection: fromCallback(() => undefined),
      },
    }),
    { input: { showErrorDetails: true } },
  ).start();
}

export type Notifications = ReturnType<typeof startNotifications>;

/** A parked call of a dialog's machine (see createControlledActor): how many wait, and how to answer them. */
type ParkedCall = { waiting: () => number; reject: (error: unknown) => void; resolve: unknown };

/** Waits until the dialog has made exactly one such call, then answers it with the output or the error. */
export async function answerCall(call: ParkedCall, answer: { output: unknown } | { error: unknown }) {
  await waitFor(() => {
    expect(call.waiting()).toBe(1);
  });
  await act(async () => {
    if ('error' in answer) call.reject(answer.error);
    else (call.resolve as (output: unknown) => void)(answer.output);
    await Promise.resolve();
  });
}
