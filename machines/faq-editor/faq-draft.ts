import * as v from 'valibot';
import { FaqDraftSchema, type FaqDraft, type FaqEntry } from '@contracts/admin/faq';

/** The dialog's inputs, as typed (the order too: a text until it is read as a number). */
export type FaqDialogDraft = {
  part: string;
  section: string;
  header: string;
  tags: string;
  questionText: string;
  order: string;
};
export type FaqInput = keyof FaqDialogDraft;

/** One edit of the dialog: one input's new text. */
export type FaqChange = { input: FaqInput; value: string };

/** A new question goes last of the list unless the person says otherwise. */
export const NEW_QUESTION_ORDER = 100;

export const faqDraftOf = (row: FaqEntry | undefined): FaqDialogDraft => ({
  part: row?.part ?? '',
  section: row?.section ?? '',
  header: row?.header ?? '',
  tags: row?.tags ?? '',
  questionText: row?.questionText ?? '',
  order: String(row?.order ?? NEW_QUESTION_ORDER),
});

/** The body the API receives, but its culture (the page's scope, added at the wiring edge). */
export const faqBodyOf = (draft: FaqDialogDraft): Omit<FaqDraft, 'culture'> => ({
  part: draft.part,
  section: draft.section,
  header: draft.header,
  tags: draft.tags,
  questionText: draft.questionText,
  order: /^\d+$/.test(draft.order.trim()) ? Number(draft.order.trim()) : Number.NaN,
});

/** The inputs the contract refuses, by the contract's own rules (`en-us` stands in for the scope's culture). */
export function invalidFaqInputs(draft: FaqDialogDraft): ReadonlySet<FaqInput> {
  const result = v.safeParse(FaqDraftSchema, { ...faqBodyOf(draft), culture: 'en-us' });
  if (result.success) return new Set();
  const isInput = (key: unknown): key is FaqInput => typeof key === 'string' && key in draft;
  return new Set(result.issues.map((issue) => issue.path?.[0]?.key).filter(isInput));
}
