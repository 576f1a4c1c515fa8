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
/** A SAML attribute name may be a URI (`http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname`). */
const SamlAttributeNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_:.\/#-]{1,200}$/, 'is not an attribute name'),
);

const mappingOf = <K extends v.GenericSchema<string, string>>(key: K) =>
  v.pipe(
    v.record(key, v.picklist(federatedProfileFields)),
    v.check((mapping) => Object.keys(mapping).length <= 20, 'at most 20 claims'),
  );

/** Upstream claim → profile field (`{ given_name: 'FirstName' }`). */
export const ClaimMappingSchema = mappingOf(ClaimNameSchema);
/** SAML attribute → profile field; attribute names may be URIs. */
export const SamlClaimMappingSchema = mappingOf(SamlAttributeNameSchema);

/** The kinds of upstream provider: OpenID Connect, SAML 2.0. */
export const identityProviderKinds = ['oidc', 'saml'] as const;
export type IdentityProviderKind = (typeof identityProviderKinds)[number];

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

export const SamlIdentityProviderSchema = v.object({
  ...commonRead,
  kind: v.literal('saml'),
  /** Where the upstream's metadata is read from; null when it was given as XML. */
  metadataUrl: v.nullable(v.string()),
  /** The upstream IdP's entity id and SSO endpoint, read from its metadata. */
  entityId: v.string(),
  ssoUrl: v.string(),
  /** Gatehouse's own service-provider values, to give the upstream. */
  spEntityId: v.string(),
  acsUrl: v.string(),
  spMetadataUrl: v.string(),
});

export const IdentityProviderSchema = v.variant('kind', [OidcIdentityProviderSchema, SamlIdentityProviderSchema]);
export type IdentityProvider = v.InferOutput<typeof IdentityProviderSchema>;
export type OidcIdentityProvider = v.InferOutput<typeof OidcIdentityProviderSchema>;
export type SamlIdentityProvider = v.InferOutput<typeof SamlIdentityProviderSchema>;
export const IdentityProviderListSchema = v.array(IdentityProviderSchema);

const commonWrite = {
  name: requiredText(100),
  /** The portal client this provider signs people into: its SSOID is set to this provider's id. */
  clientIdServed: v.optional(v.nullable(EntityIdSchema), null),
};

const oidcWrite = {
  ...commonWrite,
  issuer: IssuerSchema,
  clientId: requiredText(200),
  scopes: v.optional(ScopesSchema, 'openid email profile'),
  claimMapping: v.optional(ClaimMappingSchema, {}),
};

/** SAML metadata as XML, at most 200,000 characters. */
const MetadataXmlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.maxLength(200_000, detailMessages.maxLength(200_000)),
);
/** An https address the upstream's metadata is read from. */
const MetadataUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.url(detailMessages.invalid),
  v.maxLength(500, detailMessages.maxLength(500)),
  v.startsWith('https://', 'must be an https address'),
);

const samlWrite = {
  ...commonWrite,
  kind: v.literal('saml'),
  metadataXml: v.optional(v.nullable(MetadataXmlSchema)),
  metadataUrl: v.optional(v.nullable(MetadataUrlSchema)),
  claimMapping: v.optional(SamlClaimMappingSchema, {}),
};

const oneMetadataSource = (input: {
  metadataXml?: string | null | undefined;
  metadataUrl?: string | null | undefined;
}) => [input.metadataXml, input.metadataUrl].filter((value) => value !== undefined && value !== null).length;

/** POST IdentityProvider: OIDC (the secret is required; a body without `kind` is OIDC) or SAML (XML or address). */
export const IdentityProviderCreateSchema = v.variant('kind', [
  v.object({ ...oidcWrite, kind: v.optional(v.literal('oidc'), 'oidc'), clientSecret: requiredText(500) }),
  v.pipe(
    v.object(samlWrite),
    v.forward(
      v.check((input) => oneMetadataSource(input) === 1, 'give the metadata as XML or as an address, not both'),
      ['metadataXml'],
    ),
  ),
]);
export type IdentityProviderCreate = v.InferInput<typeof IdentityProviderCreateSchema>;

/**
 * PUT IdentityProvider/{id}: a blank or missing secret keeps the one stored; SAML without metadata keeps the stored
 * metadata. The kind cannot change (400).
 */
export const IdentityProviderUpdateSchema = v.variant('kind', [
  v.object({
    ...oidcWrite,
    kind: v.optional(v.literal('oidc'), 'oidc'),
    clientSecret: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500, detailMessages.maxLength(500))))),
    version: RowVersionSchema,
  }),
  v.pipe(
    v.object({ ...samlWrite, version: RowVersionSchema }),
    v.forward(
      v.check((input) => oneMetadataSource(input) <= 1, 'give the metadata as XML or as an address, not both'),
      ['metadataXml'],
    ),
  ),
]);
export type IdentityProviderUpdate = v.InferInput<typeof IdentityProviderUpdateSchema>;
