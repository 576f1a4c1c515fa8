import * as v from 'valibot';
import { UserPageSchema, type UserDetails, type UserGridQuery, type UserPage } from '@contracts/users';
import { http, type CallOptions } from './http';
import { getInstance } from './instance';
import { searchParamsOf } from './search-params';

/** GET Agent/People: one page of the people of the agent's client they may open (the server scopes it). */
export async function listAgentPeople(query: UserGridQuery, options: CallOptions = {}): Promise<UserPage> {
  const searchParams = searchParamsOf(query);
  return v.parse(UserPageSchema, await http.get('Agent/People', { searchParams, ...options }).json());
}

/** A person's applications and roles under their open row: from their profile (GET Instance/{id}), as an agent reads it. */
export async function getAgentPersonDetails(id: string, options: CallOptions = {}): Promise<UserDetails> {
  return { applications: (await getInstance(id, options)).applicationRoles };
}
