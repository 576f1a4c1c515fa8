import type { Culture } from '@contracts/culture';
import { asksForProfile, profileAddress, redirectUrlOf } from '../support/link-parameters';
import type { LoginMode, LoginRoute } from './login.types';

/** The routes the login flow serves, by route id (src/app/routes.ts). */
const loginModes: Record<string, LoginMode> = {
  login: 'login',
  publicAdmin: 'publicAdmin',
  sso: 'sso',
  loginCallback: 'callback',
};

/** What the login flow needs of the address: the route it is on and what the address names. */
type LoginAddress = {
  routeId: string | undefined;
  clientId: string | undefined;
  /** As the address wrote it, if it named one. */
  culture: string | undefined;
  params: Record<string, string>;
  query: Record<string, string>;
};

/** The login flow's route from the address (public-and-profile §2: Login's shapes, Public/Admin, SSO, callback). */
export function loginRouteOf(location: LoginAddress, culture: Culture): LoginRoute {
  const mode = loginModes[location.routeId ?? ''] ?? 'login';
  // `redirectUrl`, else `aul_redirectUrl`; with `profile` the person goes to their own profile first, which then
  // returns there (docs/links.md "The login page").
  const redirectUrl = redirectUrlOf(location.query);
  return {
    mode,
    clientId: location.clientId,
    applicationName: location.params.applicationName ?? location.query.applicationName,
    culture,
    cultureNamed: location.culture !== undefined,
    recoveryToken: location.query.recoveryToken,
    redirectUrl: asksForProfile(location.query)
      ? profileAddress(redirectUrl, { adminPortal: mode === 'publicAdmin' })
      : redirectUrl,
  };
}
