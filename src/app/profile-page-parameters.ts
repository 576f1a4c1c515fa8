import * as v from 'valibot';
import { LINK_VALUE_LIMIT } from '@machines/profile-form/link-controls';
import { storage } from './storage';
import { storageKeys } from './storage-keys';
import { readJson } from './stored-values';

/**
 * The profile pages' own query parameters (spec public-and-profile §2: "Profile-page parameters excludeUsersRoles,
 * excludeRoles, filterFields and redirectUrl are kept in local storage and the address is rewritten"): moved into
 * local storage on arrival and taken out of the address (history replaced), so a reload, a bookmark or a shared
 * screenshot never carries them, and the page still has them. docs/links.md says what each one does.
 */
export const profilePageParameterNames = ['excludeUsersRoles', 'excludeRoles', 'filterFields', 'redirectUrl'] as const;
export type ProfilePageParameters = Partial<Record<(typeof profilePageParameterNames)[number], string>>;

/**
 * The parameters an address brings and the address without them; undefined when it brings none. Names match without
 * regard to case, as the rest of the address does.
 */
export function takeProfilePageParameters(search: string): { taken: ProfilePageParameters; rest: string } | undefined {
  const query = new URLSearchParams(search);
  const taken: ProfilePageParameters = {};
  let found = false;
  for (const [name, value] of [...query.entries()]) {
    const known = profilePageParameterNames.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (known === undefined) continue;
    found = true;
    query.delete(name);
    // A value longer than any link's may be (link-controls) is taken out of the address all the same, not kept.
    if (value.length <= LINK_VALUE_LIMIT) taken[known] = value;
  }
  return found ? { taken, rest: query.toString() } : undefined;
}

/** What a link left, each value a string (anything else in storage is not ours and is ignored). */
const StoredParametersSchema = v.partial(
  v.object(
    Object.fromEntries(profilePageParameterNames.map((name) => [name, v.string()])) as Record<
      (typeof profilePageParameterNames)[number],
      v.StringSchema<undefined>
    >,
  ),
);

export function readProfilePageParameters(): ProfilePageParameters {
  const stored = readJson(storageKeys.profilePage, StoredParametersSchema) ?? {};
  return Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined));
}

/** A new link replaces what an earlier one left: the parameters are the latest link's, not a mix of several. */
export function keepProfilePageParameters(parameters: ProfilePageParameters): void {
  storage.write(storageKeys.profilePage, JSON.stringify(parameters));
}
