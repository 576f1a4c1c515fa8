import { passwordComplexity } from '@contracts/forms/password';

// The policy and its check live in the shared contracts: the portal's sign-up boundary and the SPA run the same one.
export { meetsComplexity, passwordComplexity } from '@contracts/forms/password';

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
