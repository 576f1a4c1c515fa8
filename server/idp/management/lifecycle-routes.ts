import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oktaErrors } from '../authn/errors';
import { recordAdminEvent } from '../events/admin-events';
import { userTarget } from '../events/catalogue';
import { listFactors, deleteFactor } from '../factors/store';
import { ACTIVATION_TOKEN_TTL_MS, RECOVERY_TOKEN_TTL_MS, recoveryMail } from '../recovery/recovery-mail';
import { issueRecoveryLink, mailActivationLink } from '../recovery/links';
import { clearSessions, setStatus } from '../users/admin';
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
   * returned with `sendEmail=false`); the link opens the widget's set-a-password step.
   */
  const activate = async (request: FastifyRequest, user: IdpUser, sendEmail: boolean) => {
    // Recorded once the status is written, as every other event: a failed write leaves no event behind.
    if (user.passwordHash) {
      await setStatus(ctx.db, user.id, 'ACTIVE');
      recordAdminEvent(ctx.events, request, 'user.lifecycle.activate', [userTarget(user)]);
      return {};
    }
    const provisioned = await setStatus(ctx.db, user.id, 'PROVISIONED');
    recordAdminEvent(ctx.events, request, 'user.lifecycle.activate', [userTarget(user)]);
    if (sendEmail) {
      await mailActivationLink(ctx, provisioned);
      return {};
    }
    const { token, url } = await issueRecoveryLink(ctx, provisioned, ACTIVATION_TOKEN_TTL_MS);
    return { activationUrl: url, activationToken: token };
  };

  scope.post<LifecycleRequest>(`${LIFECYCLE}/activate`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    requireStatus(user, ['STAGED', 'DEPROVISIONED']);
    return activate(request, user, request.query.sendEmail !== 'false');
  });

  scope.post<LifecycleRequest>(`${LIFECYCLE}/reactivate`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    requireStatus(user, ['PROVISIONED']);
    return activate(request, user, request.query.sendEmail !== 'false');
  });

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
    return userBody(ctx.origin, await setStatus(ctx.db, user.id, 'PASSWORD_EXPIRED'));
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
    return {};
  });
}
