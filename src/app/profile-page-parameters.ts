import { storage } from './storage';
import { storageKeys } from './storage-keys';

/**
 * The profile pages' own query parameters (spec public-and-profile §2: "Profile-page parameters excludeUsersRoles,
 * excludeRoles, filterFields and redirectUrl are kept in local storage and the address is rewritten"): moved into
 * local storage on arrival and taken out of the address (history replaced), so a reload, a bookmark or a shared
 * screenshot never carries them, and the page still has them. docs/links.md says what each one does.
 */
export const profilePageParameterNames = ['excludeUsersRoles', 'excludeRoles', 'filterFields', 'redirectUrl'] as const;
export type ProfilePageParameters = Partial<Record<(typeof profilePageParameterNames)[number], string>>;

/** As long as a link value may be (machines/profile-form/link-controls LINK_VALUE_LIMIT); a longer one is dropped. */
const VALUE_LIMIT = 1024;

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
    if (value.length <= VALUE_LIMIT) taken[known] = value;
  }
  return found ? { taken, rest: query.toString() } : undefined;
}

export function readProfilePageParameters(): ProfilePageParameters {
  const stored = storage.read(storageKeys.profilePage);
  if (stored === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      profilePageParameterNames.flatMap((name) => {
        const value = (parsed as Record<string, unknown>)[name];
        return typeof value === 'string' ? [[name, value]] : [];
      }),
    );
  } catch {
    return {};
  }
}

/** A new link replaces what an earlier one left: the parameters are the latest link's, not a mix of several. */
export function keepProfilePageParameters(parameters: ProfilePageParameters): void {
  storage.write(storageKeys.profilePage, JSON.stringify(parameters));
}
