import * as v from 'valibot';
import { EntityIdSchema, requiredText } from './common';

/**
 * API tokens (issue 33 item 1, docs/api.md "API tokens"): SSWS tokens for the embedded identity provider's management
 * API, made, listed and revoked by the provider administrator. A token acts with its owner's rights at the moment it is
 * used. Its value leaves the server once, in the answer to the create; afterwards only its digest exists.
 */
export const apiTokenStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof apiTokenStatuses)[number];

/** Who may own a token: a provider administrator (every client) or a client administrator (their client). */
export const apiTokenOwnerRoles = ['admin', 'clientadmin'] as const;

export const ApiTokenOwnerSchema = v.object({
  id: v.string(),
  login: v.string(),
  name: v.string(),
  role: v.picklist(apiTokenOwnerRoles),
  /** The client a client administrator's token reaches; null for a provider administrator. */
  clientName: v.nullable(v.string()),
});
export type ApiTokenOwner = v.InferOutput<typeof ApiTokenOwnerSchema>;
export const ApiTokenOwnerListSchema = v.array(ApiTokenOwnerSchema);

export const ApiTokenSchema = v.object({
  id: v.string(),
  name: v.string(),
  ownerId: v.string(),
  ownerLogin: v.string(),
  createdBy: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
  rateLimitPerMinute: v.number(),
  status: v.picklist(apiTokenStatuses),
});
export type ApiToken = v.InferOutput<typeof ApiTokenSchema>;
export const ApiTokenListSchema = v.array(ApiTokenSchema);

/** Days a new token lasts, or none (no expiry). */
export const apiTokenLifetimes = [30, 90, 365] as const;
export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 10_000;
export const RATE_LIMIT_DEFAULT = 600;

/** POST ApiToken. */
export const ApiTokenCreateSchema = v.object({
  name: requiredText(100),
  ownerId: EntityIdSchema,
  /** Days until it expires; null: never. */
  expiresInDays: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650))), null),
  rateLimitPerMinute: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(RATE_LIMIT_MIN), v.maxValue(RATE_LIMIT_MAX)),
    RATE_LIMIT_DEFAULT,
  ),
});
export type ApiTokenCreate = v.InferInput<typeof ApiTokenCreateSchema>;

/** The create's answer: the token and, this once, its value. */
export const ApiTokenCreatedSchema = v.object({ token: ApiTokenSchema, value: v.string() });
export type ApiTokenCreated = v.InferOutput<typeof ApiTokenCreatedSchema>;
