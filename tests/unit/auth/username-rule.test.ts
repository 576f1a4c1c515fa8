import { describe, expect, it } from 'vitest';
import { fromIdpUsername, toIdpUsername, type UsernameRule } from '@contracts/username';

const rule: UsernameRule = {
  prefix: 'AULUMB',
  agentUserDomain: '@agents.gatehouse.test',
  testDomainSuffix: '.qa',
};

/** The shared login username rule (public-and-profile §5 "Login username"), as the SPA and the server apply it. */
describe('the login username rule', () => {
  it('adds PREFIX__ to an e-mail, and to a 5-digit agent id after the agents’ user domain', () => {
    expect(toIdpUsername(' lee@umbrella.test ', rule)).toBe('AULUMB__lee@umbrella.test');
    expect(toIdpUsername('48213', rule)).toBe('AULUMB__48213@agents.gatehouse.test');
  });

  it('adds no prefix when it is already present, in any case', () => {
    expect(toIdpUsername('AULUMB__lee@umbrella.test', rule)).toBe('AULUMB__lee@umbrella.test');
    expect(toIdpUsername('aulumb__lee@umbrella.test', rule)).toBe('aulumb__lee@umbrella.test');
  });

  it('leaves a name that is neither an e-mail nor a 5-digit id as typed', () => {
    expect(toIdpUsername('lee', rule)).toBe('lee');
    expect(toIdpUsername('482130', rule)).toBe('482130');
  });

  it('strips the trailing test-domain suffix from the username the identity provider returns, and nothing else', () => {
    expect(fromIdpUsername('AULUMB__lee@umbrella.test.qa', rule)).toBe('AULUMB__lee@umbrella.test');
    expect(fromIdpUsername('AULUMB__lee@umbrella.test', rule)).toBe('AULUMB__lee@umbrella.test');
    expect(fromIdpUsername('AULUMB__lee@umbrella.test.qa', { testDomainSuffix: null })).toBe(
      'AULUMB__lee@umbrella.test.qa',
    );
  });
});
