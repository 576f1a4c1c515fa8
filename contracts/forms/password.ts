import { passwordRefusal, type PasswordList, type PasswordOwner, type PasswordRefusal } from './password-screen';

/**
 * The password policy (issue #3: at least 8 characters, a lower-case letter, an upper-case letter, a number, not the
 * username), in the shape of Okta's `_embedded.policy.complexity`. One copy for the embedded identity provider, which
 * enforces it, the portal's sign-up boundary, which checks it before deciding anything (so a weak password is refused
 * alike for a new and a known e-mail), and the SPA's security form, which shows its instruction lines.
 */
export const passwordComplexity = {
  minLength: 8,
  minLowerCase: 1,
  minUpperCase: 1,
  minNumber: 1,
  minSymbol: 0,
  excludeUsername: true,
  excludeAttributes: [] as string[],
} as const;

const count = (value: string, pattern: RegExp) => value.match(pattern)?.length ?? 0;

/** True when the password meets every rule, including not containing the part of the login before the `@`. */
export function meetsComplexity(password: string, user: { login: string }): boolean {
  const username = (user.login.split('@')[0] ?? '').toLowerCase();
  return (
    password.length >= passwordComplexity.minLength &&
    count(password, /\p{Ll}/gu) >= passwordComplexity.minLowerCase &&
    count(password, /\p{Lu}/gu) >= passwordComplexity.minUpperCase &&
    count(password, /\p{Nd}/gu) >= passwordComplexity.minNumber &&
    !(username.length > 0 && password.toLowerCase().includes(username))
  );
}

/** A password policy in the shape of Okta's `complexity` (any policy, not only today's constants). */
export type PasswordPolicy = {
  minLength: number;
  minLowerCase: number;
  minUpperCase: number;
  minNumber: number;
  minSymbol: number;
  excludeUsername: boolean;
};

/** The password rules a person is told about (spec §2 "seven password-instruction lines"), in display order. */
export const passwordRuleNames = [
  'length',
  'lowercase',
  'uppercase',
  'number',
  'symbol',
  'noUsername',
  'history',
] as const;
export type PasswordRuleName = (typeof passwordRuleNames)[number];

/**
 * The instruction lines of the policy in force: a line is shown only for a rule the policy enforces, so the form never
 * promises a check nobody makes (no symbol is required and no history is kept today: five of the seven lines).
 */
export function enforcedPasswordRules(policy: PasswordPolicy = passwordComplexity): PasswordRuleName[] {
  const enforced: Record<PasswordRuleName, boolean> = {
    length: policy.minLength > 0,
    lowercase: policy.minLowerCase > 0,
    uppercase: policy.minUpperCase > 0,
    number: policy.minNumber > 0,
    symbol: policy.minSymbol > 0,
    noUsername: policy.excludeUsername,
    history: false,
  };
  return passwordRuleNames.filter((rule) => enforced[rule]);
}

/**
 * The whole password rule (issue 34 §1), the one every place that sets a password runs: the composition policy
 * (`pattern`), then the person's own words, then the list of common and breached passwords when one is given (the
 * server always gives it; the form has it once the strength meter has loaded it). Undefined: the password may be used.
 */
export function passwordVerdict(
  password: string,
  owner: PasswordOwner,
  list?: PasswordList,
): 'pattern' | PasswordRefusal | undefined {
  if (!meetsComplexity(password, owner)) return 'pattern';
  return passwordRefusal(password, owner, list);
}
