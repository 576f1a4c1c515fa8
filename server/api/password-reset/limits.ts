import type { RateLimit } from '../../idp/rate-limit';

/**
 * The reset's rate limits, counted in `portal_rate_limits` (one upsert per hit, so every server process on the same
 * database counts the same attempts). With these an attacker gets, per account, at most `verifyPerAccount.max`
 * guesses an hour (15 of a million codes), whatever the number of codes requested or addresses used; one address
 * gets `verifyPerAddress` guesses over all accounts. See docs/flows/password-reset.md "Brute force".
 */
export interface PasswordResetLimits {
  /** Code requests from one address (an office behind one NAT: a few people forget their password). */
  requestPerAddress: RateLimit;
  /** Code requests for one e-mail: more only floods its owner's mailbox. */
  requestPerEmail: RateLimit;
  /** Code validations from one address, over every account. */
  verifyPerAddress: RateLimit;
  /** Code validations for one account, over every code: three codes' worth of tries. */
  verifyPerAccount: RateLimit;
  /** Password resets from one address. */
  resetPerAddress: RateLimit;
}

export const defaultPasswordResetLimits: PasswordResetLimits = {
  requestPerAddress: { max: 20, windowMs: 15 * 60_000 },
  requestPerEmail: { max: 5, windowMs: 60 * 60_000 },
  verifyPerAddress: { max: 60, windowMs: 15 * 60_000 },
  verifyPerAccount: { max: 15, windowMs: 60 * 60_000 },
  resetPerAddress: { max: 20, windowMs: 15 * 60_000 },
};
