import { label, raw, type Text } from '../support/text';
import type { AppError } from './describe-error';
import type { ErrorLogInput, ErrorModalRequest, SnackbarRequest } from './notifications.types';

/** How one reported error reaches the person: a modal, a snackbar, or nothing (it is still logged). */
export type ErrorPresentation =
  | { kind: 'modal'; modal: ErrorModalRequest }
  | { kind: 'snackbar'; snackbar: SnackbarRequest }
  | { kind: 'silent' }
  /** A network failure: the connection-lost notice, never a modal or a snackbar (issue 29 §3). */
  | { kind: 'connectionLost' };

const genericHeadings = {
  network: 'Global_Error_Network',
  type: 'Global_Error_Type',
  reference: 'Global_Error_Reference',
  validation: 'Global_Error_Validation',
  critical: 'Global_Error_Critical',
  general: 'Global_Error_General',
  unknown: 'Global_Error_Unknown',
} as const;

/** Heading by status (`Global_Error_{status}`); a status the catalogue does not name reads as a 500 (spec §8 "default"). */
export function headingOf(error: AppError): Text {
  if (error.kind === 'http') return label(`Global_Error_${error.status}`, label('Global_Error_500'));
  return label(genericHeadings[error.kind]);
}

/** The code's own label `Global_Error_{code}` if the catalogue has one, else what the server said (spec §8). */
export function messagesOf(error: AppError): Text[] {
  if (error.kind === 'http') return [label(`Global_Error_${error.code}`, raw(error.message))];
  // Validation errors keep their line breaks: one message per line.
  if (error.kind === 'validation') return error.details.map(raw);
  return error.message ? [raw(error.message)] : [];
}

const withDetails = (error: AppError): Pick<ErrorModalRequest, 'details' | 'errorCode'> => ({
  details: { requestId: error.requestId, lines: error.details },
  ...(error.kind === 'http' ? { errorCode: error.code } : {}),
});

/**
 * The spec's handling rules (public-and-profile §8): 401 and 403 always open the modal with details and the request
 * id; 422 opens it only when the caller asked to display, without details; every other error opens the modal with
 * details when display was asked, and otherwise becomes an error snackbar without details. A network failure is none
 * of them: the connection-lost notice says it, whatever the caller asked (issue 29 §3).
 */
export function presentError(error: AppError, display: boolean): ErrorPresentation {
  if (error.kind === 'network') return { kind: 'connectionLost' };
  const heading = headingOf(error);
  const messages = messagesOf(error);
  if (error.kind === 'http' && (error.status === 401 || error.status === 403)) {
    return { kind: 'modal', modal: { heading, messages, ...withDetails(error) } };
  }
  if (error.kind === 'http' && error.status === 422) {
    return display ? { kind: 'modal', modal: { heading, messages } } : { kind: 'silent' };
  }
  if (display) return { kind: 'modal', modal: { heading, messages, ...withDetails(error) } };
  const [first] = messages;
  return { kind: 'snackbar', snackbar: { type: 'error', title: heading, message: first ?? heading } };
}

const errorTypeNames = {
  http: 'HttpError',
  network: 'NetworkError',
  type: 'TypeError',
  reference: 'ReferenceError',
  validation: 'ValidationError',
  critical: 'CriticalError',
  general: 'GeneralError',
  unknown: 'GeneralError',
} as const;

/** The error log entry's own fields; the wiring edge adds level, audience, page, device and environment. */
export function toErrorLogInput(error: AppError, action: string): ErrorLogInput {
  const facts = [
    `type=${errorTypeNames[error.kind]}`,
    ...(error.kind === 'http' ? [`status=${error.status}`] : []),
    ...(error.requestId ? [`requestId=${error.requestId}`] : []),
    ...error.details,
  ];
  return {
    code: error.kind === 'http' ? error.code : errorTypeNames[error.kind],
    message: error.message,
    details: facts.join('\n'),
    action,
  };
}
