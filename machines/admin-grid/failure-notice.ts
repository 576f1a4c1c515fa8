import type { ErrorActorEvent } from 'xstate';
import { ApiError, isNetworkFailure } from '@contracts/failures';
import { describeError } from '../notifications/describe-error';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { label, raw, type Text } from '../support/text';

import type { NotificationsPort } from '../support/ports';

/** The notifications port, by the name the admin grids know it (machines/support/ports.ts). */
export type NotificationsRef = NotificationsPort;

/** A 409: a stale update, a name or alias already taken, or a delete of something still in use. */
export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409;

/** The server's message for an HTTP failure, else what was thrown, else the unknown-error label. */
export function failureMessage(error: unknown): Text {
  const { message } = describeError(error);
  return message.trim() === '' ? label('Global_Error_Unknown') : raw(message);
}

/** A refusal's own words: the server's reasons by field joined, else its message (a 400 or 409 shown in place). */
export const refusalText = (error: ApiError): Text =>
  raw(error.details.map((detail) => detail.message).join('; ') || error.message);

/**
 * What the person sees when an admin call fails (admin-and-board §8): an error snackbar with the server's message
 * under the page's title label (Application_Text_InsertFailTitle, …). A 401 or 403 is not the page's to explain: it
 * goes to the error catalogue (the modal, and the sign-out rules of the session); nor is a call that got no answer,
 * which the catalogue shows as the connection-lost notice, never as "User not found" or another page title (issue 29 §3).
 */
export function failureNotice(error: unknown, title: Text): NotificationsEvent {
  if (isNetworkFailure(error)) return { type: 'error.report', error, action: 'admin' };
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return { type: 'error.report', error, action: 'admin' };
  }
  return { type: 'snackbar.show', snackbar: { type: 'error', title, message: failureMessage(error) } };
}

/**
 * The error of a failed invoke, for `params`. Typed once here: XState cannot always infer the error event's type
 * through generic or `sendTo` actions, and this keeps `any` out of every caller.
 */
export const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;
