import * as v from 'valibot';
import {
  ApiTokenCreatedSchema,
  ApiTokenListSchema,
  ApiTokenOwnerListSchema,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '@contracts/admin/api-tokens';
import type { ApiTokensData } from '@machines/api-tokens/api-tokens.machine';
import { http, type CallOptions } from '../http';

/** GET ApiToken and GET ApiTokenOwner: the tokens and the people who may own one. */
export async function loadApiTokens(options: CallOptions = {}): Promise<ApiTokensData> {
  const [tokens, owners] = await Promise.all([
    http.get('ApiToken', options).json(),
    http.get('ApiTokenOwner', options).json(),
  ]);
  return { tokens: v.parse(ApiTokenListSchema, tokens), owners: v.parse(ApiTokenOwnerListSchema, owners) };
}

/** POST ApiToken: the new token and, this once, its value. */
export async function createApiToken(body: ApiTokenCreate, options: CallOptions = {}): Promise<ApiTokenCreated> {
  return v.parse(ApiTokenCreatedSchema, await http.post('ApiToken', { json: body, ...options }).json());
}

/** DELETE ApiToken/{id}: revokes the token (it stays listed as revoked). */
export async function revokeApiToken(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`ApiToken/${encodeURIComponent(id)}`, options);
}
