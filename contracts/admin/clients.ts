import * as v from 'valibot';
import { IdentityProviderIdSchema } from './identity-providers';
import { AliasSchema, EntityIdSchema, RowVersionSchema, requiredText, saveResultSchema } from './common';

/** SCIM provisioning: the person gets an activation mail, or may sign in at once (their password set elsewhere). */
export const scimSignInModes = ['activationMail', 'immediate'] as const;
export type ScimSignIn = (typeof scimSignInModes)[number];

/** A client organisation (spec §3 Client). */
export const ClientSchema = v.object({
  id: v.string(),
  name: v.string(),
  portalAlias: v.string(),
  oktaPrefix: v.string(),
  autoSignUp: v.boolean(),
  /** The client's people may close their own account (docs/flows/my-account.md). */
  allowAccountClosing: v.boolean(),
  /**
   * Sign-up asks for the captcha (the client's RecaptchaFeatureEnabled setting, else the global one; absent: true).
   * Saved as the client's own setting, in the client's audit row.
   */
  recaptchaFeatureEnabled: v.boolean(),
  cmsClientId: v.nullable(v.string()),
  /**
   * SSOID (spec §3 Client): the upstream identity provider of the federation registry the client's people sign in
   * with (`/SSO/{alias}` goes there); null: the sign-in widget. The registry's `clientIdServed` is the same link.
   */
  ssoId: v.nullable(v.string()),
  /** How a person provisioned by SCIM signs in first: an activation mail, or at once (docs/identity.md "SCIM"). */
  scimSignIn: v.picklist(scimSignInModes),
  version: v.number(),
});
export type Client = v.InferOutput<typeof ClientSchema>;
export const ClientListSchema = v.array(ClientSchema);

/** A site of the content-management system (spec §3 CMS client). */
export const CmsClientSchema = v.object({
  id: v.string(),
  name: v.string(),
  sitefinitySiteId: v.nullable(v.string()),
  parentSitefinitySiteId: v.nullable(v.string()),
});
export type CmsClient = v.InferOutput<typeof CmsClientSchema>;
export const CmsClientListSchema = v.array(CmsClientSchema);

/** The prefix of every identity-provider login of the client's people (`ACME__maria@acme.test`). */
export const OktaPrefixSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9]{2,20}$/, '2 to 20 letters or digits'),
);

/** POST Client body. */
export const ClientCreateSchema = v.object({
  name: requiredText(100),
  portalAlias: AliasSchema,
  oktaPrefix: OktaPrefixSchema,
  autoSignUp: v.optional(v.boolean(), false),
  allowAccountClosing: v.optional(v.boolean(), true),
  recaptchaFeatureEnabled: v.optional(v.boolean(), true),
  cmsClientId: v.nullable(EntityIdSchema),
  /** A registry entry's id (`0oa…`), or null for none; absent keeps what is stored (none for a new client). */
  ssoId: v.optional(v.nullable(IdentityProviderIdSchema)),
  scimSignIn: v.optional(v.picklist(scimSignInModes)),
});
export type ClientCreate = v.InferInput<typeof ClientCreateSchema>;

/** PUT Client/{id} body. The portal alias never changes once saved (spec §4); a different one is answered 400. */
export const ClientUpdateSchema = v.object({ ...ClientCreateSchema.entries, version: RowVersionSchema });
export type ClientUpdate = v.InferInput<typeof ClientUpdateSchema>;

/** POST Client answers the new id beside the wrapper (spec §3: "client create also carries Id"). */
export const ClientCreateResultSchema = v.object({ isValid: v.boolean(), id: v.string(), object: ClientSchema });
export const ClientSaveResultSchema = saveResultSchema(ClientSchema);
