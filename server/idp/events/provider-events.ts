import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
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
 * answer is decided; the user is looked up for the actor's name, and a failed lookup is reported, never thrown.
 */
export function recordProviderEvents(
  provider: Provider,
  db: Db,
  events: EventRecorder,
  onError: (error: unknown) => void,
): void {
  const recordFor = (
    ctx: KoaContextWithOIDC,
    accountId: string | undefined,
    eventType: 'app.oauth2.token.grant.refresh_token' | 'user.session.end',
  ) => {
    if (!accountId) return;
    const client = clientOfKoa(ctx);
    const clientId = ctx.oidc.client?.clientId;
    findUserById(db, accountId).then((user) => {
      if (!user) return;
      events.record(logEvent(eventType, client, userActor(user), { targets: clientId ? [appTarget(clientId)] : [] }));
    }, onError);
  };

  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc.params?.['grant_type'] !== 'refresh_token') return;
    recordFor(ctx, ctx.oidc.entities.RefreshToken?.accountId, 'app.oauth2.token.grant.refresh_token');
  });
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    recordFor(ctx, ctx.oidc.session?.accountId, 'user.session.end');
  });
}
