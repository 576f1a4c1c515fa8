import type { Text } from '../support/text';

export type SnackbarType = 'error' | 'success' | 'warning';

/** What a caller asks for; unset options take the defaults (spec §2 "Snackbar"). */
export type SnackbarRequest = {
  type: SnackbarType;
  /** Defaults to the type's title label (Global_Text_FailTitle, …_SuccessTitle, …_WarningTitle). */
  title?: Text;
  message: Text;
  /** A sticky snackbar stays until dismissed; others leave after the `snackbarDuration` delay. Default: not sticky. */
  sticky?: boolean;
  /** Whether the person may close it. Default: true. */
  dismissable?: boolean;
};

export type Snackbar = Required<SnackbarRequest> & { id: number };

/** The collapsible "Error Details" panel of the error modal. */
export type ErrorDetails = { requestId: string | undefined; lines: readonly string[] };

export type ErrorModalRequest = {
  /** Falls back to Global_Text_Error. */
  heading?: Text;
  /** HTML messages, sanitised by the view before rendering. */
  messages: readonly Text[];
  /** The error code line; the view shows it only outside production builds. */
  errorCode?: string;
  details?: ErrorDetails;
  /** Label of the closing button; falls back to Global_Button_Ok. */
  button?: Text;
};

export type ErrorModal = {
  id: number;
  heading: Text;
  messages: readonly Text[];
  errorCode: string | undefined;
  details: ErrorDetails | undefined;
  button: Text;
};

export type ErrorBarMessage = { message: Text; sticky: boolean };

/** What the wiring edge posts to POST Instance/NewError; it adds the page, device and environment. */
export type ErrorLogInput = { code: string; message: string; details: string; action: string };

export type NotificationsEvent =
  | { type: 'snackbar.show'; snackbar: SnackbarRequest }
  | { type: 'snackbar.dismiss' }
  | { type: 'errorBar.show'; message: Text; sticky?: boolean }
  | { type: 'errorBar.dismiss' }
  | { type: 'modal.show'; modal: ErrorModalRequest }
  | { type: 'modal.dismiss' }
  /** Sign-out closes every dialog (public-and-profile §4 "Sign-out"): every waiting error modal goes. */
  | { type: 'modals.closeAll' }
  /**
   * Anything thrown, to be shown as the error catalogue says and posted to the error log. `display` is the caller
   * asking for the error to be shown in full (spec §8: 422 and details of other statuses depend on it).
   */
  | { type: 'error.report'; error: unknown; display?: boolean; action?: string }
  /**
   * The connection as the edge sees it (issue 29 §3): the browser's `offline` and `online` events, and the HTTP port
   * telling that a call got no answer (`lost`) or an answer again (`back`). A reported network failure is `lost` too.
   */
  | { type: 'connection.lost' }
  | { type: 'connection.back' };
