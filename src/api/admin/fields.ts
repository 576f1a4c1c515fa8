import * as v from 'valibot';
import {
  FieldSaveResultSchema,
  FieldSchema,
  type Field,
  type FieldCreate,
  type FieldUpdate,
} from '@contracts/admin/fields';
import { ListItemSchema, type ListItem } from '@contracts/resources';
import { criticalityHeaders } from '../criticality';
import { http, type CallOptions } from '../http';

const FieldListSchema = v.array(FieldSchema);

/** GET Field: every field definition, with its sub-fields. */
export async function listFields(options: CallOptions = {}): Promise<Field[]> {
  return v.parse(FieldListSchema, await http.get('Field', options).json());
}

/** GET Field/{id}. */
export async function getField(id: string, options: CallOptions = {}): Promise<Field> {
  return v.parse(FieldSchema, await http.get(`Field/${encodeURIComponent(id)}`, options).json());
}

/** POST Field (critical, spec §7): answers IsValid and the saved field. */
export async function createField(body: FieldCreate, options: CallOptions = {}): Promise<Field> {
  const answer = await http.post('Field', { json: body, headers: criticalityHeaders('Critical'), ...options });
  return v.parse(FieldSaveResultSchema, await answer.json()).object;
}

/** PUT Field/{id} with the version it was read at: a stale one is answered 409 stale_update. */
export async function updateField(id: string, body: FieldUpdate, options: CallOptions = {}): Promise<Field> {
  const answer = await http.put(`Field/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(FieldSaveResultSchema, await answer.json()).object;
}

/** DELETE Field/{id}: 409 with the reason while a template still uses the field. */
export async function deleteField(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`Field/${encodeURIComponent(id)}`, options);
}

const ListsSchema = v.record(v.string(), v.array(ListItemSchema));

/** GET resource/lists?names&culture&clientId: the named resource lists (the dialog's data types and meta tags). */
export async function getResourceLists(
  input: { names: readonly string[]; culture: string; clientId: string | undefined },
  options: CallOptions = {},
): Promise<Record<string, ListItem[]>> {
  const searchParams = new URLSearchParams({ names: input.names.join(','), culture: input.culture });
  if (input.clientId) searchParams.set('clientId', input.clientId);
  return v.parse(ListsSchema, await http.get('resource/lists', { searchParams, ...options }).json());
}
