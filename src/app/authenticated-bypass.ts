/**
 * The configuration bypass flag of spec public-and-profile §4 "Authenticated" ("A configuration bypass flag can skip
 * this"): `VITE_AUTHENTICATED_BYPASS=true` at build or dev-server time lets a stored profile count as signed in without
 * checking its token or the token's expiry, for working on signed-in pages against a stale or hand-made profile.
 *
 * Honoured only outside production builds: a production build ignores it, whatever the setting says. It never weakens
 * the server, which checks the bearer token of every call; a call without a valid one answers 401, and the SPA's one
 * 401 policy signs the person out (docs/flows/session.md "Authenticated").
 */
export function authenticatedBypass(env: { PROD: boolean; VITE_AUTHENTICATED_BYPASS?: string | undefined }): boolean {
  return !env.PROD && env.VITE_AUTHENTICATED_BYPASS === 'true';
}
