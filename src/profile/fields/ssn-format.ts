/**
 * The social security number input's rules (spec public-and-profile §5 "Social security number input", §4, §9), as
 * pure functions of the digits: the input keeps digits only, shows them 3-2-4 with dashes, and masks all but the last
 * four while it is not focused. The value a form holds is the digits alone (the server's rule is `^\d{9}$`).
 */

/** An SSN has 9 digits (spec §9). */
export const SSN_LENGTH = 9;
/** Its formatted form, 3-2-4 with two dashes, has 11 characters (spec §9). */
export const SSN_DISPLAY_LENGTH = 11;

/** The digits of a text, at most 9: what a paste-free input can still receive (autofill, a dropped text). */
export function ssnDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, SSN_LENGTH);
}

/** Digits shown 3-2-4 (`123-45-6789`); a shorter value gets each dash once a digit follows it (`123-4`). */
export function formatSsn(digits: string): string {
  const value = ssnDigits(digits);
  return [value.slice(0, 3), value.slice(3, 5), value.slice(5)].filter((part) => part !== '').join('-');
}

/**
 * The value shown while the input is not focused: the 3-2-4 form with the first five digits as asterisks, so a full
 * number reads `***-**-6789` (spec §5: three asterisks, dash, two asterisks, dash, the last 4 digits).
 */
export function maskSsn(digits: string): string {
  let hidden = 0;
  return formatSsn(digits).replace(/\d/g, (digit) => (hidden++ < 5 ? '*' : digit));
}

/** Keys that edit or move rather than type (spec §5 "Control keys, arrows … pass the key filter"). */
const controlKeys: ReadonlySet<string> = new Set([
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'Home',
  'End',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
]);
/** Select all, copy, paste and cut with Ctrl or Cmd pass the filter; copy, paste and cut are refused as events. */
const shortcutKeys: ReadonlySet<string> = new Set(['a', 'c', 'v', 'x']);

/** What the key filter looks at: the key, its modifiers, and whether a typed digit would make a tenth. */
export type SsnKeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Digits in the value now. */
  digits: number;
  /** Characters selected: a digit typed over a selection replaces it rather than adding one. */
  selected: number;
};

/**
 * Whether the SSN input lets a key through: digits while fewer than 9, control keys, and Ctrl/Cmd-A, C, V, X. The
 * filter shapes typing; the digits rule (`ssnDigits`) still guards the value, as some keyboards name no key.
 */
export function ssnKeyPasses(press: SsnKeyPress): boolean {
  if (controlKeys.has(press.key)) return true;
  if (press.ctrlKey || press.metaKey) return shortcutKeys.has(press.key.toLowerCase());
  if (!/^\d$/.test(press.key)) return false;
  return press.digits < SSN_LENGTH || press.selected > 0;
}
