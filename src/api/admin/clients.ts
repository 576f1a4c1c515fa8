import * as v from 'valibot';
import {
  ClientCreateResultSchema,
  ClientSaveResultSchema,
  ClientSchema,
  CmsClientSchema,
  type Client,
  type ClientCreate,
  type ClientUpdate,
  type CmsClient,
} from '@contracts/admin/clients';
import { criticalityHeaders } from '../criticality';
import { http, type CallOptions } from '../http';

const ClientListSchema = v.array(ClientSchema);
const CmsClientListSchema = v.array(CmsClientSchema);

/** GET Client: every client the caller may see. */
export async function listClients(options: CallOptions = {}): Promise<Client[]> {
  return v.parse(ClientListSchema, await http.get('Client', options).json());
}

/** GET Client/CMSClient: the sites of the content-management system, for the client dialog's select. */
export async function listCmsClients(options: CallOptions = {}): Promise<CmsClient[]> {
  return v.parse(CmsClientListSchema, await http.get('Client/CMSClient', options).json());
}

/** POST Client (critical, spec §7): answers IsValid, the new Id and the saved client. */
export async function createClient(
  body: ClientCreate,
  options: CallOptions = {},
): Promise<{ id: string; object: Client }> {
  const answer = await http.post('Client', { json: body, headers: criticalityHeaders('Critical'), ...options });
  const { id, object } = v.parse(ClientCreateResultSchema, await answer.json());
  return { id, object };
}

/** PUT Client/{id} with the version it was read at: a stale one is answered 409 stale_update. */
export async function updateClient(id: string, body: ClientUpdate, options: CallOptions = {}): Promise<Client> {
  const answer = await http.put(`Client/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(ClientSaveResultSchema, await answer.json()).object;
}

/** DELETE Client/{id}: 409 with the reason while the client still has people. */
export async function deleteClient(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`Client/${encodeURIComponent(id)}`, options);
}
