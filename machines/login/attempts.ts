/**
 * The login-attempt counter (spec public-and-profile §5, §9): failed sign-ins per username, remembered in local storage
 * for 30 minutes from the first failure. Pure functions over the stored record; the machine keeps the record in
 * context and the wiring edge persists it. How many a person has is the lockout the server enforces (`config/public`
 * → `lockoutAttempts`, IDP_LOCKOUT_ATTEMPTS, issue 29 §2), so "N attempts remaining" never promises more or fewer
 * than the identity provider allows; the specification's 5 only when the server does not say (a real Okta org).
 */
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOGIN_ATTEMPT_WINDOW_MS = 1_800_000;

export type LoginAttempts = Record<string, { count: number; expiresAt: number }>;

const keyOf = (username: string) => username.trim().toLowerCase();

/** Drops the entries whose 30 minutes are over. */
export function withoutExpired(record: LoginAttempts, now: number): LoginAttempts {
  return Object.fromEntries(Object.entries(record).filter(([, entry]) => entry.expiresAt > now));
}

export function attemptsLeft(
  record: LoginAttempts,
  username: string,
  now: number,
  maxAttempts: number = MAX_LOGIN_ATTEMPTS,
): number {
  const entry = withoutExpired(record, now)[keyOf(username)];
  return Math.max(0, maxAttempts - (entry?.count ?? 0));
}

/** One more failure; the window starts at the first failure and does not slide. */
export function recordFailure(record: LoginAttempts, username: string, now: number): LoginAttempts {
  const current = withoutExpired(record, now);
  const entry = current[keyOf(username)];
  return {
    ...current,
    [keyOf(username)]: { count: (entry?.count ?? 0) + 1, expiresAt: entry?.expiresAt ?? now + LOGIN_ATTEMPT_WINDOW_MS },
  };
}

/** A successful sign-in forgets the person's failures. */
export function forgetAttempts(record: LoginAttempts, username: string): LoginAttempts {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== keyOf(username)));
}
