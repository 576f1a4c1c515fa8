import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from '@machines/support/inspector-mask';

const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJtYXJpYSJ9.c2lnbmF0dXJl';

describe('the flow inspector masks secrets before they leave the tab', () => {
  it('hides every value whose key names a password, token, code, answer, secret or OTP, in any case and nesting', () => {
    const masked = maskSecrets({
      password: 'hunter2',
      newPassword: 'correct horse',
      recoveryToken: 'abc',
      tokens: { accessToken: 'x', idToken: 'y' },
      code: '246810',
      otpCode: 123456,
      securityAnswer: 'Rex',
      answers: ['blue', 'Rex'],
      clientSecret: 's3cr3t',
      draft: { email: 'maria@acme.test', PASSWORD: 'again' },
    });
    expect(masked).toEqual({
      password: MASK,
      newPassword: MASK,
      recoveryToken: MASK,
      tokens: MASK,
      code: MASK,
      otpCode: MASK,
      securityAnswer: MASK,
      answers: MASK,
      clientSecret: MASK,
      draft: { email: 'maria@acme.test', PASSWORD: MASK },
    });
  });

  it('hides a JWT wherever it sits, and keeps flags and empty values that give nothing away', () => {
    expect(maskSecrets({ bearer: jwt, list: [jwt, 'plain'], hasToken: true, resetToken: null })).toEqual({
      bearer: MASK,
      list: [MASK, 'plain'],
      hasToken: true,
      resetToken: null,
    });
  });

  it('turns what is not plain data into JSON: actors by id, functions, dates, cycles, leaving out undefined', () => {
    const actor = createActor(createMachine({ id: 'child' }), { id: 'session' });
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const masked = maskSecrets({
      session: actor,
      notify: () => undefined,
      when: new Date('2026-11-27T19:00:00Z'),
      cycle,
      missing: undefined,
      failure: new TypeError('the password was wrong: hunter2'),
      pending: Promise.resolve('token'),
    });
    expect(masked).toEqual({
      session: { actor: 'session' },
      notify: '[function]',
      when: '2026-11-27T19:00:00.000Z',
      cycle: { name: 'loop', self: '[circular]' },
      failure: { error: 'TypeError' },
      pending: '[Promise]',
    });
    // What the channel carries must survive structured cloning and JSON alike.
    expect(JSON.parse(JSON.stringify(masked))).toEqual(masked);
  });
});
