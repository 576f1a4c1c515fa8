/**
 * Input masks (public-and-profile §3 "Form field" and "Resource data for a form input": MaskRegex; §9 "Special
 * characters list for masks"). A mask is a template the typed value is shaped into as the person types, in the
 * notation the spec's special-character list comes from (the Angular input-mask one): each pattern character is a
 * slot for one typed character, each special character is written into the value by the mask itself.
 *
 *   0  a digit            9  a digit, or nothing
 *   A  a letter or digit  S  a letter
 *
 * `(000) 000-0000` turns `5125550142` into `(512) 555-0142`. The value keeps the special characters (it is stored as
 * shown: the demo phone field's data length, 14, and its validation pattern are the shown form's). Any other
 * character makes the mask invalid: the field dialog refuses it when saved, and a form never applies it.
 * Pure functions, no dependencies: the same code shapes what the browser shows and checks what the server stores.
 */

/** The spec's special characters (§9): / ( ) . : - space , @ ' and a double quote. */
export const maskSpecialCharacters: readonly string[] = ['/', '(', ')', '.', ':', '-', ' ', ',', '@', "'", '"'];

type Slot = { kind: 'slot'; accepts: RegExp; optional: boolean };
type Literal = { kind: 'literal'; char: string };
type Token = Slot | Literal;

const slots: Readonly<Record<string, Slot>> = {
  '0': { kind: 'slot', accepts: /^\d$/, optional: false },
  '9': { kind: 'slot', accepts: /^\d$/, optional: true },
  A: { kind: 'slot', accepts: /^[\p{L}\p{N}]$/u, optional: false },
  S: { kind: 'slot', accepts: /^\p{L}$/u, optional: false },
};

/** The mask's tokens, or undefined when a character is neither a slot nor a special character. */
function tokensOf(mask: string): Token[] | undefined {
  const tokens: Token[] = [];
  for (const char of mask) {
    const slot = slots[char];
    if (slot !== undefined) tokens.push(slot);
    else if (maskSpecialCharacters.includes(char)) tokens.push({ kind: 'literal', char });
    else return undefined;
  }
  return tokens.some((token) => token.kind === 'slot') ? tokens : undefined;
}

/** Whether a text is a mask: slots and special characters only, at least one slot. */
export const isMask = (mask: string): boolean => tokensOf(mask) !== undefined;

/** A field's mask when it has a usable one (blank and invalid masks shape nothing). */
export function maskOf(maskRegex: string | null | undefined): string | undefined {
  if (maskRegex === null || maskRegex === undefined || maskRegex.trim() === '') return undefined;
  return isMask(maskRegex) ? maskRegex : undefined;
}

/**
 * The typed text shaped by the mask: characters a slot does not accept are dropped, special characters are written
 * where the mask has them, and nothing goes past the mask's end. Special characters are written only before a
 * character that follows them, so deleting backwards works. Idempotent: shaping a shaped value changes nothing, so
 * an input may shape its whole value on every keystroke or paste.
 */
export function applyMask(mask: string, typed: string): string {
  const tokens = tokensOf(mask);
  if (tokens === undefined) return typed;
  // By code point: a slot takes one character as a person reads it (an accented letter typed as one).
  const chars = Array.from(typed);
  let out = '';
  let at = 0;
  for (const token of tokens) {
    if (at >= chars.length) break;
    if (token.kind === 'literal') {
      out += token.char;
      if (chars[at] === token.char) at += 1;
      continue;
    }
    if (token.optional) {
      if (token.accepts.test(chars[at] ?? '')) out += chars[at++] ?? '';
      continue;
    }
    while (at < chars.length && !token.accepts.test(chars[at] ?? '')) at += 1;
    if (at >= chars.length) break;
    out += chars[at++] ?? '';
  }
  return out;
}

const escape = (char: string) => char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** Whether a whole value fills the mask: every required slot filled, every special character in its place. */
export function fitsMask(mask: string, value: string): boolean {
  const tokens = tokensOf(mask);
  if (tokens === undefined) return true;
  const source = tokens
    .map((token) =>
      token.kind === 'literal'
        ? escape(token.char)
        : `${token.accepts.source.slice(1, -1)}${token.optional ? '?' : ''}`,
    )
    .join('');
  return new RegExp(`^${source}$`, 'u').test(value);
}
