import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { notProvided, notProvidedListener } from '../support/actors';
import { label } from '../support/text';
import { describeError } from './describe-error';
import { presentError, toErrorLogInput } from './present-error';
import type {
  ErrorBarMessage,
  ErrorLogInput,
  ErrorModal,
  ErrorModalRequest,
  NotificationsEvent,
  Snackbar,
  SnackbarRequest,
  SnackbarType,
} from './notifications.types';

export type NotificationsInput = {
  /**
   * Whether the error modal may show its error code line and its Error Details panel (spec §2: not in production):
   * false in production builds (decided at the wiring edge).
   */
  showErrorDetails: boolean;
};

type NotificationsContext = NotificationsInput & {
  /** Waiting snackbars; the first one is on screen. One at a time, so each gets its full display time. */
  snackbars: Snackbar[];
  /** Waiting error modals; the first one is open. */
  modals: ErrorModal[];
  errorBar: ErrorBarMessage | undefined;
  /** Source of ids for React keys and for telling two identical messages apart. */
  nextId: number;
};

const defaultTitles: Record<SnackbarType, string> = {
  error: 'Global_Text_FailTitle',
  success: 'Global_Text_SuccessTitle',
  warning: 'Global_Text_WarningTitle',
};

const toSnackbar = (request: SnackbarRequest, id: number): Snackbar => ({
  id,
  type: request.type,
  title: request.title ?? label(defaultTitles[request.type]),
  message: request.message,
  sticky: request.sticky ?? false,
  dismissable: request.dismissable ?? true,
});

const toModal = (request: ErrorModalRequest, id: number): ErrorModal => ({
  id,
  heading: request.heading ?? label('Global_Text_Error'),
  messages: request.messages,
  errorCode: request.errorCode,
  details: request.details,
  button: request.button ?? label('Global_Button_Ok'),
});

const withSnackbar = (context: NotificationsContext, request: SnackbarRequest) => ({
  snackbars: [...context.snackbars, toSnackbar(request, context.nextId)],
  nextId: context.nextId + 1,
});

const withModal = (context: NotificationsContext, request: ErrorModalRequest) => ({
  modals: [...context.modals, toModal(request, context.nextId)],
  nextId: context.nextId + 1,
});

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
    /** What is on screen: the views read these, never the region names. */
    tags: {} as 'snackbarShown' | 'modalOpen' | 'errorBarShown' | 'connectionLost',
  },
  actors: {
    /** Posts one entry to the error log (POST Instance/NewError). Its own failure is not reported again. */
    logError: notProvided<ErrorLogInput, undefined>('logError'),
    /** Turns uncaught errors and unhandled rejections of the page into `error.report` events. */
    watchUncaughtErrors: notProvidedListener<NotificationsEvent>('watchUncaughtErrors'),
    /**
     * Sends `connection.lost` and `connection.back`: the browser's `offline` and `online` events and what the HTTP port
     * learns from its calls (issue 29 §3).
     */
    watchConnection: notProvidedListener<NotificationsEvent>('watchConnection'),
  },
  delays: {
    snackbarDuration: 5000,
    errorBarDuration: 5000,
  },
  guards: {
    hasSnackbars: ({ context }) => context.snackbars.length > 0,
    hasNoSnackbars: ({ context }) => context.snackbars.length === 0,
    isCurrentSnackbarTimed: ({ context }) => context.snackbars[0]?.sticky === false,
    isCurrentSnackbarDismissable: ({ context }) => context.snackbars[0]?.dismissable === true,
    hasModals: ({ context }) => context.modals.length > 0,
    hasNoModals: ({ context }) => context.modals.length === 0,
    isErrorBarTimed: ({ context }) => context.errorBar?.sticky === false,
  },
  actions: {
    enqueueSnackbar: assign(({ context }, request: SnackbarRequest) => withSnackbar(context, request)),
    dropSnackbar: assign({ snackbars: ({ context }) => context.snackbars.slice(1) }),
    enqueueModal: assign(({ context }, request: ErrorModalRequest) => withModal(context, request)),
    dropModal: assign({ modals: ({ context }) => context.modals.slice(1) }),
    showErrorBar: assign((_, bar: ErrorBarMessage) => ({ errorBar: bar })),
    clearErrorBar: assign({ errorBar: undefined }),
    reportError: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'error.report');
      const error = describeError(event.error);
      const presentation = presentError(error, event.display ?? false);
      // A call that got no answer is the connection-lost notice, never a modal or a snackbar; it is not posted to the
      // error log, which the same lost connection could not reach (issue 29 §3).
      if (presentation.kind === 'connectionLost') {
        enqueue.raise({ type: 'connection.lost' });
        return;
      }
      enqueue.spawnChild('logError', { input: toErrorLogInput(error, event.action ?? '') });
      if (presentation.kind === 'modal') enqueue.assign(({ context }) => withModal(context, presentation.modal));
      if (presentation.kind === 'snackbar')
        enqueue.assign(({ context }) => withSnackbar(context, presentation.snackbar));
    }),
  },
}).createMachine({
  id: 'notifications',
  type: 'parallel',
  context: ({ input }) => ({ ...input, snackbars: [], modals: [], errorBar: undefined, nextId: 1 }),
  invoke: [
    { id: 'watchUncaughtErrors', src: 'watchUncaughtErrors' },
    { id: 'watchConnection', src: 'watchConnection' },
  ],
  on: {
    'snackbar.show': { actions: { type: 'enqueueSnackbar', params: ({ event }) => event.snackbar } },
    'modal.show': { actions: { type: 'enqueueModal', params: ({ event }) => event.modal } },
    'error.report': { actions: 'reportError' },
  },
  states: {
    snackbar: {
      initial: 'hidden',
      states: {
        hidden: { always: { guard: 'hasSnackbars', target: 'showing' } },
        showing: {
          tags: 'snackbarShown',
          // Re-entering `showing` after dropping the current snackbar restarts the timer for the next one.
          always: { guard: 'hasNoSnackbars', target: 'hidden' },
          after: {
            snackbarDuration: {
              guard: 'isCurrentSnackbarTimed',
              actions: 'dropSnackbar',
              target: 'showing',
              reenter: true,
            },
          },
          on: {
            'snackbar.dismiss': {
              guard: 'isCurrentSnackbarDismissable',
              actions: 'dropSnackbar',
              target: 'showing',
              reenter: true,
            },
          },
        },
      },
    },
    modal: {
      initial: 'closed',
      states: {
        closed: { always: { guard: 'hasModals', target: 'open' } },
        open: {
          tags: 'modalOpen',
          always: { guard: 'hasNoModals', target: 'closed' },
          on: {
            'modal.dismiss': { actions: 'dropModal', target: 'open', reenter: true },
            'modals.closeAll': { actions: assign({ modals: [] }), target: 'closed' },
          },
        },
      },
    },
    // The admin layout's error bar: one message, replaced by a newer one, gone after its time unless sticky.
    /**
     * The connection-lost notice (issue 29 §3): shown from the first sign that calls get no answer until the next sign
     * that they do. The flows that failed for the network try again by themselves; this region only says so.
     */
    connection: {
      initial: 'online',
      states: {
        online: { on: { 'connection.lost': 'lost' } },
        lost: { tags: 'connectionLost', on: { 'connection.back': 'online' } },
      },
    },
    errorBar: {
      initial: 'hidden',
      on: {
        'errorBar.show': {
          actions: {
            type: 'showErrorBar',
            params: ({ event }) => ({ message: event.message, sticky: event.sticky ?? false }),
          },
          target: '.shown',
          reenter: true,
        },
      },
      states: {
        hidden: {},
        shown: {
          tags: 'errorBarShown',
          after: { errorBarDuration: { guard: 'isErrorBarTimed', actions: 'clearErrorBar', target: 'hidden' } },
          on: { 'errorBar.dismiss': { actions: 'clearErrorBar', target: 'hidden' } },
        },
      },
    },
  },
});
