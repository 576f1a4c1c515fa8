import type { ProfileApplication, UserProfile } from '@contracts/profile';

/** Tokens a link template may carry (spec public-and-profile §9 "Placeholder tokens for URL templates"). */
export type LinkTokens = { accessToken?: string; idToken?: string; refreshToken?: string; otpToken?: string };

const AULV1 = '/aulv1/';

/**
 * Does the link carry `{otpToken}` (any case)? Such a link needs a one-time token asked for the click that opens it
 * (`POST Auth/GenerateOtpToken`), never one kept from before: each token opens one link once.
 */
export const needsOtpToken = (link: string): boolean => /\{otptoken\}/i.test(link);

/** The role the person holds in one application: its application role, else the role on the application itself. */
export function roleIn(profile: UserProfile, application: Pick<ProfileApplication, 'name' | 'roleValue'>): string {
  const named = profile.applicationRoles.find(
    (entry) => entry.application.toLowerCase() === application.name.toLowerCase(),
  );
  return named?.roleValue ?? application.roleValue ?? '';
}

/**
 * An application link with its placeholders filled (`{userName}`, `{clientId}`, `{culture}`, `{appRole}`, the
 * tokens, and any profile field by name). Values are URL-encoded because they land in paths and query strings.
 * A leading `/aulv1/` is dropped unless the current page is itself under `/aulv1/` (spec §9).
 */
export function substitutePlaceholders(
  link: string,
  {
    profile,
    application,
    tokens = {},
    currentPath,
  }: {
    profile: UserProfile;
    application: Pick<ProfileApplication, 'name' | 'roleValue'>;
    tokens?: LinkTokens;
    currentPath: string;
  },
): string {
  const values = new Map<string, string>();
  for (const field of profile.fields) values.set(field.fieldName.toLowerCase(), field.value);
  const known: Record<string, string | undefined> = {
    clientId: profile.clientId,
    userId: profile.userId,
    culture: profile.culture,
    userName: profile.userName,
    fullName: profile.fullName,
    appRole: roleIn(profile, application),
    ...tokens,
  };
  for (const [name, value] of Object.entries(known)) if (value !== undefined) values.set(name.toLowerCase(), value);
  const filled = link.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = values.get(name.toLowerCase());
    return value === undefined ? whole : encodeURIComponent(value);
  });
  const underAulv1 = currentPath.toLowerCase().startsWith(AULV1);
  return !underAulv1 && filled.toLowerCase().startsWith(AULV1) ? filled.slice(AULV1.length - 1) : filled;
}

/** The application a stored name refers to: matched by name or alias, without regard to case (spec §4). */
export function findApplication(
  applications: readonly ProfileApplication[],
  nameOrAlias: string,
): ProfileApplication | undefined {
  const wanted = nameOrAlias.trim().toLowerCase();
  return applications.find((app) => app.name.toLowerCase() === wanted || app.alias.toLowerCase() === wanted);
}

/** Host names of the absolute application links: the only foreign places a redirect may go (admin-and-board §2). */
export function applicationHosts(applications: readonly Pick<ProfileApplication, 'applicationLink'>[]): string[] {
  return applications.flatMap((app) => {
    try {
      return /^https?:\/\//i.test(app.applicationLink) ? [new URL(app.applicationLink).host.toLowerCase()] : [];
    } catch {
      return [];
    }
  });
}
