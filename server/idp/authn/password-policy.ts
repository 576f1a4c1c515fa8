import { passwordComplexity, passwordVerdict } from '@contracts/forms/password';
import { breachedPasswords } from '@contracts/forms/password-list';
import type { PasswordRefusal } from '@contracts/forms/password-screen';

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

/**
 * Why the identity provider refuses a new password (issue 34 §1), as the causes of its E0000080 / E0000001 answers:
 * the composition rules, the person's own words (login, e-mail, names, the client's prefix of the login) or the list of
 * common and breached passwords; undefined when it may be set. The portal's own boundary runs the same rule first and
 * names the reason on its field; this is the authority for whatever reaches the identity provider directly (the
 * Sign-In Widget's change and reset, a management client).
 */
export function passwordRefusalCauses(
  password: string,
  user: { login: string; email?: string; firstName?: string; lastName?: string },
): string[] | undefined {
  const prefix = user.login.includes('__') ? user.login.split('__')[0] : undefined;
  const verdict = passwordVerdict(
    password,
    { login: user.login, email: user.email, names: [user.firstName, user.lastName], client: [prefix] },
    breachedPasswords(),
  );
  if (verdict === undefined) return undefined;
  return [verdict === 'pattern' ? complexityCause : refusalCauses[verdict]];
}

/** The causes in words, in the manner of Okta's own ("This password was found in a list of commonly used …"). */
export const refusalCauses: Record<PasswordRefusal, string> = {
  personalPassword: 'Your password cannot contain your name, your email address or the name of your organisation.',
  commonPassword: 'This password was found in a list of commonly used passwords. Please try another password.',
  breachedPassword:
    'This password was found in a list of passwords exposed in data breaches. Please try another password.',
};
