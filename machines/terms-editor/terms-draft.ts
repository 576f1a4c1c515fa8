import * as v from 'valibot';
import { cultures, type Culture } from '@contracts/culture';
import { TermsPublishSchema, type TermsPublish, type TermsVersion } from '@contracts/terms';

/** The two texts of one culture: the terms of use and the privacy notice, each HTML. */
export type TermsTextKind = 'termsHtml' | 'privacyHtml';
export const termsTextKinds: readonly TermsTextKind[] = ['termsHtml', 'privacyHtml'];

/** The dialog's inputs, as typed: both texts of every culture the product ships (English and Spanish). */
export type TermsDialogDraft = Record<Culture, Record<TermsTextKind, string>>;

/** One edit of the dialog: one text of one culture. */
export type TermsChange = { culture: Culture; kind: TermsTextKind; value: string };

/** One input of the dialog, as the view and the invalid marks name it. */
export type TermsInput = `${Culture}.${TermsTextKind}`;
export const termsInputOf = (culture: Culture, kind: TermsTextKind): TermsInput => `${culture}.${kind}`;

/** The draft a version starts from: its texts, and blanks for a culture it was not written in. */
export function termsDraftOf(version: TermsVersion | undefined): TermsDialogDraft {
  const draft = Object.fromEntries(
    cultures.map((culture) => [culture, { termsHtml: '', privacyHtml: '' }]),
  ) as TermsDialogDraft;
  for (const text of version?.texts ?? [])
    draft[text.culture] = { termsHtml: text.termsHtml, privacyHtml: text.privacyHtml };
  return draft;
}

/** A culture left wholly blank is not published; one with any text is, and then needs both. */
const writtenCultures = (draft: TermsDialogDraft) =>
  cultures.filter((culture) => termsTextKinds.some((kind) => draft[culture][kind].trim() !== ''));

/** What POST Terms/:clientId receives: the written cultures, on top of the version the editor read as current. */
export const termsBodyOf = (draft: TermsDialogDraft, basedOn: number): TermsPublish => ({
  basedOn,
  texts: writtenCultures(draft).map((culture) => ({ culture, ...draft[culture] })),
});

/**
 * The inputs the contract refuses, by the contract's own rules (`TermsPublishSchema`): a blank text of a written
 * culture; with nothing written at all, both texts of the first culture (one culture at least is required).
 */
export function invalidTermsInputs(draft: TermsDialogDraft): ReadonlySet<TermsInput> {
  const body = termsBodyOf(draft, 0);
  const result = v.safeParse(TermsPublishSchema, body);
  if (result.success) return new Set();
  const invalid = new Set<TermsInput>();
  for (const issue of result.issues) {
    const [, index, field] = issue.path ?? [];
    const culture = typeof index?.key === 'number' ? body.texts[index.key]?.culture : undefined;
    const kind = termsTextKinds.find((one) => one === field?.key);
    if (culture !== undefined && kind !== undefined) invalid.add(termsInputOf(culture, kind));
  }
  if (body.texts.length === 0) for (const kind of termsTextKinds) invalid.add(termsInputOf(cultures[0], kind));
  return invalid;
}
