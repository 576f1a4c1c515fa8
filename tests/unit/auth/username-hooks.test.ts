import { describe, expect, it } from 'vitest';
import { usernameHooks } from '@src/auth/widget-options';
import type { UsernameRule } from '@contracts/username';

const umbrella: UsernameRule = {
  prefix: 'AULUMB',
  agentUserDomain: '@agents.gatehouse.test',
  testDomainSuffix: null,
};

describe('the widget username hooks (public-and-profile §5 "Login username")', () => {
  it('leaves a typed name as it is (trimmed) while no rule is known', () => {
    const hooks = usernameHooks({ lookupRule: () => Promise.resolve(umbrella), onSubmitted: () => undefined });
    expect(hooks.transformUsername(' lee@umbrella.test ')).toBe('lee@umbrella.test');
  });

  it('applies the rule looked up before a forgot-password request (learnRule), without a sign-in first', async () => {
    const looked: string[] = [];
    const hooks = usernameHooks({
      lookupRule: (typed) => {
        looked.push(typed);
        return Promise.resolve(umbrella);
      },
      onSubmitted: () => undefined,
    });
    await hooks.learnRule('lee@umbrella.test');
    expect(looked).toEqual(['lee@umbrella.test']);
    expect(hooks.transformUsername('lee@umbrella.test')).toBe('AULUMB__lee@umbrella.test');
  });

  it('keeps the last rule when a lookup fails, and reports the IdP username on submit', async () => {
    let fail = false;
    const submitted: string[] = [];
    const hooks = usernameHooks({
      lookupRule: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(umbrella)),
      onSubmitted: (name) => submitted.push(name),
    });
    await hooks.learnRule('lee@umbrella.test');
    fail = true;
    await new Promise<void>((resolve) => {
      hooks.processCreds({ username: '48213' }, resolve);
    });
    expect(submitted).toEqual(['AULUMB__48213@agents.gatehouse.test']);
  });

  it('asks once for a name looked up ahead (leaving the field) and then submitted: the submit reuses that lookup', async () => {
    const looked: string[] = [];
    const submitted: string[] = [];
    const hooks = usernameHooks({
      lookupRule: (typed) => {
        looked.push(typed);
        return Promise.resolve(umbrella);
      },
      onSubmitted: (name) => submitted.push(name),
    });
    hooks.anticipate('lee@umbrella.test');
    await new Promise<void>((resolve) => {
      hooks.processCreds({ username: ' lee@umbrella.test' }, resolve);
    });
    expect(looked).toEqual(['lee@umbrella.test']);
    expect(submitted).toEqual(['AULUMB__lee@umbrella.test']);
    // Another name is looked up anew.
    await hooks.learnRule('kim@acme.test');
    expect(looked).toEqual(['lee@umbrella.test', 'kim@acme.test']);
  });

  it('forgets a failed lookup ahead, so the submit asks again', async () => {
    let calls = 0;
    const hooks = usernameHooks({
      lookupRule: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(umbrella);
      },
      onSubmitted: () => undefined,
    });
    hooks.anticipate('lee@umbrella.test');
    await Promise.resolve();
    await Promise.resolve();
    await hooks.learnRule('lee@umbrella.test');
    expect(calls).toBe(2);
    expect(hooks.transformUsername('lee@umbrella.test')).toBe('AULUMB__lee@umbrella.test');
  });

  it('looks nothing up ahead for an empty field', () => {
    let calls = 0;
    const hooks = usernameHooks({
      lookupRule: () => {
        calls += 1;
        return Promise.resolve(umbrella);
      },
      onSubmitted: () => undefined,
    });
    hooks.anticipate('  ');
    expect(calls).toBe(0);
  });
});
