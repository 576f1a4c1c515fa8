import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oktaErrors } from '../authn/errors';
import { recordAdminEvent } from '../events/admin-events';
import { userTarget } from '../events/catalogue';
import { listFactors, deleteFactor } from '../factors/store';
import { ACTIVATION_TOKEN_TTL_MS, RECOVERY_TOKEN_TTL_MS, recoveryMail } from '../recovery/recovery-mail';
import { issueRecoveryLink, mailActivationLink } from '../recovery/links';
import { activateUser, activationFrom, clearSessions, setStatus, type Activation } from '../users/admin';
import type { IdpUser } from '../users/directory';
import { isLocked, unlockUser } from '../users/sign-in';
import type { UserStatus } from '../tables';
import type { ManagementContext } from './context';
import { userBody } from './shapes';
import { userFromPath } from './users-routes';

const LIFECYCLE = '/api/v1/users/:user/lifecycle';

interface LifecycleRequest {
  Params: { user: string };
  Querystring: { sendEmail?: string };
}

function requireStatus(user: IdpUser, allowed: readonly UserStatus[]): void {
  if (!allowed.includes(user.status)) throw oktaErrors.wrongUserStatus();
}

/** Lifecycle operations (okta-compat §6); a wrong current status gives 403 E0000038 (400 E0000001 for suspension). */
export function lifecycleRoutes(scope: FastifyInstance, ctx: ManagementContext): void {
  /**
   * A user with a password becomes ACTIVE. One without becomes PROVISIONED and gets an activation link (mailed, or
   * returned with `sendEmail=false`); the link opens the widget's set-a-password step. By id (the portal's calls) the
   * status is checked and written in one statement; by login, or in a wrong status, the user is read first.
   */
  const activate = (activation: Activation) => async (request: FastifyRequest<LifecycleRequest>) => {
    let user = await activateUser(ctx.db, request.params.user, activation);
    if (user === undefined) {
      const found = await userFromPath(ctx, request.params.user);
      requireStatus(found, activationFrom[activation]);
      user = await activateUser(ctx.db, found.id, activation);
      // Its status changed between the read and the write.
      if (user === undefined) throw oktaErrors.wrongUserStatus();
    }
    // Recorded once the status is written, as every other event: a failed write leaves no event behind.
    recordAdminEvent(ctx.events, request, 'user.lifecycle.activate', [userTarget(user)]);
    if (user.status === 'ACTIVE') return {};
    if (request.query.sendEmail !== 'false') {
      await mailActivationLink(ctx, user);
      return {};
    }
    const { token, url } = await issueRecoveryLink(ctx, user, ACTIVATION_TOKEN_TTL_MS);
    return { activationUrl: url, activationToken: token };
  };

  scope.post<LifecycleRequest>(`${LIFECYCLE}/activate`, activate('activate'));
  scope.post<LifecycleRequest>(`${LIFECYCLE}/reactivate`, activate('reactivate'));

  scope.post<LifecycleRequest>(`${LIFECYCLE}/deactivate`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    if (user.status === 'DEPROVISIONED') throw oktaErrors.wrongUserStatus();
    await setStatus(ctx.db, user.id, 'DEPROVISIONED');
    await clearSessions(ctx.db, user.id, { oauthTokens: true });
    recordAdminEvent(ctx.events, request, 'user.lifecycle.deactivate', [userTarget(user)]);
    return {};
  });

  scope.post<LifecycleRequest>(`${LIFECYCLE}/suspend`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    if (user.status !== 'ACTIVE') throw oktaErrors.validation(['status: Only an ACTIVE user can be suspended']);
    await setStatus(ctx.db, user.id, 'SUSPENDED');
    await clearSessions(ctx.db, user.id, { oauthTokens: true });
    recordAdminEvent(ctx.events, request, 'user.lifecycle.suspend', [userTarget(user)]);
    return {};
  });

  scope.post<LifecycleRequest>(`${LIFECYCLE}/unsuspend`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    if (user.status !== 'SUSPENDED') throw oktaErrors.validation(['status: Only a SUSPENDED user can be unsuspended']);
    await setStatus(ctx.db, user.id, 'ACTIVE');
    recordAdminEvent(ctx.events, request, 'user.lifecycle.unsuspend', [userTarget(user)]);
    return {};
  });

  scope.post<LifecycleRequest>(`${LIFECYCLE}/unlock`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    if (!isLocked(user, new Date())) throw oktaErrors.wrongUserStatus();
    await unlockUser(ctx.db, user.id);
    recordAdminEvent(ctx.events, request, 'user.account.unlock', [userTarget(user)]);
    return {};
  });

  /** The user must choose a new password at the next sign-in (authn PASSWORD_EXPIRED). */
  scope.post<LifecycleRequest>(`${LIFECYCLE}/expire_password`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    requireStatus(user, ['ACTIVE', 'PASSWORD_EXPIRED']);
    const expired = await setStatus(ctx.db, user.id, 'PASSWORD_EXPIRED');
    recordAdminEvent(ctx.events, request, 'user.account.expire_password', [userTarget(user)]);
    return userBody(ctx.origin, expired);
  });

  /** The password stops working (RECOVERY) until the user follows the link and sets a new one. */
  scope.post<LifecycleRequest>(`${LIFECYCLE}/reset_password`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    requireStatus(user, ['ACTIVE', 'PASSWORD_EXPIRED', 'RECOVERY']);
    const recovering = await setStatus(ctx.db, user.id, 'RECOVERY');
    recordAdminEvent(ctx.events, request, 'user.account.reset_password', [userTarget(user)]);
    const { url } = await issueRecoveryLink(ctx, recovering, RECOVERY_TOKEN_TTL_MS);
    if (request.query.sendEmail === 'false') return { resetPasswordUrl: url };
    await ctx.mailer.send(recoveryMail(recovering, url));
    return {};
  });

  scope.post<LifecycleRequest>(`${LIFECYCLE}/reset_factors`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    for (const factor of await listFactors(ctx.db, user.id)) await deleteFactor(ctx.db, user.id, factor.id);
    recordAdminEvent(ctx.events, request, 'user.mfa.factor.reset_all', [userTarget(user)]);
    return {};
  });
}
