import * as v from 'valibot';
import { detailMessages } from '../forms/problem';
import { EntityIdSchema, RowVersionSchema, requiredText } from './common';

/**
 * The federation registry (issue 31 item 1, docs/api.md "Identity providers"): upstream OpenID Connect and SAML 2.0
 * providers the embedded identity provider sends a browser to for `/oauth2/v1/authorize?idp=<id>`, administered by
 * the provider administrator. The client secret is written, never read: no answer carries it, only whether one is
 * set. A SAML entry's metadata is read when it is written; answers carry what was taken from it, not the document.
 */

/** Okta's identity-provider id shape: `0oa` + 17 letters and digits. */
export const IdentityProviderIdSchema = v.pipe(v.string(), v.regex(/^0oa[A-Za-z0-9]{17}$/, 'must be an id'));
export const IdentityProviderParamsSchema = v.object({ id: IdentityProviderIdSchema });

/** The profile fields a claim may fill, by meta tag (the instance's own columns). */
export const federatedProfileFields = ['FirstName', 'LastName', 'Culture'] as const;
export type FederatedProfileField = (typeof federatedProfileFields)[number];

/** The kinds of upstream provider: OpenID Connect, SAML 2.0. */
export const identityProviderKinds = ['oidc', 'saml'] as const;
export type IdentityProviderKind = (typeof identityProviderKinds)[number];

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

const commonRead = {
  id: v.string(),
  name: v.string(),
  claimMapping: v.record(v.string(), v.string()),
  /** The portal client whose SSOID names this provider, and its name; null when none does. */
  clientIdServed: v.nullable(v.string()),
  clientNameServed: v.nullable(v.string()),
  version: v.number(),
};

export const OidcIdentityProviderSchema = v.object({
  ...commonRead,
  kind: v.literal('oidc'),
  issuer: v.string(),
  clientId: v.string(),
  /** Always true (a provider cannot be saved without one); says the secret exists without saying it. */
  hasClientSecret: v.boolean(),
  scopes: v.string(),
});

/**
 * A SAML 2.0 upstream (docs/identity.md "SAML 2.0"): what its metadata said when the entry was written, and the
 * service-provider values Gatehouse gives the upstream's administrator (entity id, ACS, metadata address).
 */
export const SamlIdentityProviderSchema = v.object({
  ...commonRead,
  kind: v.literal('saml'),
  /** Where the metadata was fetched from; null when it was pasted. */
  metadataUrl: v.nullable(v.string()),
  /** The upstream's entity id and single sign-on endpoint, from its metadata. */
  entityId: v.string(),
  ssoUrl: v.string(),
  spEntityId: v.string(),
  acsUrl: v.string(),
  spMetadataUrl: v.string(),
});

export const IdentityProviderSchema = v.variant('kind', [OidcIdentityProviderSchema, SamlIdentityProviderSchema]);
export type IdentityProvider = v.InferOutput<typeof IdentityProviderSchema>;
export type OidcIdentityProvider = v.InferOutput<typeof OidcIdentityProviderSchema>;
export type SamlIdentityProvider = v.InferOutput<typeof SamlIdentityProviderSchema>;
export const IdentityProviderListSchema = v.array(IdentityProviderSchema);

const common = {
  name: requiredText(100),
  /** The portal client this provider signs people into: its SSOID is set to this provider's id. */
  clientIdServed: v.optional(v.nullable(EntityIdSchema), null),
};

const oidcFields = {
  ...common,
  issuer: IssuerSchema,
  clientId: requiredText(200),
  scopes: v.optional(ScopesSchema, 'openid email profile'),
  claimMapping: v.optional(ClaimMappingSchema, {}),
};

/** SAML attribute names are often URIs (`http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname`). */
const SamlAttributeNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_:./#-]{1,200}$/, 'is not an attribute name'),
);

/** Upstream attribute → profile field. */
export const SamlAttributeMappingSchema = v.pipe(
  v.record(SamlAttributeNameSchema, v.picklist(federatedProfileFields)),
  v.check((mapping) => Object.keys(mapping).length <= 20, 'at most 20 attributes'),
);

/** The upstream's metadata, pasted (an EntityDescriptor with an IDPSSODescriptor). */
const MetadataXmlSchema = v.pipe(v.string(), v.trim(), v.maxLength(200_000, detailMessages.maxLength(200_000)));

const samlFields = {
  ...common,
  kind: v.literal('saml'),
  metadataXml: v.optional(v.nullable(MetadataXmlSchema)),
  /** Where the metadata is fetched from when the entry is written (https, or http on a loopback host). */
  metadataUrl: v.optional(v.nullable(IssuerSchema)),
  claimMapping: v.optional(SamlAttributeMappingSchema, {}),
};

const given = (value: string | null | undefined) => value !== undefined && value !== null && value !== '';

/** POST IdentityProvider, OpenID: the secret is required; a body without `kind` is this one (as before SAML). */
export const OidcIdentityProviderCreateSchema = v.object({
  ...oidcFields,
  kind: v.optional(v.literal('oidc'), 'oidc'),
  clientSecret: requiredText(500),
});

/** POST IdentityProvider, SAML: exactly one of the pasted metadata and its address. */
export const SamlIdentityProviderCreateSchema = v.pipe(
  v.object(samlFields),
  v.forward(
    v.check(
      (input) => given(input.metadataXml) !== given(input.metadataUrl),
      'give the metadata or its address (one of them)',
    ),
    ['metadataXml'],
  ),
);

/** POST IdentityProvider. */
export const IdentityProviderCreateSchema = v.variant('kind', [
  OidcIdentityProviderCreateSchema,
  SamlIdentityProviderCreateSchema,
]);
export type IdentityProviderCreate = v.InferInput<typeof IdentityProviderCreateSchema>;

/** PUT IdentityProvider/{id}, OpenID: a blank or missing secret keeps the one stored. */
export const OidcIdentityProviderUpdateSchema = v.object({
  ...oidcFields,
  kind: v.optional(v.literal('oidc'), 'oidc'),
  clientSecret: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500, detailMessages.maxLength(500))))),
  version: RowVersionSchema,
});

/** PUT IdentityProvider/{id}, SAML: no metadata keeps what the entry has; never both. */
export const SamlIdentityProviderUpdateSchema = v.pipe(
  v.object({ ...samlFields, version: RowVersionSchema }),
  v.forward(
    v.check(
      (input) => !(given(input.metadataXml) && given(input.metadataUrl)),
      'give either the metadata or its address, not both',
    ),
    ['metadataXml'],
  ),
);

/** PUT IdentityProvider/{id}: the kind cannot change (another kind answers 400). */
export const IdentityProviderUpdateSchema = v.variant('kind', [
  OidcIdentityProviderUpdateSchema,
  SamlIdentityProviderUpdateSchema,
]);
export type IdentityProviderUpdate = v.InferInput<typeof IdentityProviderUpdateSchema>;
