import { assign, sendTo, setup } from 'xstate';
import { ApiError } from '@contracts/failures';
import { emailChangeInputFailure, isSameAddress, type EmailChangeInput } from '@contracts/forms/email-change-rules';
import type { EmailChangeRequested } from '@contracts/my-account';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { ReportingPorts } from '../support/ports';

export type EmailChangeMachineInput = {
  /** The person's address now (GET MyAccount). */
  email: string;
  /** Single-sign-on people's address comes from their organisation: the change is not offered. */
  ssoUser: boolean;
  ports: ReportingPorts;
};

/**
 * Why a step was refused where the person can act on it (the view says it in their language): the address they
 * already have, an address of another account (known only at the confirmation), a wrong, expired or spent code, too
 * many requests in an hour, or a single-sign-on account.
 */
export type EmailChangeRefusal = 'sameAddress' | 'taken' | 'wrongCode' | 'rateLimited' | 'sso';

export type EmailChangeEvent =
  | { type: 'change.start' }
  | { type: 'edit'; input: EmailChangeInput; value: string }
  /** The input lost focus: its message shows from now on. */
  | { type: 'touch'; input: EmailChangeInput }
  | { type: 'submit' }
  /** Back to the address for a new code (the code expired, was lost or was tried too often). */
  | { type: 'code.request' }
  | { type: 'cancel' };

type EmailChangeContext = EmailChangeMachineInput & {
  newEmail: string;
  code: string;
  touched: readonly EmailChangeInput[];
  /** The request the code belongs to (POST MyAccount/Email's answer). */
  requestId: string | undefined;
  refusal: EmailChangeRefusal | undefined;
};

/** The request's refusals: 400 is the address the person already has, 409 a single-sign-on account, 429 the limit. */
function requestRefusal(error: unknown): EmailChangeRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return ({ 400: 'sameAddress', 409: 'sso', 429: 'rateLimited' } as const)[error.status as 400 | 409 | 429];
}

/** The confirmation's: 400 a wrong, expired or spent code (404: a request no longer there, the same to the person). */
function confirmRefusal(error: unknown): EmailChangeRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return ({ 400: 'wrongCode', 404: 'wrongCode', 409: 'taken' } as const)[error.status as 400 | 404 | 409];
}

const touch = (context: EmailChangeContext, input: EmailChangeInput) =>
  context.touched.includes(input) ? context.touched : [...context.touched, input];

/** A new start: nothing typed, nothing refused. */
const fresh = { newEmail: '', code: '', touched: [], requestId: undefined, refusal: undefined } as const;

/**
 * Changing one's e-mail (issue 34 item 5, docs/flows/email-change.md), a section of My account: the new address →
 * a code mailed to it → the code typed here → the address changed (the server tells the old address). Nothing
 * changes before the code is confirmed; the server answers a taken address as a free one until then. The rules are
 * the shared ones (contracts/forms/email-change-rules.ts); refusals the person can act on show in place.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    input: {} as EmailChangeMachineInput,
    events: {} as EmailChangeEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST MyAccount/Email: a code to the new address. */
    requestChange: notProvided<{ newEmail: string }, EmailChangeRequested>('requestChange'),
    /** POST MyAccount/Email/{id}/Confirm with the code. */
    confirmChange: notProvided<{ requestId: string; code: string }, undefined>('confirmChange'),
  },
  actions: {
    edit: assign(({ context, event }) =>
      event.type === 'edit' ? { ...context, [event.input]: event.value, refusal: undefined } : {},
    ),
    touch: assign(({ context, event }) => (event.type === 'touch' ? { touched: touch(context, event.input) } : {})),
    touchInput: assign(({ context }, input: EmailChangeInput) => ({ touched: touch(context, input) })),
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'emailChange' }),
    ),
  },
  guards: {
    mayChange: ({ context }) => !context.ssoUser,
    isSameAddress: ({ context }) => isSameAddress(context.newEmail, context.email),
    newEmailReady: ({ context }) => emailChangeInputFailure('newEmail', context.newEmail) === undefined,
    codeReady: ({ context }) => emailChangeInputFailure('code', context.code) === undefined,
    isRequestRefusal: (_, error: unknown) => requestRefusal(error) !== undefined,
    isConfirmRefusal: (_, error: unknown) => confirmRefusal(error) !== undefined,
    isTaken: (_, error: unknown) => confirmRefusal(error) === 'taken',
  },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({ ...input, ...fresh }),
  initial: 'idle',
  states: {
    /** The address now, and "Change e-mail address" (not for single-sign-on people). */
    idle: { on: { 'change.start': { guard: 'mayChange', target: 'entering', actions: assign(fresh) } } },
    /** The new address. */
    entering: {
      on: {
        edit: { actions: 'edit' },
        touch: { actions: 'touch' },
        submit: [
          { guard: 'isSameAddress', actions: assign({ refusal: 'sameAddress' }) },
          { guard: 'newEmailReady', target: 'requesting' },
          { actions: { type: 'touchInput', params: 'newEmail' } },
        ],
        cancel: { target: 'idle', actions: assign(fresh) },
      },
    },
    requesting: {
      tags: 'busy',
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ newEmail: context.newEmail.trim() }),
        onDone: {
          target: 'code',
          actions: assign(({ context, event }) => ({
            requestId: event.output.requestId,
            code: '',
            touched: context.touched.filter((input) => input !== 'code'),
            refusal: undefined,
          })),
        },
        onError: [
          {
            guard: { type: 'isRequestRefusal', params: errorOf },
            target: 'entering',
            actions: assign({ refusal: ({ event }) => requestRefusal(event.error) }),
          },
          { target: 'entering', actions: { type: 'report', params: errorOf } },
        ],
      },
    },
    /** The code mailed to the new address. */
    code: {
      on: {
        edit: { actions: 'edit' },
        touch: { actions: 'touch' },
        submit: [{ guard: 'codeReady', target: 'confirming' }, { actions: { type: 'touchInput', params: 'code' } }],
        'code.request': { target: 'entering', actions: assign({ code: '', requestId: undefined, refusal: undefined }) },
        cancel: { target: 'idle', actions: assign(fresh) },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ context }) => ({ requestId: context.requestId ?? '', code: context.code.trim() }),
        // The new address is the person's now; the code is of no use any more.
        onDone: {
          target: 'done',
          actions: assign(({ context }) => ({ ...fresh, email: context.newEmail.trim() })),
        },
        onError: [
          // The code was right but the address is another account's: the code is spent, another address is needed.
          {
            guard: { type: 'isTaken', params: errorOf },
            target: 'entering',
            actions: assign({ code: '', requestId: undefined, refusal: 'taken' }),
          },
          // The refused code is emptied for the next one, and not yet touched: only the refusal shows.
          {
            guard: { type: 'isConfirmRefusal', params: errorOf },
            target: 'code',
            actions: assign(({ context }) => ({
              code: '',
              touched: context.touched.filter((input) => input !== 'code'),
              refusal: 'wrongCode' as const,
            })),
          },
          { target: 'code', actions: { type: 'report', params: errorOf } },
        ],
      },
    },
    /** Changed: the new address shows, with what it means; the person may change it again. */
    done: { on: { 'change.start': { target: 'entering', actions: assign(fresh) } } },
  },
});
