import * as v from 'valibot';
import {
  IdentityProviderListSchema,
  IdentityProviderSchema,
  type IdentityProvider,
  type IdentityProviderCreate,
  type IdentityProviderUpdate,
} from '@contracts/admin/identity-providers';
import { http, type CallOptions } from '../http';

/** GET IdentityProvider: the federation registry (provider administrators; docs/api.md "Identity providers"). */
export async function listIdentityProviders(options: CallOptions = {}): Promise<IdentityProvider[]> {
  return v.parse(IdentityProviderListSchema, await http.get('IdentityProvider', options).json());
}

/** POST IdentityProvider: a taken name is 409. */
export async function createIdentityProvider(
  body: IdentityProviderCreate,
  options: CallOptions = {},
): Promise<IdentityProvider> {
  const answer = await http.post('IdentityProvider', { json: body, ...options });
  return v.parse(IdentityProviderSchema, await answer.json());
}

/** PUT IdentityProvider/{id} with the version it was read at: a stale one is answered 409 stale_update. */
export async function updateIdentityProvider(
  id: string,
  body: IdentityProviderUpdate,
  options: CallOptions = {},
): Promise<IdentityProvider> {
  const answer = await http.put(`IdentityProvider/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(IdentityProviderSchema, await answer.json());
}

/** DELETE IdentityProvider/{id}: a client that named it falls back to the sign-in widget. */
export async function deleteIdentityProvider(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`IdentityProvider/${encodeURIComponent(id)}`, options);
}
