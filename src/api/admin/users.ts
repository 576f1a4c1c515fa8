import * as v from 'valibot';
import { UserPageSchema, type UserGridQuery, type UserPage } from '@contracts/users';
import { http, type CallOptions } from '../http';

/** GET ManageUsers: one page of the people the caller may see (the server scopes it to their reach). */
export async function listUsers(query: UserGridQuery, options: CallOptions = {}): Promise<UserPage> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][])
    if (value !== undefined) searchParams[key] = String(value);
  return v.parse(UserPageSchema, await http.get('ManageUsers', { searchParams, ...options }).json());
}

/** DELETE Instance/{id} (spec §7): never one's own login (409). */
export async function deleteUser(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`Instance/${encodeURIComponent(id)}`, options);
}
