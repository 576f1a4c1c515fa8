import type { AuthorizationCode, KoaContextWithOIDC } from 'oidc-provider';
import { issueRefreshToken } from './authorize-params';

const OFFLINE = 'offline_access';

/**
 * Whether the token being issued comes with offline access: a refresh grant (refresh tokens exist only for offline
 * access), or a code that yields a refresh token. oidc-provider strips `offline_access` from the request's scopes
 * (authorize-params.ts), so the scopes alone never say it.
 */
export function grantsOfflineAccess(ctx: KoaContextWithOIDC): boolean {
  const { entities, client } = ctx.oidc;
  if (entities.RefreshToken !== undefined) return true;
  const code: AuthorizationCode | undefined = entities.AuthorizationCode;
  return code !== undefined && client !== undefined && issueRefreshToken(ctx, client, code);
}

/** The scope list with `offline_access` added when it is granted, as Okta lists it (okta-compat §3). */
export function withOfflineAccess(scopes: string[], ctx: KoaContextWithOIDC): string[] {
  return !scopes.includes(OFFLINE) && grantsOfflineAccess(ctx) ? [...scopes, OFFLINE] : scopes;
}

/** The token response's `scope` lists `offline_access` whenever a refresh token comes with it, as Okta's does. */
export async function offlineScopeInTokenResponse(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  if (ctx.oidc.route !== 'token' || typeof ctx.body !== 'object' || ctx.body === null) return;
  const body = ctx.body as Record<string, unknown>;
  if (typeof body.refresh_token !== 'string' || typeof body.scope !== 'string') return;
  const scopes = body.scope.split(' ');
  if (!scopes.includes(OFFLINE)) body.scope = [...scopes, OFFLINE].join(' ');
}

/**
 * A refresh request's form without `offline_access` in `scope`. auth-js asks a refresh for the scopes the token
 * response listed, which now include `offline_access`; oidc-provider never stores that scope on a refresh token
 * (it stripped it at authorization) and would refuse the request as asking for more. A refresh token is offline
 * access itself, so nothing is lost. Any other body is handed on untouched.
 */
export function refreshFormWithoutOfflineScope(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  const form = new URLSearchParams(body);
  const scope = form.get('scope');
  if (form.get('grant_type') !== 'refresh_token' || scope === null) return body;
  const scopes = scope.split(' ').filter((name) => name !== OFFLINE);
  if (scopes.length === 0) form.delete('scope');
  else form.set('scope', scopes.join(' '));
  return form.toString();
}
