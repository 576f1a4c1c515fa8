import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { CaptchaConfig } from '@contracts/instance';
import { EXCEEDED_MAX_OTP } from '@contracts/password-reset';
import { passwordResetMachine } from '@machines/password-reset/password-reset.machine';
import {
  selectCaptchaMissing,
  selectDoneLink,
  selectFailure,
  selectProblem,
  selectSection,
} from '@machines/password-reset/password-reset.selectors';
import type {
  PasswordResetInput,
  RequestCodeInput,
  ResetPrepared,
  SetPasswordInput,
  ValidateCodeInput,
} from '@machines/password-reset/password-reset.types';
import { fakePorts } from '../../support/fake-ports';

/**
 * The one-time-code reset's flow (machines/password-reset; spec public-and-profile §2, §4 "One-time-code reset", §5):
 * one hop per spec, with the calls answered by fakes at the actor seam.
 */

const altcha: CaptchaConfig = { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' };
const origin = 'https://portal.gatehouse.test';
const STRONG = 'Fresh-Start-2027';

const refusal = (code: string, status = 400) =>
  new ApiError({ status, code, message: `server says ${code}`, requestId: 'r1' });

type Outcome<T> = T | Error;

function openPage({
  prepared = { captcha: altcha, allowed: true },
  requests = [],
  validations = [],
  resets = [],
  input = {},
}: {
  prepared?: Outcome<ResetPrepared>;
  requests?: Outcome<undefined>[];
  validations?: Outcome<{ ek2: string }>[];
  resets?: Outcome<undefined>[];
  input?: Partial<PasswordResetInput>;
} = {}) {
  const { ports, notifications } = fakePorts();
  const sent: Record<string, unknown[]> = { requestCode: [], validateCode: [], setPassword: [] };
  const answer = <T, I>(name: string, queue: Outcome<T>[]) =>
    fromPromise<T, I>(({ input: called }) => {
      sent[name]?.push(called);
      // An empty queue: the call never answers (the page stays busy).
      if (queue.length === 0) return new Promise<T>(() => undefined);
      const next = queue.shift() as Outcome<T>;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    });
  const machine = passwordResetMachine.provide({
    actors: {
      prepare: fromPromise(() => (prepared instanceof Error ? Promise.reject(prepared) : Promise.resolve(prepared))),
      requestCode: answer<undefined, RequestCodeInput>('requestCode', requests),
      validateCode: answer<{ ek2: string }, ValidateCodeInput>('validateCode', validations),
      setPassword: answer<undefined, SetPasswordInput>('setPassword', resets),
    },
  });
  const actor = createActor(machine, {
    input: { clientId: 'acme', email: '', redirectUrl: undefined, culture: 'es', ports, ...input },
  });
  actor.start();
  const settle = (section: ReturnType<typeof selectSection>) =>
    waitFor(actor, (s) => selectSection(s) === section && !s.hasTag('busy'));
  return { actor, sent, notifications, settle };
}

/** Walks to the code step with a request that succeeds. */
async function atCodeStep(options: Parameters<typeof openPage>[0] = {}) {
  const page = openPage({ requests: [undefined], ...options });
  await page.settle('email');
  page.actor.send({ type: 'edit', input: 'email', value: ' maria@acme.test ' });
  page.actor.send({ type: 'captcha.token', token: 'solved' });
  page.actor.send({ type: 'submit' });
  await page.settle('code');
  return page;
}

async function atPasswordStep(options: Parameters<typeof openPage>[0] = {}) {
  const page = await atCodeStep({ validations: [{ ek2: 'grant-1' }], ...options });
  page.actor.send({ type: 'edit', input: 'otpCode', value: '123456' });
  page.actor.send({ type: 'submit' });
  await page.settle('password');
  return page;
}

describe('one-time-code password reset', () => {
  it('shows only the disabled message when the client turned the reset off', async () => {
    const { settle, actor } = openPage({ prepared: { captcha: altcha, allowed: false } });
    await settle('disabled');
    actor.send({ type: 'submit' });
    expect(selectSection(actor.getSnapshot())).toBe('disabled');
  });

  it('reports a page that cannot be prepared, and Retry prepares it again', async () => {
    const { settle, actor, notifications } = openPage({ prepared: new Error('offline') });
    await settle('failed');
    expect(notifications).toMatchObject([{ type: 'error.report', action: 'passwordReset' }]);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('preparing');
  });

  it('sends no request for an e-mail that breaks its rules, and shows why', async () => {
    const { settle, actor, sent } = openPage();
    await settle('email');
    actor.send({ type: 'edit', input: 'email', value: 'not-an-email' });
    actor.send({ type: 'captcha.token', token: 'solved' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(selectFailure('email')(actor.getSnapshot())).toEqual({ kind: 'email' });
    expect(sent.requestCode).toEqual([]);
  });

  it('sends no request without the captcha’s answer', async () => {
    const { settle, actor, sent } = openPage();
    await settle('email');
    actor.send({ type: 'edit', input: 'email', value: 'maria@acme.test' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(selectCaptchaMissing(actor.getSnapshot())).toBe(true);
    expect(sent.requestCode).toEqual([]);
  });

  it('requests a code with the trimmed e-mail, the client and the captcha, then asks for the code', async () => {
    const { sent, actor } = await atCodeStep();
    expect(sent.requestCode).toEqual([{ email: 'maria@acme.test', clientId: 'acme', captcha: 'solved' }]);
    expect(actor.getSnapshot().context.captchaToken).toBeUndefined();
  });

  it('starts the captcha over after a failed request and keeps the server’s refusal', async () => {
    const { settle, actor } = openPage({ requests: [refusal('rate_limited', 429)] });
    await settle('email');
    actor.send({ type: 'edit', input: 'email', value: 'maria@acme.test' });
    actor.send({ type: 'captcha.token', token: 'solved' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.context.problem !== undefined);
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('email');
    expect(context).toMatchObject({ captchaToken: undefined, captchaRound: 1, problem: { code: 'rate_limited' } });
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const { actor, sent } = await atCodeStep();
    actor.send({ type: 'edit', input: 'otpCode', value: '12345' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(selectFailure('otpCode')(actor.getSnapshot())).toEqual({ kind: 'minLength' });
    expect(sent.validateCode).toEqual([]);
  });

  it('stays on the code step with the server’s refusal beyond 5 tries, the code cleared', async () => {
    const { actor, settle } = await atCodeStep({ validations: [refusal(EXCEEDED_MAX_OTP)] });
    actor.send({ type: 'edit', input: 'otpCode', value: '654321' });
    actor.send({ type: 'submit' });
    await settle('code');
    expect(actor.getSnapshot().context).toMatchObject({ problem: { code: EXCEEDED_MAX_OTP }, ek2: undefined });
    expect(actor.getSnapshot().context.values.otpCode).toBe('');
  });

  it('after a refused code shows only the refusal: the emptied field is not also flagged required (issue 29 §7)', async () => {
    const { actor, settle } = await atCodeStep({ validations: [refusal(EXCEEDED_MAX_OTP)] });
    actor.send({ type: 'edit', input: 'otpCode', value: '654321' });
    // Leaving the field to press Verify touches it.
    actor.send({ type: 'touch', input: 'otpCode' });
    actor.send({ type: 'submit' });
    await settle('code');
    expect(actor.getSnapshot().context.values.otpCode).toBe('');
    expect(actor.getSnapshot().context.problem).toMatchObject({ code: EXCEEDED_MAX_OTP });
    expect(selectFailure('otpCode')(actor.getSnapshot())).toBeUndefined();
    // The field's own rules are back once the person leaves it again or submits.
    actor.send({ type: 'touch', input: 'otpCode' });
    expect(selectFailure('otpCode')(actor.getSnapshot())).toEqual({ kind: 'required' });
  });

  it('goes back to the e-mail step for a new code: the captcha starts over, the old code is gone', async () => {
    const { actor } = await atCodeStep();
    actor.send({ type: 'edit', input: 'otpCode', value: '111' });
    actor.send({ type: 'code.request' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('email');
    expect(context).toMatchObject({ captchaRound: 1, captchaToken: undefined });
    expect(context.values).toMatchObject({ email: ' maria@acme.test ', otpCode: '' });
  });

  it('moves to the password step on a grant, and holds a password that breaks the rules', async () => {
    const { actor, sent } = await atPasswordStep();
    expect(sent.validateCode).toEqual([{ email: 'maria@acme.test', clientId: 'acme', otpCode: '123456' }]);
    actor.send({ type: 'edit', input: 'password', value: 'weak' });
    actor.send({ type: 'edit', input: 'confirmPassword', value: 'other' });
    actor.send({ type: 'submit' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('password');
    expect(selectFailure('password')(s)).toEqual({ kind: 'pattern' });
    expect(selectFailure('confirmPassword')(s)).toEqual({ kind: 'invalid' });
  });

  it('sets the password with the grant, then drops every secret and shows success', async () => {
    const { actor, sent, settle } = await atPasswordStep({ resets: [undefined] });
    actor.send({ type: 'edit', input: 'password', value: STRONG });
    actor.send({ type: 'edit', input: 'confirmPassword', value: STRONG });
    actor.send({ type: 'submit' });
    await settle('done');
    expect(sent.setPassword).toEqual([
      { email: 'maria@acme.test', clientId: 'acme', ek2: 'grant-1', password: STRONG },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ ek2: undefined, values: { password: '', otpCode: '' } });
  });

  it('keeps the password step with the refusal of a spent grant', async () => {
    const { actor, settle } = await atPasswordStep({ resets: [refusal('reset_grant_invalid')] });
    actor.send({ type: 'edit', input: 'password', value: STRONG });
    actor.send({ type: 'edit', input: 'confirmPassword', value: STRONG });
    actor.send({ type: 'submit' });
    await settle('password');
    expect(actor.getSnapshot().context.problem?.code).toBe('reset_grant_invalid');
  });

  it('shows a new password the server refuses as common under the password input, not above the form, until it is changed (issue 34 §1)', async () => {
    const common = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Request validation failed',
      requestId: 'r2',
      details: [{ field: 'body.password', message: 'is one of the most common passwords', kind: 'commonPassword' }],
    });
    const { actor, settle } = await atPasswordStep({ resets: [common] });
    actor.send({ type: 'edit', input: 'password', value: 'Password123!' });
    actor.send({ type: 'edit', input: 'confirmPassword', value: 'Password123!' });
    actor.send({ type: 'submit' });
    await settle('password');
    expect(selectFailure('password')(actor.getSnapshot())).toEqual({ kind: 'commonPassword' });
    expect(selectProblem(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'edit', input: 'password', value: STRONG });
    expect(selectFailure('password')(actor.getSnapshot())).toBeUndefined();
  });

  it('keeps the identity provider’s own words about a refused password above the form (a detail without a rule’s kind)', async () => {
    const own = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Password has been used too recently',
      requestId: 'r3',
      details: [{ field: 'body.password', message: 'Password has been used too recently' }],
    });
    const { actor, settle } = await atPasswordStep({ resets: [own] });
    actor.send({ type: 'edit', input: 'password', value: STRONG });
    actor.send({ type: 'edit', input: 'confirmPassword', value: STRONG });
    actor.send({ type: 'submit' });
    await settle('password');
    expect(selectProblem(actor.getSnapshot())?.message).toBe('Password has been used too recently');
    expect(selectFailure('password')(actor.getSnapshot())).toBeUndefined();
  });

  it('links to the given redirect when it stays on Gatehouse, else to the client’s login page', () => {
    const here = openPage({ input: { redirectUrl: '/board/index' } });
    expect(selectDoneLink(here.actor.getSnapshot(), origin)).toEqual({ kind: 'redirect', url: '/board/index' });
    const away = openPage({ input: { redirectUrl: 'https://evil.example/' } });
    expect(selectDoneLink(away.actor.getSnapshot(), origin)).toEqual({
      kind: 'login',
      clientId: 'acme',
      culture: 'es',
    });
  });
});
