import * as v from 'valibot';
import { FaqEntryListSchema, FaqEntrySchema, type FaqDraft, type FaqEntry, type FaqUpdate } from '@contracts/admin/faq';
import type { Culture } from '@contracts/culture';
import { http, type CallOptions } from '../http';

/** Whose questions, in which culture (the FAQ editor's scope). */
export type FaqScope = { clientId: string; culture: Culture };

const base = (clientId: string) => `Faq/${encodeURIComponent(clientId)}`;

/** GET Faq/{clientId}?culture: the scope's own questions. */
export async function listFaq(scope: FaqScope, options: CallOptions = {}): Promise<FaqEntry[]> {
  const answer = await http.get(base(scope.clientId), { searchParams: { culture: scope.culture }, ...options });
  return v.parse(FaqEntryListSchema, await answer.json());
}

/** POST Faq/{clientId}. */
export async function createFaq(clientId: string, body: FaqDraft, options: CallOptions = {}): Promise<FaqEntry> {
  return v.parse(FaqEntrySchema, await http.post(base(clientId), { json: body, ...options }).json());
}

/** PUT Faq/{clientId}/{id} with the version it was read at: a stale one is answered 409 stale_update. */
export async function updateFaq(
  clientId: string,
  id: string,
  body: FaqUpdate,
  options: CallOptions = {},
): Promise<FaqEntry> {
  const answer = await http.put(`${base(clientId)}/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(FaqEntrySchema, await answer.json());
}

/** DELETE Faq/{clientId}/{id}?version. */
export async function deleteFaq(row: FaqEntry, options: CallOptions = {}): Promise<void> {
  await http.delete(`${base(row.clientId)}/${encodeURIComponent(row.id)}`, {
    searchParams: { version: String(row.version) },
    ...options,
  });
}
