import type { PasswordRefusal } from '@contracts/forms/password-screen';

/** What the meter says: a level, its score out of 4, and why. */
export type Strength = {
  level: 'weak' | 'fair' | 'good' | 'strong';
  score: 1 | 2 | 3 | 4;
  reason: 'pattern' | PasswordRefusal | 'short' | 'long';
};

/**
 * A password's strength from the rule's verdict and its length (NIST SP 800-63B: length, not composition, is what
 * makes a password strong): refused → weak, with the rule's reason; otherwise fair below 12 characters, good below 16,
 * strong from 16 on.
 */
export function strengthOf(password: string, verdict: 'pattern' | PasswordRefusal | undefined): Strength {
  if (verdict !== undefined) return { level: 'weak', score: 1, reason: verdict };
  // Characters as a person counts them (an accented letter or an emoji is one).
  const length = Array.from(new Intl.Segmenter().segment(password)).length;
  if (length < 12) return { level: 'fair', score: 2, reason: 'short' };
  if (length < 16) return { level: 'good', score: 3, reason: 'short' };
  return { level: 'strong', score: 4, reason: 'long' };
}
