import * as v from 'valibot';
import { AliasSchema, EntityIdSchema, RowVersionSchema, requiredText, saveResultSchema } from './common';

/** A region applications are hosted in (spec §3 Region). */
export const RegionSchema = v.object({ id: v.string(), name: v.string() });
export type Region = v.InferOutput<typeof RegionSchema>;
export const RegionListSchema = v.array(RegionSchema);

/**
 * An application of the catalogue (spec §3 Application). `defaultRedirect` is per client in Gatehouse (it lives on
 * the client application), so the catalogue record does not carry it.
 */
export const ApplicationSchema = v.object({
  applicationId: v.string(),
  applicationName: v.string(),
  regionId: v.string(),
  regionName: v.string(),
  applicationLink: v.string(),
  iconIdentifier: v.string(),
  defaultRoleValue: v.string(),
  alias: v.nullable(v.string()),
  version: v.number(),
});
export type Application = v.InferOutput<typeof ApplicationSchema>;
export const ApplicationListSchema = v.array(ApplicationSchema);

/**
 * The link is a URL template: http(s), or a path on this site (`/demo-apps/benefits?…`, the demo world's links and
 * the admin portal's own `/`), placeholders such as `{userName}` allowed anywhere after the scheme. Checked as a URL
 * once placeholders are replaced by a plain word.
 */
export const ApplicationLinkSchema = v.pipe(
  requiredText(2000),
  v.check((s) => isHttpUrlOrSitePath(s.replace(/\{[^}]*\}/g, 'x')), 'must be an http(s) address or a path'),
);
/** `//host` (and `/\host`, which browsers read the same way) is another site, not a path of this one. */
const isHttpUrlOrSitePath = (s: string) => /^\/(?![/\\])/.test(s) || isHttpUrl(s);
function isHttpUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** POST Application body. A blank alias is "none". */
export const ApplicationCreateSchema = v.object({
  applicationName: requiredText(100),
  regionId: EntityIdSchema,
  applicationLink: ApplicationLinkSchema,
  iconIdentifier: requiredText(60),
  defaultRoleValue: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100)),
  alias: v.pipe(
    v.nullish(v.string()),
    v.transform((s) => (s === undefined || s === null || s.trim() === '' ? null : s)),
    v.nullable(AliasSchema),
  ),
});
export type ApplicationCreate = v.InferInput<typeof ApplicationCreateSchema>;

/**
 * PUT Application/{id} body: the same fields plus the version read. The name never changes on update, and an alias
 * that has a value never changes (spec §2); the server answers 400 naming the field if either is attempted.
 */
export const ApplicationUpdateSchema = v.object({ ...ApplicationCreateSchema.entries, version: RowVersionSchema });
export type ApplicationUpdate = v.InferInput<typeof ApplicationUpdateSchema>;

export const ApplicationSaveResultSchema = saveResultSchema(ApplicationSchema);
