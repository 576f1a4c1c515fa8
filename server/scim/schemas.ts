import type { FormDefinition } from '@contracts/profile-form';

/**
 * The discovery documents (RFC 7644 §4, RFC 7643 §5–7): what this server supports, the User schema as far as it is
 * stored, and the client's profile as an extension schema whose attributes are the client's form fields (their
 * dictionary names), so a SCIM client can discover which fields a client has and which are required.
 */

export const CORE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const CORE_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** The client's profile fields (one string attribute per field of the client's form). */
export const PROFILE_SCHEMA = 'urn:gatehouse:params:scim:schemas:extension:profile:2.0:User';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** Most results a page holds (a larger `count` is lowered to it: RFC 7644 §3.4.2.4 lets the server do so). */
export const MAX_PAGE = 200;

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'API token',
        description: 'An API token made on the API tokens page, sent as Authorization: Bearer <token>.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the client',
      schema: CORE_USER_SCHEMA,
      schemaExtensions: [{ schema: PROFILE_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "A group of the client's people: an identity-provider group named {OktaPrefix}__{displayName}",
      schema: CORE_GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'dateTime' | 'reference';
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'default' | 'never';
  uniqueness: 'none' | 'server' | 'global';
  description?: string;
  subAttributes?: Attribute[];
  referenceTypes?: string[];
}

const attribute = (name: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const userAttributes: Attribute[] = [
  attribute('userName', {
    required: true,
    uniqueness: 'server',
    mutability: 'immutable',
    description: 'The e-mail the person signs in with; it cannot change once the person exists.',
  }),
  attribute('externalId', { caseExact: true, uniqueness: 'server' }),
  attribute('name', {
    type: 'complex',
    subAttributes: [
      attribute('givenName'),
      attribute('familyName'),
      attribute('formatted', { mutability: 'readOnly' }),
    ],
  }),
  attribute('displayName', { mutability: 'readOnly' }),
  attribute('preferredLanguage', { description: 'en or es' }),
  attribute('active', { type: 'boolean' }),
  attribute('password', { mutability: 'writeOnly', returned: 'never' }),
  attribute('emails', {
    type: 'complex',
    multiValued: true,
    mutability: 'immutable',
    subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
  }),
  attribute('groups', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: "The client's groups the person is a member of; changed through the Group's members.",
    subAttributes: [
      attribute('value', { mutability: 'readOnly' }),
      attribute('$ref', { type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly' }),
      attribute('display', { mutability: 'readOnly' }),
      attribute('type', { mutability: 'readOnly' }),
    ],
  }),
];

const groupAttributes: Attribute[] = [
  attribute('displayName', {
    required: true,
    uniqueness: 'server',
    description: 'Unique in the client without case; the identity-provider group is {OktaPrefix}__{displayName}.',
  }),
  attribute('externalId', { caseExact: true, uniqueness: 'server' }),
  attribute('members', {
    type: 'complex',
    multiValued: true,
    description: 'People of the client, by their User id. Returned unless excludedAttributes=members.',
    subAttributes: [
      attribute('value', { mutability: 'immutable', caseExact: true }),
      attribute('$ref', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
      attribute('display', { mutability: 'readOnly' }),
      attribute('type', { mutability: 'immutable' }),
    ],
  }),
];

export function schemaDocuments(base: string, form: FormDefinition) {
  const profile = form.fields.map((field) =>
    attribute(field.fieldName, {
      required: field.mandatory,
      mutability: field.fieldDisable ? 'readOnly' : 'readWrite',
      ...(field.metaTag === null ? {} : { description: `Meta tag ${field.metaTag}` }),
    }),
  );
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: CORE_USER_SCHEMA,
      name: 'User',
      description: 'User account',
      attributes: userAttributes,
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${CORE_USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: CORE_GROUP_SCHEMA,
      name: 'Group',
      description: 'Group',
      attributes: groupAttributes,
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${CORE_GROUP_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: PROFILE_SCHEMA,
      name: 'Profile',
      description: `The profile fields of ${form.clientName}, checked by the same rules as the profile form`,
      attributes: profile,
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${PROFILE_SCHEMA}` },
    },
  ];
}

export const listResponse = (resources: unknown[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_RESPONSE],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
