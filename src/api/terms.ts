import * as v from 'valibot';
import type { Culture } from '@contracts/culture';
import {
  CurrentTermsAnswerSchema,
  PendingTermsSchema,
  TermsVersionListSchema,
  TermsVersionSchema,
  type CurrentTerms,
  type PendingTerms,
  type TermsAcceptance,
  type TermsPublish,
  type TermsVersion,
} from '@contracts/terms';
import { http, type CallOptions } from './http';

/** GET Terms/Current/:clientId (no auth): the client's current terms, or undefined when it has published none. */
export async function getCurrentTerms(
  input: { clientId: string; culture: Culture },
  options: CallOptions = {},
): Promise<CurrentTerms | undefined> {
  const answer = await http.get(`Terms/Current/${encodeURIComponent(input.clientId)}`, {
    searchParams: { culture: input.culture },
    ...options,
  });
  return v.parse(CurrentTermsAnswerSchema, await answer.json()).current ?? undefined;
}

/** GET profile/terms: the version the signed-in person still has to accept, if any. */
export async function getPendingTerms(culture: Culture, options: CallOptions = {}): Promise<PendingTerms> {
  return v.parse(PendingTermsSchema, await http.get('profile/terms', { searchParams: { culture }, ...options }).json());
}

/** POST profile/terms: the signed-in person accepts the current version (409 when a newer one was published). */
export async function acceptTerms(acceptance: TermsAcceptance, options: CallOptions = {}): Promise<void> {
  await http.post('profile/terms', { json: acceptance, ...options });
}

/** GET Terms/:clientId: every published version of a client, newest first (administrators). */
export async function listTermsVersions(clientId: string, options: CallOptions = {}): Promise<TermsVersion[]> {
  return v.parse(TermsVersionListSchema, await http.get(`Terms/${encodeURIComponent(clientId)}`, options).json());
}

/** POST Terms/:clientId: publishes the next version (409 when `basedOn` is no longer the current one). */
export async function publishTerms(
  clientId: string,
  body: TermsPublish,
  options: CallOptions = {},
): Promise<TermsVersion> {
  return v.parse(
    TermsVersionSchema,
    await http.post(`Terms/${encodeURIComponent(clientId)}`, { json: body, ...options }).json(),
  );
}

/** GET Terms/:clientId/Acceptances: who accepted which version, as the server writes the CSV (administrators). */
export async function exportTermsAcceptances(clientId: string, options: CallOptions = {}): Promise<string> {
  return http.get(`Terms/${encodeURIComponent(clientId)}/Acceptances`, options).text();
}
