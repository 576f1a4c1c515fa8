import * as v from 'valibot';
import {
  ClientApplicationSchema,
  ClientApplicationTemplateSchema,
  type ClientApplication,
  type ClientApplicationActivation,
  type ClientApplicationTemplate,
  type ClientApplicationTemplateUpdate,
} from '@contracts/admin/client-applications';
import { http, type CallOptions } from '../http';

const ClientApplicationListSchema = v.array(ClientApplicationSchema);

/** GET ClientApplication/{clientId}: every application of the catalogue with its active flag for the client. */
export async function listClientApplications(
  clientId: string,
  options: CallOptions = {},
): Promise<ClientApplication[]> {
  return v.parse(
    ClientApplicationListSchema,
    await http.get(`ClientApplication/${encodeURIComponent(clientId)}`, options).json(),
  );
}

/** PUT ClientApplication/{clientId}: the full list with active flags and the versions read (stale → 409). */
export async function saveClientApplications(
  clientId: string,
  body: ClientApplicationActivation,
  options: CallOptions = {},
): Promise<void> {
  await http.put(`ClientApplication/${encodeURIComponent(clientId)}`, { json: body, ...options });
}

/** GET ClientApplicationTemplate/{id}: the template and Okta settings of one client application. */
export async function getClientApplicationTemplate(
  id: string,
  options: CallOptions = {},
): Promise<ClientApplicationTemplate> {
  return v.parse(
    ClientApplicationTemplateSchema,
    await http.get(`ClientApplicationTemplate/${encodeURIComponent(id)}`, options).json(),
  );
}

/** PUT ClientApplicationTemplate/{id}: the full record with the version read; answers the saved record. */
export async function saveClientApplicationTemplate(
  id: string,
  body: ClientApplicationTemplateUpdate,
  options: CallOptions = {},
): Promise<ClientApplicationTemplate> {
  const answer = await http.put(`ClientApplicationTemplate/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(ClientApplicationTemplateSchema, await answer.json());
}
