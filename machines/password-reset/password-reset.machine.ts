import { assign, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import { ApiError } from '@contracts/failures';
import { problemOnForm } from '@contracts/forms/problem';
import { newPasswordFailures, resetInputFailure, type ResetInput } from '@contracts/forms/reset-rules';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type {
  PasswordResetEvent,
  PasswordResetInput,
  RequestCodeInput,
  ResetPrepared,
  ResetProblem,
  ResetValues,
  SetPasswordInput,
  ValidateCodeInput,
} from './password-reset.types';

export type PasswordResetContext = PasswordResetInput & {
  values: ResetValues;
  /** Inputs whose message shows (touched, or every input of a step once its submit was tried). */
  touched: readonly ResetInput[];
  prepared: ResetPrepared | undefined;
  captchaToken: string | undefined;
  /** Changes whenever the captcha must start over (spec §4: after a failed code request; and for a new code). */
  captchaRound: number;
  /** The reset grant from a right code (the spec's Ek2); dropped once used. */
  ek2: string | undefined;
  problem: ResetProblem | undefined;
};

const RESET_INPUTS: readonly ResetInput[] = ['email', 'otpCode', 'password', 'confirmPassword'];

const STEP_INPUTS = {
  email: ['email'],
  code: ['otpCode'],
  password: ['password', 'confirmPassword'],
} as const satisfies Record<string, readonly ResetInput[]>;

/**
 * A refusal the page explains in place, with its code; a failure without one (the network) as `internal`. Details that
 * carry a rule's kind (the password rule's) go under their input; one without (the identity provider's own words about
 * a password) stays the server's message above the form, where its words are not lost.
 */
const problemOf = (error: unknown): ResetProblem => {
  if (!(error instanceof ApiError)) return { code: 'internal', message: '', fields: {} };
  const details = error.details.filter((detail) => detail.kind !== undefined);
  return {
    code: error.code,
    message: error.message,
    fields: problemOnForm({ code: error.code, details }, RESET_INPUTS)?.fields ?? {},
  };
};

const touchAll = (context: PasswordResetContext, inputs: readonly ResetInput[]) => [
  ...context.touched,
  ...inputs.filter((input) => !context.touched.includes(input)),
];

/** A new code: the captcha starts over (its token is spent), the code and the grant of an earlier one are dropped. */
const startOver = (context: PasswordResetContext) => ({
  captchaToken: undefined,
  captchaRound: context.captchaRound + 1,
  ek2: undefined,
  values: { ...context.values, otpCode: '', password: '', confirmPassword: '' },
  touched: context.touched.filter((input) => input === 'email'),
});

/**
 * The one-time-code password reset (spec public-and-profile §2, §4 "One-time-code reset", §5, §8; docs/flows/
 * password-reset.md): e-mail and captcha → the 6-digit code → the new password twice → done, each step sending once
 * its rules pass. Whether an e-mail has an account is never visible: every accepted request leads to the code step.
 * The attempt count is the server's (per code and per account); the page shows what the server answers.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    input: {} as PasswordResetInput,
    events: {} as PasswordResetEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET config/public (the captcha) and the client's settings (AllowPasswordResetWithOTP). */
    prepare: notProvided<{ clientId: string | undefined; culture: Culture }, ResetPrepared>('prepare'),
    /** POST Instance/CreateOTP. */
    requestCode: notProvided<RequestCodeInput, undefined>('requestCode'),
    /** POST Instance/ValidateOTP → the grant. */
    validateCode: notProvided<ValidateCodeInput, { ek2: string }>('validateCode'),
    /** POST Instance/ResetPassword. */
    setPassword: notProvided<SetPasswordInput, undefined>('setPassword'),
  },
  actions: {
    edit: assign(({ context, event }) =>
      event.type === 'edit' ? { values: { ...context.values, [event.input]: event.value }, problem: undefined } : {},
    ),
    touch: assign(({ context, event }) =>
      event.type === 'touch' ? { touched: touchAll(context, [event.input]) } : {},
    ),
    touchStep: assign(({ context }, inputs: readonly ResetInput[]) => ({ touched: touchAll(context, inputs) })),
    keepToken: assign({ captchaToken: ({ event }) => (event.type === 'captcha.token' ? event.token : undefined) }),
    keepProblem: assign({ problem: (_, error: unknown) => problemOf(error) }),
    startOver: assign(({ context }) => ({ ...startOver(context), problem: undefined })),
    /** The page could not be prepared: the error catalogue says why (and the error log keeps it). */
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'passwordReset' }),
    ),
  },
  guards: {
    isDisabled: ({ event }) => (event as { output?: ResetPrepared }).output?.allowed === false,
    emailReady: ({ context }) =>
      resetInputFailure('email', context.values.email) === undefined &&
      (context.prepared?.captcha === undefined || context.captchaToken !== undefined),
    codeReady: ({ context }) => resetInputFailure('otpCode', context.values.otpCode) === undefined,
    passwordReady: ({ context }) => Object.keys(newPasswordFailures(context.values, context.values.email)).length === 0,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    ...input,
    values: { email: input.email, otpCode: '', password: '', confirmPassword: '' },
    touched: [],
    prepared: undefined,
    captchaToken: undefined,
    captchaRound: 0,
    ek2: undefined,
    problem: undefined,
  }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: 'busy',
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ clientId: context.clientId, culture: context.culture }),
        onDone: [
          { guard: 'isDisabled', target: 'disabled' },
          { target: 'email', actions: assign({ prepared: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    /** Spec §2: the client's site profile says AllowPasswordResetWithOTP 'false' — only this message shows. */
    disabled: {},
    /** The page could not be prepared; Retry starts over. */
    failed: { on: { retry: 'preparing' } },
    /** Section 1: the e-mail and the captcha. */
    email: {
      on: {
        edit: { actions: 'edit' },
        touch: { actions: 'touch' },
        'captcha.token': { actions: 'keepToken' },
        submit: [
          { guard: 'emailReady', target: 'requestingCode' },
          { actions: { type: 'touchStep', params: STEP_INPUTS.email } },
        ],
      },
    },
    requestingCode: {
      tags: 'busy',
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          clientId: context.clientId,
          captcha: context.captchaToken ?? '',
        }),
        onDone: { target: 'code', actions: assign({ problem: undefined, captchaToken: undefined }) },
        // Spec §4: "The captcha is reset on an OTP request failure."
        onError: {
          target: 'email',
          actions: [
            { type: 'keepProblem', params: errorOf },
            assign(({ context }) => ({ captchaToken: undefined, captchaRound: context.captchaRound + 1 })),
          ],
        },
      },
    },
    /** Section 2: the code from the mail. */
    code: {
      on: {
        edit: { actions: 'edit' },
        touch: { actions: 'touch' },
        submit: [
          { guard: 'codeReady', target: 'validatingCode' },
          { actions: { type: 'touchStep', params: STEP_INPUTS.code } },
        ],
        'code.request': { target: 'email', actions: 'startOver' },
      },
    },
    validatingCode: {
      tags: 'busy',
      invoke: {
        id: 'validateCode',
        src: 'validateCode',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          clientId: context.clientId,
          otpCode: context.values.otpCode.trim(),
        }),
        onDone: {
          target: 'password',
          actions: assign({ ek2: ({ event }) => event.output.ek2, problem: undefined }),
        },
        onError: {
          target: 'code',
          actions: [
            { type: 'keepProblem', params: errorOf },
            // The refused code is emptied for the next one, and not yet touched: only the server's refusal shows, not
            // also "required" for the field the page itself emptied (issue 29 §7).
            assign(({ context }) => ({
              values: { ...context.values, otpCode: '' },
              touched: context.touched.filter((input) => input !== 'otpCode'),
            })),
          ],
        },
      },
    },
    /** Section 3: the new password and its confirmation, with the security form's rules. */
    password: {
      on: {
        edit: { actions: 'edit' },
        touch: { actions: 'touch' },
        submit: [
          { guard: 'passwordReady', target: 'resetting' },
          { actions: { type: 'touchStep', params: STEP_INPUTS.password } },
        ],
        'code.request': { target: 'email', actions: 'startOver' },
      },
    },
    resetting: {
      tags: 'busy',
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          clientId: context.clientId,
          ek2: context.ek2 ?? '',
          password: context.values.password,
        }),
        // The secrets are of no use any more: they leave the context.
        onDone: {
          target: 'done',
          actions: assign(({ context }) => ({
            ek2: undefined,
            values: { ...context.values, otpCode: '', password: '', confirmPassword: '' },
          })),
        },
        onError: { target: 'password', actions: { type: 'keepProblem', params: errorOf } },
      },
    },
    /** Section 4: the success message and its link. */
    done: {},
  },
});
