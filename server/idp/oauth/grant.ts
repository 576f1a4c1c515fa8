import type { Grant, KoaContextWithOIDC } from 'oidc-provider';
import { API_AUDIENCE } from './access-tokens';

/**
 * No consent screen: like Okta's default authorization server for first-party apps, whatever a registered client
 * asks for (within the configured scopes) is granted. The grant is reused for the same client and user, extended
 * with any newly asked scope, and covers both the OIDC scopes and the API audience of the access token.
 */
export async function grantEverythingAsked(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const { session, client } = oidc;
  if (!session?.accountId || !client) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant =
    existing?.accountId === session.accountId && existing.clientId === client.clientId
      ? existing
      : new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const scope = [...oidc.requestParamScopes].join(' ');
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  if (scope) grant.addResourceScope(API_AUDIENCE, scope);
  await grant.save();
  return grant;
}
