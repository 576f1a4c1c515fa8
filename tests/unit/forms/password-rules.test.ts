import { describe, expect, it } from 'vitest';
import { enforcedPasswordRules, passwordComplexity } from '@contracts/forms/password';

describe('the password instruction lines (public-and-profile §2 "seven password-instruction lines")', () => {
  it('shows a line only for a rule the policy in force enforces: five of the seven today', () => {
    expect(enforcedPasswordRules()).toEqual(['length', 'lowercase', 'uppercase', 'number', 'noUsername']);
  });

  it('shows the symbol line when a policy asks for a symbol, and drops what a policy does not ask', () => {
    expect(enforcedPasswordRules({ ...passwordComplexity, minSymbol: 1, minUpperCase: 0 })).toEqual([
      'length',
      'lowercase',
      'number',
      'symbol',
      'noUsername',
    ]);
  });
});
