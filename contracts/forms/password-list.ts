import { COMMON_COUNT, RANKED_PASSWORDS } from './password-list.data';
import { passwordListOf, type PasswordList } from './password-screen';

/**
 * The list of common and breached passwords kept inside the product (issue 34 §1; offline, no network): built once, on
 * first use. About 350 kB of text, so the SPA imports it only with the password step (the strength meter's chunk),
 * never from the public entry; the server imports it at its boundary.
 */
let built: PasswordList | undefined;
export function breachedPasswords(): PasswordList {
  built ??= passwordListOf(RANKED_PASSWORDS, COMMON_COUNT);
  return built;
}
