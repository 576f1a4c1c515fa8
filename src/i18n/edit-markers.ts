import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * Edit Mode markers (docs/i18n.md "Edit Mode"). While Edit Mode is on, every text the Lingui instance translates
 * carries its message id, appended as invisible characters: a start mark, the id's number in base 4 (zero-width
 * characters) and an end mark. The DOM pass (src/admin/dashboard/edit-mode/marked-texts.ts) finds them in text
 * nodes and attributes and makes the element clickable. Doing it in `i18n._` reaches every text rendered through
 * the label registry, `useText`, `HtmlLabel`, `<Trans>` and `t` without touching any view.
 */

const START = '\u2064';
const END = '\u2063';
const DIGITS = ['\u200B', '\u200C', '\u200D', '\u2060'] as const;
// An alternation, not a character class: U+200D (a joiner) inside a class would join its neighbours.
const MARK = new RegExp(`${START}((?:${DIGITS.join('|')})+)${END}`, 'g');

/** The ids marked so far in this tab; a mark carries an index into this list (short, and never the raw id). */
const ids: string[] = [];
const indexes = new Map<string, number>();

function encode(index: number): string {
  let digits = '';
  let rest = index;
  do {
    digits = (DIGITS[rest % 4] ?? '') + digits;
    rest = Math.floor(rest / 4);
  } while (rest > 0);
  return digits;
}

function decode(digits: string): number {
  let value = 0;
  for (const digit of digits) value = value * 4 + DIGITS.indexOf(digit as (typeof DIGITS)[number]);
  return value;
}

/** The text followed by the invisible mark of `id`. */
export function markText(id: string, text: string): string {
  let index = indexes.get(id);
  if (index === undefined) {
    index = ids.length;
    ids.push(id);
    indexes.set(id, index);
  }
  return `${text}${START}${encode(index)}${END}`;
}

/** Whether a string carries at least one mark (cheap test before the regex). */
export const hasMarks = (text: string): boolean => text.includes(START);

/** The ids marked in a string, in order. */
export function readMarks(text: string): string[] {
  if (!hasMarks(text)) return [];
  return [...text.matchAll(MARK)].flatMap((match) => {
    const id = ids[decode(match[1] ?? '')];
    return id === undefined ? [] : [id];
  });
}

/** The string without its marks: what a person reads. */
export const stripMarks = (text: string): string => (hasMarks(text) ? text.replace(MARK, '') : text);

type Translate = I18n['_'];

/**
 * Makes the instance mark what it translates, until the returned function is called. Both `_` (used by `i18n._`,
 * `<Trans>`) and `t` (bound into `useLingui().t` when the provider re-renders) are replaced on the instance; the
 * 'change' event makes every consumer render again, with marks now, and again without them when turned off.
 */
export function enableEditMarkers(i18n: I18n): () => void {
  const prototypeTranslate = (Object.getPrototypeOf(i18n) as { _: Translate })._;
  const ownT = i18n.t;
  const translate = ((id: string | MessageDescriptor, values?: Record<string, unknown>, options?: never) => {
    const text = prototypeTranslate.call(i18n, id as never, values, options);
    const key = typeof id === 'string' ? id : id.id;
    return key ? markText(key, text) : text;
  }) as Translate;
  Object.assign(i18n, { _: translate, t: translate });
  i18n.emit('change');
  return () => {
    Object.assign(i18n, { t: ownT });
    delete (i18n as { _?: Translate })._;
    i18n.emit('change');
  };
}
