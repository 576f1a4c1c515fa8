/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect } from 'vitest';
import { ApiError } from '@contracts/failures';
import { newPasswordFailures, resetInputFailure } from '@contracts/forms/reset-rules';
import { EXCEEDED_MAX_OTP, type ValidateOtpResult } from '@contracts/password-reset';
import type { PublicConfig } from '@contracts/public-config';
import { passwordResetMachine } from '@machines/password-reset/password-reset.machine';
import type { PasswordResetInput } from '@machines/password-reset/password-reset.types';
import { answerCall } from '../support/admin-dialog-host';
import {
  actorDone,
  actorError,
  createControlledCall,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { fakePorts } from '../support/fake-ports';
import { googleScriptLoads, RECAPTCHA_TOKEN, recaptchaRequests } from '../support/fake-recaptcha';
import { dismissModal, en, expectPreparing, offline, publicConfig, recaptcha } from '../support/public-page';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi, profileCalls } from '../support/shell-api';
import { describeWalks, notWalked } from '../support/walk';

/*
 * Generated walks of the one-time-code reset (machines/password-reset; spec public-and-profile §2, §4 "One-time-code
 * reset", §5, §8) through the real shell at /ResetPassword/acme: the route starts the flow, which reads config/public
 * and the client's settings, then the e-mail with the real reCAPTCHA widget (on a stand-in for Google's script), the
 * code, the new password and success. Only the network is fake: config/public and the three reset calls wait for the
 * walk; the settings answer at once (AllowPasswordResetWithOTP per scenario).
 */

const MARIA = 'maria@acme.test';
const CODE = '246810';
const STRONG = 'Fresh-Start-2027';
const refusal = (code: string, status = 400) =>
  new ApiError({ status, code, message: `server says ${code}`, requestId: 'req-1' });

const prepared = actorDone('prepare', { captcha: recaptcha, allowed: true });
const preparedOff = actorDone('prepare', { captcha: recaptcha, allowed: false });
const prepareFailed = actorError('prepare', offline);
const retry = { type: 'retry' as const };
const token = { type: 'captcha.token' as const, token: RECAPTCHA_TOKEN };
const submit = { type: 'submit' as const };
const codeSent = actorDone('requestCode', undefined);
const requestRefused = actorError('requestCode', refusal('rate_limited', 429));
const typeCode = { type: 'edit' as const, input: 'otpCode' as const, value: CODE };
const granted = actorDone('validateCode', { ek2: 'grant-1' });
const codeRefused = actorError('validateCode', refusal(EXCEEDED_MAX_OTP));
const typePassword = { type: 'edit' as const, input: 'password' as const, value: STRONG };
const typeConfirm = { type: 'edit' as const, input: 'confirmPassword' as const, value: STRONG };
const passwordSet = actorDone('setPassword', undefined);
const grantRefused = actorError('setPassword', refusal('reset_grant_invalid'));
const newCode = { type: 'code.request' as const };

type Walked =
  | typeof prepared
  | typeof prepareFailed
  | typeof retry
  | typeof token
  | typeof submit
  | typeof codeSent
  | typeof requestRefused
  | typeof typeCode
  | typeof typePassword
  | typeof typeConfirm
  | typeof granted
  | typeof codeRefused
  | typeof passwordSet
  | typeof grantRefused
  | typeof newCode;

type Snap = {
  value: unknown;
  context: {
    values: Record<string, string>;
    captchaToken: string | undefined;
    captchaRound: number;
    problem: { code: string } | undefined;
  };
};
const codeReady = (s: Snap) => resetInputFailure('otpCode', s.context.values.otpCode ?? '') === undefined;
const passwordReady = (s: Snap) =>
  Object.keys(
    newPasswordFailures(
      { password: s.context.values.password ?? '', confirmPassword: s.context.values.confirmPassword ?? '' },
      MARIA,
    ),
  ).length === 0;

/**
 * What the person or the network can do in each state (the shortest paths then cover every state and answer). A
 * refused request and a new code are offered once (the first captcha round), a refusal once per problem: the graph
 * stays finite.
 */
function offered(s: Snap): Walked[] {
  const firstRound = s.context.captchaRound === 0;
  const unrefused = s.context.problem === undefined;
  switch (s.value) {
    case 'preparing':
      return [prepared, prepareFailed];
    case 'failed':
      return [retry];
    case 'email':
      return s.context.captchaToken === undefined ? [token] : [submit];
    case 'requestingCode':
      return firstRound ? [codeSent, requestRefused] : [codeSent];
    case 'code':
      return [codeReady(s) ? submit : typeCode, ...(firstRound ? [newCode] : [])];
    case 'validatingCode':
      return unrefused ? [granted, codeRefused] : [granted];
    case 'password':
      if (passwordReady(s)) return [submit];
      return [s.context.values.password === '' ? typePassword : typeConfirm];
    case 'resetting':
      return unrefused ? [passwordSet, grantRefused] : [passwordSet];
    default:
      return [];
  }
}

/**
 * States told apart by all that their assertions read: the step, the captcha's token and round, the code and the
 * password typed so far, and the refusal shown.
 */
const serializeState = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.captchaToken !== undefined,
    s.context.captchaRound,
    codeReady(s),
    s.context.values.password !== '',
    passwordReady(s),
    s.context.problem?.code ?? null,
  ]);

const inputFor = (): PasswordResetInput => ({
  clientId: 'acme',
  email: MARIA,
  redirectUrl: undefined,
  culture: 'en-us',
  ports: { notifications: fakePorts().ports.notifications },
});

type Scenario = {
  name: string;
  input: PasswordResetInput;
  events: (s: Snap) => Walked[];
  serializeState: (s: Snap) => string;
  settings: Record<string, string>;
  journeys?: readonly (readonly Walked[])[];
};

function startPage(scenario: Scenario) {
  const resources = answeringApi(() => ({ settings: scenario.settings }));
  const config = createControlledCall<PublicConfig, undefined>();
  const createOtp = createControlledCall<undefined>();
  const validateOtp = createControlledCall<ValidateOtpResult>();
  const resetPassword = createControlledCall<undefined>();
  const api = {
    ...resources.api,
    ...profileCalls().api,
    getPublicConfig: () => config.call(undefined),
    createOtp: (body: unknown) => createOtp.call(body),
    validateOtp: (body: unknown) => validateOtp.call(body),
    resetPassword: (body: unknown) => resetPassword.call(body),
  };
  const shell = renderShell({ path: `/ResetPassword/acme?email=${encodeURIComponent(MARIA)}`, api });
  const requestsBefore = recaptchaRequests.count;
  return {
    shell,
    calls: { config, createOtp, validateOtp, resetPassword },
    user: userEvent.setup({ delay: null }),
    /** Tokens the page asked Google for in this walk: one per captcha round. */
    tokensAsked: () => recaptchaRequests.count - requestsBefore,
  };
}
type Harness = ReturnType<typeof startPage>;

/** The server's refusal on screen: its text and its error code (§8). */
async function expectProblem(label: string, code: string) {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(en(label));
  expect(alert).toHaveTextContent(code);
}

const fieldLabel = { otpCode: /^Verification code/, password: /^Password/, confirmPassword: /^Confirm password/ };

// The page is a lazy chunk whose first load in jsdom outlasts Testing Library's wait: loaded beforehand.
beforeAll(preloadLazyChunks, 60_000);

describeWalks(passwordResetMachine, {
  title: 'password reset model walk (public-and-profile §2, §4, §5, §8), through the real shell at /ResetPassword',
  events: [] as readonly Walked[],
  scenarios: [
    {
      name: 'at /ResetPassword/acme',
      input: inputFor(),
      events: offered,
      serializeState,
      settings: {},
      // Retry reads config/public again, a state already reached: shortest paths skip it.
      journeys: [[prepareFailed, retry, prepared]],
    },
    {
      name: 'turned off for the client',
      input: inputFor(),
      events: (s) => (s.value === 'preparing' ? [preparedOff] : []),
      serializeState,
      settings: { AllowPasswordResetWithOTP: 'false' },
    },
  ] satisfies Scenario[],
  start: (scenario): Harness => startPage(scenario),
  describeEvent: (event) => {
    if (event.type === 'edit') return `edit ${event.input}`;
    if (event.type === doneEventType('prepare')) return event.output.allowed ? 'allowed' : 'turned off';
    if ('error' in event) return `fails (${event.error instanceof ApiError ? event.error.code : event.error.message})`;
    return undefined;
  },
  timeout: 60_000,
  states: {
    preparing: async (_s, harness) => {
      await expectPreparing('ResetPassword_Text_Title', harness.calls.config);
      expect(screen.queryByRole('textbox')).toBeNull();
    },
    failed: async () => {
      expect(await screen.findByText(en('ResetPassword_Text_LoadFailed'))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Retry', hidden: true })).toBeInTheDocument();
    },
    disabled: async () => {
      // Spec §2: only the disabled message (and the way back to sign in).
      expect(await screen.findByText(en('ResetPassword_Text_Disabled'))).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.getByRole('link', { name: en('ResetPassword_Link_Login') })).toHaveAttribute('href', '/Login/acme');
    },
    email: async (s, harness) => {
      const email = await screen.findByRole('textbox', { name: /^Email address/ });
      expect(email).toHaveValue(MARIA);
      expect(screen.getByRole('button', { name: en('ResetPassword_Button_SendCode') })).toBeInTheDocument();
      if (s.context.problem !== undefined) await expectProblem('Global_Error_429', 'rate_limited');
      // Spec §4: a failed request (or a new code) starts the captcha over: one more token asked of Google.
      if (s.context.captchaRound > 0)
        await waitFor(() => {
          expect(harness.tokensAsked()).toBe(s.context.captchaRound + 1);
        });
    },
    requestingCode: async (_s, harness) => {
      await waitFor(() => {
        expect(harness.calls.createOtp.waiting()).toBe(1);
      });
      expect(harness.calls.createOtp.calls.at(-1)).toEqual({
        email: MARIA,
        clientId: 'acme',
        captcha: RECAPTCHA_TOKEN,
      });
    },
    code: async (s) => {
      // No enumeration: the text says "if an account exists".
      const [before = ''] = en('ResetPassword_Text_CodeInstructions').split(' , ');
      expect(await screen.findByText((text) => text.startsWith(before) && text.includes(MARIA))).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: fieldLabel.otpCode })).toHaveValue(s.context.values.otpCode);
      if (s.context.problem !== undefined)
        await expectProblem('ResetPassword_Error_AttemptsExceeded', EXCEEDED_MAX_OTP);
    },
    validatingCode: async (_s, harness) => {
      await waitFor(() => {
        expect(harness.calls.validateOtp.waiting()).toBe(1);
      });
      expect(harness.calls.validateOtp.calls.at(-1)).toEqual({ email: MARIA, clientId: 'acme', otpCode: CODE });
    },
    password: async (s) => {
      expect(await screen.findByText(en('ResetPassword_Text_PasswordInstructions'))).toBeInTheDocument();
      expect(screen.getByLabelText(fieldLabel.password)).toHaveValue(s.context.values.password);
      expect(screen.getByLabelText(fieldLabel.confirmPassword)).toHaveValue(s.context.values.confirmPassword);
      // The security form's instruction lines.
      expect(screen.getByText(en('Security_Text_PasswordRuleLength'))).toBeInTheDocument();
      if (s.context.problem !== undefined)
        await expectProblem('ResetPassword_Error_GrantInvalid', 'reset_grant_invalid');
    },
    resetting: async (_s, harness) => {
      await waitFor(() => {
        expect(harness.calls.resetPassword.waiting()).toBe(1);
      });
      expect(harness.calls.resetPassword.calls.at(-1)).toEqual({
        email: MARIA,
        clientId: 'acme',
        ek2: 'grant-1',
        password: STRONG,
      });
    },
    done: async () => {
      const success = await screen.findByText(en('ResetPassword_Text_Success'));
      const card = within(success.closest('[role="status"]') as HTMLElement);
      expect(card.getByRole('link', { name: en('ResetPassword_Link_Login') })).toHaveAttribute('href', '/Login/acme');
      expect(screen.queryByLabelText(fieldLabel.password)).toBeNull();
    },
  },
  executors: {
    [doneEventType('prepare')]: (_step, harness) => answerCall(harness.calls.config, { output: publicConfig }),
    [errorEventType('prepare')]: ({ event }, harness) => answerCall(harness.calls.config, { error: event.error }),
    retry: async (_step, harness) => {
      await dismissModal(harness);
      await harness.user.click(await screen.findByRole('button', { name: 'Retry' }));
    },
    // The real widget asks Google for a token on its own; the first walk of the file answers the script's load.
    'captcha.token': () => googleScriptLoads(),
    submit: async ({ state }, harness) => {
      // The step's snapshot is the one the submit leads to: a section's call in flight, or the section itself.
      const sections: Record<string, string> = {
        email: 'ResetPassword_Button_SendCode',
        requestingCode: 'ResetPassword_Button_SendCode',
        code: 'ResetPassword_Button_VerifyCode',
        validatingCode: 'ResetPassword_Button_VerifyCode',
        password: 'ResetPassword_Button_ResetPassword',
        resetting: 'ResetPassword_Button_ResetPassword',
      };
      const button = sections[state.value] ?? 'unknown';
      await harness.user.click(await screen.findByRole('button', { name: en(button) }));
    },
    edit: async ({ event }, harness) => {
      if (event.input === 'email') throw new Error('the walks keep the e-mail from the address');
      const field = screen.getByLabelText(fieldLabel[event.input]);
      await harness.user.clear(field);
      await harness.user.type(field, event.value);
    },
    touch: notWalked('a blur only decides when a message shows: pinned in tests/unit/machines/password-reset.test.ts'),
    'code.request': async (_step, harness) => {
      await harness.user.click(screen.getByRole('button', { name: en('ResetPassword_Button_ResendCode') }));
    },
    [doneEventType('requestCode')]: (_step, harness) => answerCall(harness.calls.createOtp, { output: undefined }),
    [errorEventType('requestCode')]: ({ event }, harness) =>
      answerCall(harness.calls.createOtp, { error: event.error }),
    [doneEventType('validateCode')]: ({ event }, harness) =>
      answerCall(harness.calls.validateOtp, { output: event.output }),
    [errorEventType('validateCode')]: ({ event }, harness) =>
      answerCall(harness.calls.validateOtp, { error: event.error }),
    [doneEventType('setPassword')]: (_step, harness) => answerCall(harness.calls.resetPassword, { output: undefined }),
    [errorEventType('setPassword')]: ({ event }, harness) =>
      answerCall(harness.calls.resetPassword, { error: event.error }),
  },
});
