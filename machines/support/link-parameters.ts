/**
 * Query parameters that several pages read alike (spec public-and-profile §2 "Query parameters used across pages":
 * `redirectUrl`, `aul_redirectUrl`, `profile`, …). docs/links.md says what a link developer can expect of each.
 */

type Query = Readonly<Record<string, string>>;

/** A parameter's value, or undefined when it is absent or empty (an empty `?redirectUrl=` names nothing). */
const named = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return value === undefined || value.trim() === '' ? undefined : value;
};

/**
 * The redirect URL a link names: `redirectUrl`, else `aul_redirectUrl` (the name the administration portal's links
 * use for the same thing). Either one is followed only under the one safe-redirect rule (machines/support/
 * safe-redirect.ts): Gatehouse itself or the host of an application link of the person's client.
 */
export function redirectUrlOf(query: Query): string | undefined {
  return named(query, 'redirectUrl') ?? named(query, 'aul_redirectUrl');
}

/** `profile` with no value, or any value but `false` or `0` (without regard to case). */
export function asksForProfile(query: Query): boolean {
  const value = query.profile;
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  return text !== 'false' && text !== '0';
}

/**
 * Where a login link with `profile` leads after signing in: the person's own profile (Edit Profile; the admin portal's
 * `/profile` when the login is the admin portal's), returning on Save or Cancel to the link's redirect URL, else to
 * the board (or nowhere in particular: the admin profile page's own fallback). The redirect URL is passed on as it came;
 * Edit Profile checks it under the safe-redirect rule when it leaves.
 */
export function profileAddress(redirectUrl: string | undefined, { adminPortal }: { adminPortal: boolean }): string {
  if (adminPortal) return redirectUrl === undefined ? '/profile' : `/profile/${encodeURIComponent(redirectUrl)}`;
  return `/board/editProfile/${encodeURIComponent(redirectUrl ?? '/board/index')}`;
}
