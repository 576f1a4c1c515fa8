import * as v from 'valibot';
import { CultureSchema } from '../culture';
import { ClientIdSchema, FaqQuestionSchema } from '../resources';
import { EntityIdSchema, RowVersionSchema, optionalText, requiredText } from './common';

/**
 * The FAQ editor of the admin area (beyond the spec; issue 11): the questions of one client in one culture, as its
 * administrators write them. Only that scope's own rows are listed and changed: what the help page falls back to
 * (English, the provider's questions) is not edited here. Answers are HTML; the server cleans them before it stores
 * them (contracts/safe-html.ts) and pages sanitise them again when they show them.
 */

/** GET Faq/:clientId?culture: whose questions (the client's UUID or portal alias), in which culture. */
export const FaqScopeParamsSchema = v.object({ clientId: ClientIdSchema });
export const FaqScopeQuerySchema = v.object({ culture: CultureSchema });
export const FaqEntryParamsSchema = v.object({ clientId: ClientIdSchema, id: EntityIdSchema });
export const FaqDeleteQuerySchema = v.object({
  version: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/), v.transform(Number)),
});

/** One question as the editor reads it: the help page's fields, its scope and its row version. */
export const FaqEntrySchema = v.object({
  ...FaqQuestionSchema.entries,
  clientId: v.string(),
  culture: CultureSchema,
  version: v.number(),
});
export type FaqEntry = v.InferOutput<typeof FaqEntrySchema>;
export const FaqEntryListSchema = v.array(FaqEntrySchema);

const tagsText = v.pipe(
  optionalText(500),
  v.transform((s) => s ?? ''),
);

/** What the dialog sends: Part, Section, Header, Tags, the answer and its place in the list. */
export const FaqDraftSchema = v.object({
  culture: CultureSchema,
  part: requiredText(200),
  section: v.pipe(
    optionalText(20),
    v.transform((s) => s ?? ''),
  ),
  header: requiredText(500),
  tags: tagsText,
  questionText: requiredText(20_000),
  order: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999)),
});
export type FaqDraft = v.InferInput<typeof FaqDraftSchema>;

export const FaqUpdateSchema = v.object({ ...FaqDraftSchema.entries, version: RowVersionSchema });
export type FaqUpdate = v.InferInput<typeof FaqUpdateSchema>;
