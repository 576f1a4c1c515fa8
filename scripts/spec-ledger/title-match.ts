/**
 * Whether a title fragment cited by the ledger is part of a test's title as written in its file. Titles are patterns: a
 * template literal's substitutions and `it.each`'s `%s`/`$name` placeholders stand for text made at run time.
 */

/** Stands for any text in a title pattern. */
export const wildcard = null;
export type TitlePattern = readonly (string | typeof wildcard)[];

/** Typographic and straight apostrophes and quotes are the same to a reader of the ledger. */
export const normaliseTitle = (text: string) => text.replaceAll(/[’‘]/g, "'").replaceAll(/[“”]/g, '"');

/** `it.each`'s printf placeholders and `$name` interpolations, as wildcards. */
export function eachPattern(parts: TitlePattern): TitlePattern {
  return parts.flatMap((part) =>
    part === wildcard
      ? [wildcard]
      : part
          .split(/(%[sdifjo#%]|\$[\w.]+)/)
          .map((piece, index) => (index % 2 === 1 && piece !== '%%' ? wildcard : piece === '%%' ? '%' : piece)),
  );
}

/**
 * True when the fragment lies within one stretch of the pattern's own text. A fragment that meets a wildcard is not
 * settled here — only the collected titles (`collectedTitles`) say what the wildcard became.
 */
export function fragmentFits(fragment: string, pattern: TitlePattern): boolean {
  const wanted = normaliseTitle(fragment);
  return pattern.some((part) => part !== wildcard && normaliseTitle(part).includes(wanted));
}
