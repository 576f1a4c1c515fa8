import * as v from 'valibot';
import { detailMessages } from '../forms/problem';
import { EntityIdSchema, RowVersionSchema, requiredText } from './common';

/**
 * The federation registry (issue 31 item 1, docs/api.md "Identity providers"): upstream OpenID Connect providers the
 * embedded identity provider sends a browser to for `/oauth2/v1/authorize?idp=<id>`, administered by the provider
 * administrator. The client secret is written, never read: no answer carries it, only whether one is set.
 */

/** Okta's identity-provider id shape: `0oa` + 17 letters and digits. */
export const IdentityProviderIdSchema = v.pipe(v.string(), v.regex(/^0oa[A-Za-z0-9]{17}$/, 'must be an id'));
export const IdentityProviderParamsSchema = v.object({ id: IdentityProviderIdSchema });

/** The profile fields a claim may fill, by meta tag (the instance's own columns). */
export const federatedProfileFields = ['FirstName', 'LastName', 'Culture'] as const;
export type FederatedProfileField = (typeof federatedProfileFields)[number];

const ClaimNameSchema = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_:.-]{1,100}$/, 'is not a claim name'));

/** Upstream claim → profile field (`{ given_name: 'FirstName' }`). */
export const ClaimMappingSchema = v.pipe(
  v.record(ClaimNameSchema, v.picklist(federatedProfileFields)),
  v.check((mapping) => Object.keys(mapping).length <= 20, 'at most 20 claims'),
);

/** An https issuer (http only for a loopback host: the demo world and tests serve their upstream locally). */
const IssuerSchema = v.pipe(
  v.string(),
  v.trim(),
  v.url(detailMessages.invalid),
  v.maxLength(500, detailMessages.maxLength(500)),
  v.check((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'must be an https address'),
);

/** Space-separated scopes; `openid` is required (no ID token without it). */
const ScopesSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'scopes separated by spaces'),
  v.maxLength(500, detailMessages.maxLength(500)),
  v.check((value) => value.split(' ').includes('openid'), 'must include openid'),
);

export const IdentityProviderSchema = v.object({
  id: v.string(),
  name: v.string(),
  kind: v.picklist(['oidc']),
  issuer: v.string(),
  clientId: v.string(),
  /** Always true (a provider cannot be saved without one); says the secret exists without saying it. */
  hasClientSecret: v.boolean(),
  scopes: v.string(),
  claimMapping: v.record(v.string(), v.string()),
  /** The portal client whose SSOID names this provider, and its name; null when none does. */
  clientIdServed: v.nullable(v.string()),
  clientNameServed: v.nullable(v.string()),
  version: v.number(),
});
export type IdentityProvider = v.InferOutput<typeof IdentityProviderSchema>;
export const IdentityProviderListSchema = v.array(IdentityProviderSchema);

const common = {
  name: requiredText(100),
  issuer: IssuerSchema,
  clientId: requiredText(200),
  scopes: v.optional(ScopesSchema, 'openid email profile'),
  claimMapping: v.optional(ClaimMappingSchema, {}),
  /** The portal client this provider signs people into: its SSOID is set to this provider's id. */
  clientIdServed: v.optional(v.nullable(EntityIdSchema), null),
};

/** POST IdentityProvider: the secret is required. */
export const IdentityProviderCreateSchema = v.object({
  ...common,
  kind: v.optional(v.picklist(['oidc']), 'oidc'),
  clientSecret: requiredText(500),
});
export type IdentityProviderCreate = v.InferInput<typeof IdentityProviderCreateSchema>;

/** PUT IdentityProvider/{id}: a blank or missing secret keeps the one stored. */
export const IdentityProviderUpdateSchema = v.object({
  ...common,
  clientSecret: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500, detailMessages.maxLength(500))))),
  version: RowVersionSchema,
});
export type IdentityProviderUpdate = v.InferInput<typeof IdentityProviderUpdateSchema>;
