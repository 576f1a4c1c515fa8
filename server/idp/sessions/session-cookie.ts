import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

type Cookies = KoaContextWithOIDC['cookies'];
type Session = Awaited<ReturnType<Provider['Session']['get']>>;

/**
 * Writes oidc-provider's `_session` cookie for a session we saved ourselves (outside its routes): signed with the
 * provider's cookie keys, HttpOnly, SameSite=Lax, expiring with the stored session, as oidc-provider writes it.
 */
export function writeSessionCookie(provider: Provider, cookies: Cookies, session: Session): void {
  cookies.set(provider.cookieName('session'), session.jti, {
    httpOnly: true,
    sameSite: 'lax',
    expires: new Date(session.exp * 1000),
  });
}

/** Clears the `_session` cookie. */
export function clearSessionCookie(provider: Provider, cookies: Cookies): void {
  cookies.set(provider.cookieName('session'), null, { httpOnly: true, sameSite: 'lax' });
}
