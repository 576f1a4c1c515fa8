import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';
import type { ErrorBarMessage, ErrorModal, Snackbar } from './notifications.types';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** The snackbar on screen, if any. */
export const selectSnackbar = (s: NotificationsSnapshot): Snackbar | undefined =>
  s.hasTag('snackbarShown') ? s.context.snackbars[0] : undefined;

export const selectIsModalOpen = (s: NotificationsSnapshot): boolean => s.hasTag('modalOpen');

/**
 * The open error modal, with its error code line and its Error Details panel removed where the build must not show
 * them (public-and-profile §2: "error code line (not in production)", "Error details show only when error data exists
 * and the build is not production"). The request id still reaches support through the error log entry.
 */
export const selectErrorModal = (s: NotificationsSnapshot): ErrorModal | undefined => {
  const modal = s.hasTag('modalOpen') ? s.context.modals[0] : undefined;
  if (!modal) return undefined;
  return s.context.showErrorDetails ? modal : { ...modal, errorCode: undefined, details: undefined };
};

export const selectErrorBar = (s: NotificationsSnapshot): ErrorBarMessage | undefined =>
  s.hasTag('errorBarShown') ? s.context.errorBar : undefined;

/** Whether the connection-lost notice shows (issue 29 §3). */
export const selectIsConnectionLost = (s: NotificationsSnapshot): boolean => s.hasTag('connectionLost');
