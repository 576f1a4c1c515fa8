import * as v from 'valibot';
import { CultureSchema } from './culture';
import { ClientIdSchema, InputResourceSchema, LabelKeySchema } from './resources';

/**
 * Reads for the dashboard's Edit Mode (administrators, each within their reach): the text of one key for one scope (culture + client or
 * global), with the version of that scope's own row. The editor sends that version back with its PATCH, so an edit
 * based on a text someone else has saved since is refused (409 stale_update). `version` is null when the scope has
 * no row of its own yet: the value shown is then the one the scope falls back to, and the editor sends version 0,
 * which no row has, so a row created by someone else in the meantime is refused too.
 */
export const EditScopeQuerySchema = v.object({
  key: LabelKeySchema,
  culture: CultureSchema,
  clientId: v.optional(ClientIdSchema),
});
export type EditScopeQuery = v.InferOutput<typeof EditScopeQuerySchema>;

/**
 * The scopes the caller may write (the dialog's "Applies to", issue 29 §4): the provider administrator every client
 * and all of them (`global`); a client administrator their own client only. The server refuses any other with 403.
 */
export const EditScopeChoicesSchema = v.object({
  global: v.boolean(),
  clients: v.array(v.object({ id: v.string(), name: v.string(), portalAlias: v.string() })),
});
export type EditScopeChoices = v.InferOutput<typeof EditScopeChoicesSchema>;

/** GET resource/label: the scope's own value, else the fallback value, else null (only the SPA's built-in text). */
export const LabelForEditSchema = v.object({
  key: v.string(),
  culture: CultureSchema,
  clientId: v.nullable(v.string()),
  value: v.nullable(v.string()),
  version: v.nullable(v.number()),
  choices: EditScopeChoicesSchema,
});
export type LabelForEdit = v.InferOutput<typeof LabelForEditSchema>;

/** GET resource/input: the scope's own input resource, else the one it falls back to (404 when there is none). */
export const InputForEditSchema = v.object({
  input: InputResourceSchema,
  culture: CultureSchema,
  clientId: v.nullable(v.string()),
  version: v.nullable(v.number()),
  choices: EditScopeChoicesSchema,
});
export type InputForEdit = v.InferOutput<typeof InputForEditSchema>;

/** The version an editor sends when the scope had no row: no row has version 0, so any row found is newer. */
export const NO_ROW_VERSION = 0;

/** PATCH resource/label: the row as saved, with its new version. */
export const SavedLabelSchema = v.object({
  key: v.string(),
  value: v.string(),
  resourceId: v.string(),
  culture: CultureSchema,
  clientId: v.nullable(v.string()),
  version: v.number(),
});
export type SavedLabel = v.InferOutput<typeof SavedLabelSchema>;

/** PATCH resource/input: the input resource as saved, with its scope and new version. */
export const SavedInputSchema = v.object({
  ...InputResourceSchema.entries,
  culture: CultureSchema,
  clientId: v.nullable(v.string()),
  version: v.number(),
});
export type SavedInput = v.InferOutput<typeof SavedInputSchema>;
