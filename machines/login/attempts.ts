/**
 * The login-attempt counter (spec public-and-profile §5, §9): at most 5 failed sign-ins per username, remembered in
 * local storage for 30 minutes from the first failure. Pure functions over the stored record; the machine keeps the
 * record in context and the wiring edge persists it.
 */
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOGIN_ATTEMPT_WINDOW_MS = 1_800_000;

export type LoginAttempts = Record<string, { count: number; expiresAt: number }>;

const keyOf = (username: string) => username.trim().toLowerCase();

/** Drops the entries whose 30 minutes are over. */
export function withoutExpired(record: LoginAttempts, now: number): LoginAttempts {
  return Object.fromEntries(Object.entries(record).filter(([, entry]) => entry.expiresAt > now));
}

export function attemptsLeft(record: LoginAttempts, username: string, now: number): number {
  const entry = withoutExpired(record, now)[keyOf(username)];
  return Math.max(0, MAX_LOGIN_ATTEMPTS - (entry?.count ?? 0));
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
