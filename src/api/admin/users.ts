import * as v from 'valibot';
import {
  UserDetailsSchema,
  UserPageSchema,
  type UserDetails,
  type UserGridQuery,
  type UserPage,
} from '@contracts/users';
import { http, type CallOptions } from '../http';
import { searchParamsOf } from '../search-params';

/** GET ManageUsers: one page of the people the caller may see (the server scopes it to their reach). */
export async function listUsers(query: UserGridQuery, options: CallOptions = {}): Promise<UserPage> {
  const searchParams = searchParamsOf(query);
  return v.parse(UserPageSchema, await http.get('ManageUsers', { searchParams, ...options }).json());
}

/** GET ManageUsers/Export: every person the query keeps (not one page), as the server's numbered CSV. */
export async function exportUsers(query: UserGridQuery, options: CallOptions = {}): Promise<string> {
  return http.get('ManageUsers/Export', { searchParams: searchParamsOf(query), ...options }).text();
}

/** GET ManageUsers/{id}/Details: the person's applications and roles, shown under their open row. */
export async function getUserDetails(id: string, options: CallOptions = {}): Promise<UserDetails> {
  return v.parse(UserDetailsSchema, await http.get(`ManageUsers/${encodeURIComponent(id)}/Details`, options).json());
}

/** DELETE Instance/{id} (spec §7): never one's own login (409). */
export async function deleteUser(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`Instance/${encodeURIComponent(id)}`, options);
}

/**
 * POST ManageUsers/{id}/ClearSessions or …/ResetFactors: an administrator ends a person's sessions (their refresh
 * tokens with them) or removes their factors (issue 31 items 2 and 3).
 */
export async function resetSignInOf(
  id: string,
  reset: 'clearSessions' | 'resetFactors',
  options: CallOptions = {},
): Promise<void> {
  const path = reset === 'clearSessions' ? 'ClearSessions' : 'ResetFactors';
  await http.post(`ManageUsers/${encodeURIComponent(id)}/${path}`, options);
}
