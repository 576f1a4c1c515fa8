import * as v from 'valibot';
import { isMask } from '../forms/mask';
import { detailMessages } from '../forms/problem';

/**
 * Shapes every admin catalogue call shares (spec admin-and-board §3 "Save response wrapper", §7). JSON names are the
 * spec's entity fields in camelCase. Every record carries its row `version`; an update names the version it read and
 * a stale one is answered 409 `stale_update` (nothing is overwritten).
 */
export const EntityIdSchema = v.pipe(v.string(), v.uuid('must be an id'));

/** The row version an update was read at. */
export const RowVersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, detailMessages.required),
    v.maxLength(max, detailMessages.maxLength(max)),
  );

/** An optional text: blank becomes null. */
export const optionalText = (max: number) =>
  v.pipe(
    v.nullish(v.string()),
    v.transform((s) => (s === undefined || s === null || s.trim() === '' ? null : s.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(max, detailMessages.maxLength(max)))),
  );

/** A regular expression an administrator types (a validation pattern): blank is null, anything else must compile. */
export const OptionalRegexSchema = v.pipe(
  optionalText(500),
  v.check((s) => s === null || compiles(s), 'is not a valid regular expression'),
);
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * An input mask an administrator types (a field's MaskRegex): blank is null, anything else must be a mask of
 * contracts/forms/mask.ts (slots 0 9 A S and the spec's special characters), or the form could never apply it.
 */
export const OptionalMaskSchema = v.pipe(
  optionalText(500),
  v.check((s) => s === null || isMask(s), 'is not a valid mask'),
);

/** Aliases and portal aliases appear in URLs: letters, digits and hyphens. */
export const AliasSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/i, 'letters, digits and hyphens, at most 40'),
);

/** The spec's save wrapper: `IsValid` and the saved `Object`. */
export const saveResultSchema = <T extends v.GenericSchema>(object: T) => v.object({ isValid: v.boolean(), object });

export const IdParamsSchema = v.object({ id: EntityIdSchema });
export const ClientIdParamsSchema = v.object({ clientId: EntityIdSchema });
