import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
import type { IdpAccount } from '../oauth/account';
import { findUserById } from '../users/directory';
import { logEvent, userActor, type LogClient } from './catalogue';
import type { EventRecorder } from './recorder';

const clientOfKoa = (ctx: KoaContextWithOIDC): LogClient => ({
  ipAddress: ctx.ip,
  userAgent: ctx.get('user-agent') || null,
  requestId: null,
});

const appTarget = (clientId: string) => ({
  id: clientId,
  type: 'AppInstance',
  alternateId: clientId,
  displayName: clientId,
});

/**
 * The System Log events that happen inside oidc-provider, from its own events: a refresh-token grant
 * (`app.oauth2.token.grant.refresh_token`) and a logout at /v1/logout (`user.session.end`). Both run after the
 * answer is decided. A refresh names the account oidc-provider already loaded (its login stands for the display
 * name), so the hottest grant costs no extra query; a logout looks the user up, and a failed lookup is reported,
 * never thrown.
 */
export function recordProviderEvents(
  provider: Provider,
  db: Db,
  events: EventRecorder,
  onError: (error: unknown) => void,
): void {
  const targets = (ctx: KoaContextWithOIDC) => {
    const clientId = ctx.oidc.client?.clientId;
    return clientId ? [appTarget(clientId)] : [];
  };

  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc.params?.['grant_type'] !== 'refresh_token') return;
    const account = ctx.oidc.account as IdpAccount | undefined;
    if (!account) return;
    const actor = userActor({ id: account.accountId, login: account.login, firstName: '', lastName: '' });
    events.record(logEvent('app.oauth2.token.grant.refresh_token', clientOfKoa(ctx), actor, { targets: targets(ctx) }));
  });

  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId) return;
    const client = clientOfKoa(ctx);
    findUserById(db, accountId).then((user) => {
      if (user) events.record(logEvent('user.session.end', client, userActor(user), { targets: targets(ctx) }));
    }, onError);
  });
}
