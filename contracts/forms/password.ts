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
