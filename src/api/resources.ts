import * as v from 'valibot';
import type { Culture } from '@contracts/culture';
import {
  AggregatedResourcesSchema,
  FaqSchema,
  ResourceVersionSchema,
  type AggregatedResources,
  type FaqQuestion,
} from '@contracts/resources';
import { http, type CallOptions } from './http';

/** GET resource/GetResourceVersionPerClient?clientId, or GetResourceVersion when no client is known. */
export async function getResourceVersion(
  input: { clientId: string | undefined },
  options: CallOptions = {},
): Promise<number> {
  const request = input.clientId
    ? http.get('resource/GetResourceVersionPerClient', { searchParams: { clientId: input.clientId }, ...options })
    : http.get('resource/GetResourceVersion', options);
  return v.parse(ResourceVersionSchema, await request.json()).version;
}

/**
 * GET resource/aggregatedByPage?components&culture&clientId: everything a page needs in one answer. `v` is the
 * resource version, so a new version is a new URL and no cache serves stale texts.
 */
export async function getAggregatedByPage(
  input: { components: readonly string[]; culture: Culture; clientId: string | undefined; version: number },
  options: CallOptions = {},
): Promise<AggregatedResources> {
  const searchParams = new URLSearchParams({
    components: input.components.join(','),
    culture: input.culture,
    v: String(input.version),
  });
  if (input.clientId) searchParams.set('clientId', input.clientId);
  return v.parse(
    AggregatedResourcesSchema,
    await http.get('resource/aggregatedByPage', { searchParams, ...options }).json(),
  );
}

/** Address of the client's login logo (GET resource/loginlogo?clientId), for an `<img>`. */
export function loginLogoUrl(clientId: string | undefined): string {
  return clientId
    ? `/api/v1/resource/loginlogo?clientId=${encodeURIComponent(clientId)}`
    : '/api/v1/resource/loginlogo';
}

/**
 * Address of a client's top-bar logo (GET resource/logo?clientId), for an `<img>`: the client's own, else the global
 * one, else the portal's mark (the server falls back, never a 404).
 */
export function logoUrl(clientId: string | undefined): string {
  return clientId ? `/api/v1/resource/logo?clientId=${encodeURIComponent(clientId)}` : '/api/v1/resource/logo';
}

/** GET resource/faq?clientId&culture: the help page's questions (English where the culture has none). */
export async function getFaq(
  input: { clientId: string | undefined; culture: Culture },
  options: CallOptions = {},
): Promise<FaqQuestion[]> {
  const searchParams = new URLSearchParams({ culture: input.culture });
  if (input.clientId) searchParams.set('clientId', input.clientId);
  return v.parse(FaqSchema, await http.get('resource/faq', { searchParams, ...options }).json());
}
