import type { FormApplication, RoleOption } from '@contracts/profile-form';

/**
 * The role lists of the Agent and Admin modes (spec public-and-profile §6 "Role lists come from a role URL per
 * application … If the fetch fails, the form falls back to the assigned role value or the default role value", and
 * "Role lists for instance editing exclude, per application, the role named in the site rules, unless the edited
 * instance is the current user's own"). Pure: the wiring fetches, these decide.
 */

/** What a role URL's placeholders are filled with: the edited person's login, client and role in the application. */
export type RoleUrlValues = { userName: string; clientId: string; appRole: string };

/** The role URL with `{userName}`, `{clientId}` and `{appRole}` filled (any case, URL-encoded); others stay. */
export function roleListUrl(template: string, values: RoleUrlValues): string {
  const known = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = known.get(name.toLowerCase());
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A property by name without regard to case (`Caption`, `caption`). */
const read = (item: Record<string, unknown>, name: string): string | undefined => {
  const key = Object.keys(item).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : textOf(item[key]);
};

/**
 * A role URL's answer as options: an array of `{ Caption, Key }` (any case), or an object of key → caption. Anything
 * else (or an entry without a key) is not a role list: undefined, and the caller falls back.
 */
export function parseRoleList(answer: unknown): RoleOption[] | undefined {
  if (Array.isArray(answer)) {
    const options: RoleOption[] = [];
    for (const entry of answer) {
      if (typeof entry !== 'object' || entry === null) return undefined;
      const key = read(entry as Record<string, unknown>, 'key');
      if (key === undefined || key.trim() === '') return undefined;
      options.push({ key, caption: read(entry as Record<string, unknown>, 'caption') ?? key });
    }
    return options;
  }
  if (typeof answer === 'object' && answer !== null) {
    const entries = Object.entries(answer as Record<string, unknown>);
    if (entries.some(([, caption]) => textOf(caption) === undefined)) return undefined;
    return entries.map(([key, caption]) => ({ key, caption: textOf(caption) ?? key }));
  }
  return undefined;
}

/** The fallback list: the role the person holds in the application, else its default role. */
export function fallbackRoles(application: Pick<FormApplication, 'roleValue' | 'defaultRoleValue'>): RoleOption[] {
  const role = application.roleValue ?? application.defaultRoleValue;
  return role.trim() === '' ? [] : [{ key: role, caption: role }];
}

/**
 * The roles offered for one application: the list without the roles the client's site rules exclude in that
 * application (the form carries them per application; unless it is the person's own profile), and always with the
 * role the person holds, so a save never drops it unasked. The server refuses an excluded role the same way.
 */
export function offeredRoles(
  options: readonly RoleOption[],
  application: Pick<FormApplication, 'roleValue' | 'excludedRoles'>,
  { ownProfile }: { ownProfile: boolean },
): RoleOption[] {
  const excluded = ownProfile ? [] : application.excludedRoles.map((role) => role.trim().toLowerCase());
  const held = application.roleValue;
  // The held role stays where the list has it, with the list's caption, even when the site rules exclude it.
  const offered = options.filter(
    (option) => option.key === held || !excluded.includes(option.key.trim().toLowerCase()),
  );
  return held === null || held === '' || offered.some((option) => option.key === held)
    ? offered
    : [...offered, { key: held, caption: held }];
}
