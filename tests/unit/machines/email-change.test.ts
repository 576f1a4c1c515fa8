import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { EmailChangeRequested } from '@contracts/my-account';
import { emailChangeMachine } from '@machines/email-change/email-change.machine';
import {
  selectEmail,
  selectFailure,
  selectRefusal,
  selectStep,
  selectValue,
} from '@machines/email-change/email-change.selectors';
import { createControlledActor } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const problem = (status: number, code: string) => new ApiError({ status, code, message: code, requestId: 'r' });
const offline = new Error('The server is not answering');
const asked: EmailChangeRequested = { requestId: 'req-1', expiresAt: '2026-11-30T03:00:00.000Z' };

function open(ssoUser = false) {
  const requestChange = createControlledActor<EmailChangeRequested, { newEmail: string }>();
  const confirmChange = createControlledActor<undefined, { requestId: string; code: string }>();
  const fakes = fakePorts();
  const actor = createActor(
    emailChangeMachine.provide({ actors: { requestChange: requestChange.logic, confirmChange: confirmChange.logic } }),
    { input: { email: 'maria@acme.test', ssoUser, ports: { notifications: fakes.ports.notifications } } },
  ).start();
  const type = (input: 'newEmail' | 'code', value: string) => {
    actor.send({ type: 'edit', input, value });
  };
  return { actor, requestChange, confirmChange, fakes, type, step: () => selectStep(actor.getSnapshot()) };
}

/** Up to the code step, the code mailed to maria.new@example.test. */
async function atCode(t: ReturnType<typeof open>) {
  t.actor.send({ type: 'change.start' });
  t.type('newEmail', ' maria.new@example.test ');
  t.actor.send({ type: 'submit' });
  expect(t.requestChange.calls).toEqual([{ newEmail: 'maria.new@example.test' }]);
  t.requestChange.resolve(asked);
  await settle();
  expect(t.step()).toBe('code');
}

describe('Changing one’s e-mail (machines/email-change)', () => {
  it('does not offer the change to a single-sign-on person', () => {
    const t = open(true);
    t.actor.send({ type: 'change.start' });
    expect(t.step()).toBe('idle');
  });

  it('sends nothing until the address passes the shared rules, and refuses the address the person already has', () => {
    const t = open();
    t.actor.send({ type: 'change.start' });
    t.actor.send({ type: 'submit' });
    expect(selectFailure('newEmail')(t.actor.getSnapshot())).toEqual({ kind: 'required' });
    t.type('newEmail', 'not-an-address');
    t.actor.send({ type: 'submit' });
    expect(selectFailure('newEmail')(t.actor.getSnapshot())).toEqual({ kind: 'email' });
    t.type('newEmail', 'MARIA@acme.test');
    t.actor.send({ type: 'submit' });
    expect(selectRefusal(t.actor.getSnapshot())).toBe('sameAddress');
    expect(t.requestChange.calls).toEqual([]);
    // The next edit clears the refusal.
    t.type('newEmail', 'maria.new@example.test');
    expect(selectRefusal(t.actor.getSnapshot())).toBeUndefined();
  });

  it('confirms with the code: the new address is the person’s and the code leaves the context', async () => {
    const t = open();
    await atCode(t);
    t.actor.send({ type: 'submit' });
    expect(selectFailure('code')(t.actor.getSnapshot())).toEqual({ kind: 'required' });
    t.type('code', '123456');
    t.actor.send({ type: 'submit' });
    expect(t.confirmChange.calls).toEqual([{ requestId: 'req-1', code: '123456' }]);
    t.confirmChange.resolve(undefined);
    await settle();
    expect(t.step()).toBe('done');
    expect(selectEmail(t.actor.getSnapshot())).toBe('maria.new@example.test');
    expect(selectValue('code')(t.actor.getSnapshot())).toBe('');
    expect(t.fakes.notifications).toEqual([]);
  });

  it('a wrong or expired code is refused in place and emptied; another try may follow', async () => {
    const t = open();
    await atCode(t);
    t.type('code', '000000');
    t.actor.send({ type: 'submit' });
    t.confirmChange.reject(problem(400, 'otp_invalid'));
    await settle();
    expect(t.step()).toBe('code');
    expect(selectRefusal(t.actor.getSnapshot())).toBe('wrongCode');
    expect(selectValue('code')(t.actor.getSnapshot())).toBe('');
    expect(selectFailure('code')(t.actor.getSnapshot())).toBeUndefined();
    expect(t.fakes.notifications).toEqual([]);
  });

  it('an address of another account, known at the confirmation, goes back to the address with the refusal', async () => {
    const t = open();
    await atCode(t);
    t.type('code', '123456');
    t.actor.send({ type: 'submit' });
    t.confirmChange.reject(problem(409, 'conflict'));
    await settle();
    expect(t.step()).toBe('entering');
    expect(selectRefusal(t.actor.getSnapshot())).toBe('taken');
    expect(selectEmail(t.actor.getSnapshot())).toBe('maria@acme.test');
  });

  it('says when there were too many requests, or the account is single sign-on; other failures are reported', async () => {
    const t = open();
    t.actor.send({ type: 'change.start' });
    t.type('newEmail', 'maria.new@example.test');
    t.actor.send({ type: 'submit' });
    t.requestChange.reject(problem(429, 'rate_limited'));
    await settle();
    expect(t.step()).toBe('entering');
    expect(selectRefusal(t.actor.getSnapshot())).toBe('rateLimited');
    t.actor.send({ type: 'submit' });
    t.requestChange.reject(problem(409, 'conflict'));
    await settle();
    expect(selectRefusal(t.actor.getSnapshot())).toBe('sso');
    t.actor.send({ type: 'submit' });
    t.requestChange.reject(offline);
    await settle();
    expect(t.step()).toBe('entering');
    expect(t.fakes.notifications).toEqual([{ type: 'error.report', error: offline, action: 'emailChange' }]);
  });

  it('“Send a new code” goes back to the address kept; Cancel forgets everything', async () => {
    const t = open();
    await atCode(t);
    t.type('code', '12');
    t.actor.send({ type: 'code.request' });
    expect(t.step()).toBe('entering');
    expect(selectValue('newEmail')(t.actor.getSnapshot())).toBe(' maria.new@example.test ');
    expect(selectValue('code')(t.actor.getSnapshot())).toBe('');
    t.actor.send({ type: 'cancel' });
    expect(t.step()).toBe('idle');
    expect(selectValue('newEmail')(t.actor.getSnapshot())).toBe('');
  });
});
