import type { IdpUser } from '../users/directory';

/**
 * The password policy (issue #3: at least 8 characters, a lower-case letter, an upper-case letter, a number), in the
 * shape of Okta's `_embedded.policy.complexity`, which the widget shows beside the new-password fields.
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

/** Okta's PASSWORD_RESET policy: complexity plus expiration and age, which we do not enforce (0 = none). */
export const passwordResetPolicy = {
  expiration: { passwordExpireDays: 0 },
  complexity: passwordComplexity,
  age: { minAgeMinutes: 0, historyCount: 0 },
};

/** The rules in words, as Okta lists them in the E0000080 cause. */
export const complexityCause =
  'Password requirements: at least 8 characters, a lowercase letter, an uppercase letter, a number. ' +
  'Your password cannot contain your username.';

const count = (value: string, pattern: RegExp) => value.match(pattern)?.length ?? 0;

/** True when the password meets every rule, including not containing the part of the login before the `@`. */
export function meetsComplexity(password: string, user: Pick<IdpUser, 'login'>): boolean {
  const username = (user.login.split('@')[0] ?? '').toLowerCase();
  return (
    password.length >= passwordComplexity.minLength &&
    count(password, /\p{Ll}/gu) >= passwordComplexity.minLowerCase &&
    count(password, /\p{Lu}/gu) >= passwordComplexity.minUpperCase &&
    count(password, /\p{Nd}/gu) >= passwordComplexity.minNumber &&
    !(username.length > 0 && password.toLowerCase().includes(username))
  );
}
