/**
 * Passwords as NIST SP 800-63B §5.1.1.2 asks (issue 34 §1): beside the composition policy (`./password.ts`), a new
 * password is refused when it is one of a list of common and breached passwords kept inside the product, or when it is
 * made of the person's own name, e-mail or client. One rule, run by the server (the authority, with the list) and by
 * the form and its strength meter (the meter loads the list with the password step: `./password-list.ts`).
 */

/** Why a password that meets the composition rules is still refused, most helpful first. */
export const passwordRefusals = ['personalPassword', 'commonPassword', 'breachedPassword'] as const;
export type PasswordRefusal = (typeof passwordRefusals)[number];

/** The list of common and breached passwords, as the rule asks it: the rank of a lower-cased word, or undefined. */
export type PasswordList = {
  rankOf(word: string): number | undefined;
  /** Ranks below this are "common" (the most frequent); the rest are "breached". */
  readonly commonCount: number;
};

/**
 * What the rule knows of the person: the login, and where known the e-mail, the names and the client's name or alias.
 * Each is optional because not every place that sets a password knows them all (the reset page knows the e-mail only).
 */
export type PasswordOwner = {
  login: string;
  email?: string | undefined;
  names?: readonly (string | undefined)[];
  client?: readonly (string | undefined)[];
};

/** The shortest word of the person's that counts: "Li", "Al" or "Sam" inside a password says nothing (Samba-Lessons). */
const MIN_PERSONAL = 4;
/** The shortest part left after the digits and symbols around it are dropped that is looked up ("Abc" is not). */
const MIN_STEM = 4;

/** Lower case without accents, so "Lucía" inside "LuciaPerez1" counts. */
const folded = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Common character swaps undone (p@ssw0rd → password); `1` reads as both `i` and `l`. */
const LEET: Readonly<Record<string, string>> = { '@': 'a', '4': 'a', '3': 'e', '0': 'o', $: 's', '5': 's', '7': 't' };
const unswap = (word: string): string[] => {
  const plain = word.replace(/[@430$57]/g, (c) => LEET[c] ?? c);
  return plain.includes('1') ? [plain.replaceAll('1', 'i'), plain.replaceAll('1', 'l')] : [plain];
};
/** The word without the digits and symbols before and after it (Password123! → password). */
const stemOf = (word: string) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** The forms of a password looked up in the list: as typed (lower case), its stem, and both with swaps undone. */
export function candidatesOf(password: string): string[] {
  const lower = folded(password);
  const stem = stemOf(lower);
  const found = new Set([lower, ...unswap(lower)]);
  if (stem.length >= MIN_STEM) for (const word of [stem, ...unswap(stem).map(stemOf)]) found.add(word);
  for (const word of unswap(lower).map(stemOf)) if (word.length >= MIN_STEM) found.add(word);
  return [...found];
}

/** The person's own words: the login's and e-mail's local parts (and their pieces), the domain, the names, the client. */
export function personalWordsOf(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (value: string | undefined) => {
    const word = folded(value ?? '').trim();
    if (word.length >= MIN_PERSONAL) words.add(word);
  };
  // A login may carry the client's prefix (`acme__maria@example.test`): the person's part is after it.
  const login = owner.login.split('__').at(-1) ?? '';
  for (const address of [login, owner.email ?? '']) {
    const [local = '', domain = ''] = address.split('@');
    add(local);
    for (const piece of local.split(/[._+-]+/)) add(piece);
    add(domain.split('.')[0]);
  }
  for (const name of owner.names ?? []) {
    add(name);
    for (const piece of (name ?? '').split(/[\s'-]+/)) add(piece);
  }
  for (const name of owner.client ?? []) add(name);
  return [...words];
}

/**
 * Why the password is refused beyond the composition rules, or undefined when it may be used. Without a list (the
 * form before the meter has loaded it) only the person's own words are checked; the server always passes the list.
 */
export function passwordRefusal(
  password: string,
  owner: PasswordOwner,
  list?: PasswordList,
): PasswordRefusal | undefined {
  const lower = folded(password);
  const forms = [lower, ...unswap(lower)];
  if (personalWordsOf(owner).some((word) => forms.some((form) => form.includes(word)))) return 'personalPassword';
  if (list === undefined) return undefined;
  let best: number | undefined;
  for (const candidate of candidatesOf(password)) {
    const rank = list.rankOf(candidate);
    if (rank !== undefined && (best === undefined || rank < best)) best = rank;
  }
  if (best === undefined) return undefined;
  return best < list.commonCount ? 'commonPassword' : 'breachedPassword';
}

/** The list from its text, one password a line, most frequent first (`./password-list.data.ts`). */
export function passwordListOf(ranked: string, commonCount: number): PasswordList {
  const ranks = new Map<string, number>();
  ranked.split('\n').forEach((word, rank) => {
    if (!ranks.has(word)) ranks.set(word, rank);
  });
  return { rankOf: (word) => ranks.get(word), commonCount };
}
