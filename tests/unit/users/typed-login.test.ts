import { describe, expect, it } from 'vitest';
import { loginAsTyped } from '@contracts/username';

const rule = { agentUserDomain: '@agents.gatehouse.test', testDomainSuffix: null };

describe('a login as its person types it (the users grid, issue 29 §5)', () => {
  it('leaves out the client prefix', () => {
    expect(loginAsTyped('ACME__maria@acme.test', rule)).toBe('maria@acme.test');
    expect(loginAsTyped('maria@acme.test', rule)).toBe('maria@acme.test');
  });

  it('shows an agent by the agent id alone', () => {
    expect(loginAsTyped('AULUMB__48213@agents.gatehouse.test', rule)).toBe('48213');
    expect(loginAsTyped('AULUMB__48213@AGENTS.gatehouse.test', rule)).toBe('48213');
    // Only a five-digit id is an agent's: another address at that domain stays whole.
    expect(loginAsTyped('AULUMB__lee@agents.gatehouse.test', rule)).toBe('lee@agents.gatehouse.test');
  });

  it('leaves out the test domain suffix', () => {
    expect(loginAsTyped('ACME__maria@acme.test.qa', { ...rule, testDomainSuffix: '.qa' })).toBe('maria@acme.test');
  });
});
