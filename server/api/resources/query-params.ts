import * as v from 'valibot';
import { ClientIdSchema } from '@contracts/resources';

/**
 * Query schemas of the resource reads that the contracts do not already name (AggregatedByPageQuerySchema is
 * there). Unknown parameters, such as the SPA's cache-busting `v`, are ignored, not refused.
 */

const CultureParam = v.optional(v.pipe(v.string(), v.maxLength(20)));
const NameList = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, 'a comma-separated list of names'),
  v.maxLength(2000),
);

export const ClientQuerySchema = v.object({ clientId: v.optional(ClientIdSchema) });

export const ListsQuerySchema = v.object({
  clientId: v.optional(ClientIdSchema),
  culture: CultureParam,
  names: v.optional(NameList),
});

export const MenusQuerySchema = v.object({
  menuSection: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,60}$/, 'a menu section name')),
  clientId: v.optional(ClientIdSchema),
  culture: CultureParam,
});

export const CultureQuerySchema = v.object({ clientId: v.optional(ClientIdSchema), culture: CultureParam });

export const SiteConfigurationQuerySchema = v.object({
  /**
   * What the person typed. Absent, the answer is the page's client's profile (the SSO screen `/SSO/{client}` asks
   * for its client's SSOID before anyone types), else the provider's; present, it must not be empty.
   */
  login: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(320))),
  /** The page's client (portal alias or id): the answer when the login names no client by prefix or domain. */
  clientId: v.optional(ClientIdSchema),
});

/** `imgName` is part of the spec's call; the schema keys a client's images by kind, so it only has to be sane. */
const ImageName = v.optional(v.pipe(v.string(), v.maxLength(200)));
export const LogoQuerySchema = v.object({ imgName: ImageName, clientId: v.optional(ClientIdSchema) });
export const ProfileLogoQuerySchema = v.object({ imgName: ImageName });

/** `resource/{view}`: a component name, as keys start (`Dashboard` of `Dashboard_Text_Title`). */
export const ViewParamsSchema = v.object({
  view: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,60}$/, 'a view name (letters and digits)')),
});
