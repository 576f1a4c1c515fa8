import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oktaErrors } from '../authn/errors';
import { complexityCause, passwordRefusalCauses } from '../authn/password-policy';
import { recordAdminEvent } from '../events/admin-events';
import { groupTarget, userTarget } from '../events/catalogue';
import { findGroup, addMember, groupsOfUser } from '../groups/directory';
import { bodyField, passwordValue, textField } from '../request-fields';
import { erasedUserTarget, eraseUser } from '../users/erase';
import { clearSessions, listUsers, setStatus, updateProfile, type Profile } from '../users/admin';
import { setPassword, setRecoveryQuestion } from '../users/credentials';
import { createUser, findUserById, findUserByLogin, LoginTakenError, type IdpUser } from '../users/directory';
import { verifySecret } from '../users/passwords';
import type { ManagementContext } from './context';
import { linkHeader, pageLimit, parseUserExpression } from './query';
import { credentialsBody, groupBody, userBody } from './shapes';

const USERS = '/api/v1/users';
const profileFields = ['login', 'email', 'firstName', 'lastName', 'locale'] as const;

/** The profile attributes present in the body (text only; others are ignored, as we keep no custom attributes). */
function readProfile(body: unknown): Partial<Profile> {
  const profile = bodyField(body, 'profile');
  const read: Partial<Profile> = {};
  for (const field of profileFields) {
    const value = textField(profile, field);
    if (value !== undefined) read[field] = value;
  }
  return read;
}

function readRecoveryQuestion(credentials: unknown): { question: string; answer: string } | undefined {
  const recovery = bodyField(credentials, 'recovery_question');
  const question = textField(recovery, 'question');
  const answer = textField(recovery, 'answer');
  if (recovery === undefined) return undefined;
  if (!question || !answer) throw oktaErrors.validation(['recovery_question: Both question and answer are required']);
  return { question, answer };
}

/** The whole password rule (issue 34 §1) on a password an administrator or the portal sets. */
function checkPassword(password: string, user: Parameters<typeof passwordRefusalCauses>[1]): void {
  const causes = passwordRefusalCauses(password, user);
  if (causes !== undefined) throw oktaErrors.validation(causes.map((cause) => `password: ${cause}`));
}

const loginTaken = () =>
  oktaErrors.validation(['login: An object with this field already exists in the current organization']);

/** The user a path names: by id, or by login (Okta accepts either). */
export async function userFromPath(ctx: ManagementContext, idOrLogin: string): Promise<IdpUser> {
  const user = (await findUserById(ctx.db, idOrLogin)) ?? (await findUserByLogin(ctx.db, idOrLogin));
  if (!user) throw oktaErrors.notFound(`${idOrLogin} (User)`);
  return user;
}

/** Users: create, read, list, update, credentials, delete, sessions and groups (okta-compat §6). */
export function usersRoutes(scope: FastifyInstance, ctx: ManagementContext): void {
  const show = (user: IdpUser) => userBody(ctx.origin, user);

  /** `activate` (default true): ACTIVE with a password, PROVISIONED without; false: STAGED. */
  scope.post<{ Querystring: { activate?: string; nextLogin?: string } }>(USERS, async (request) => {
    const profile = readProfile(request.body);
    if (!profile.login || !profile.email) {
      throw oktaErrors.validation([
        ...(profile.login ? [] : ['login: The field cannot be left blank']),
        ...(profile.email ? [] : ['email: The field cannot be left blank']),
      ]);
    }
    const credentials = bodyField(request.body, 'credentials');
    const password = passwordValue(credentials, 'password');
    if (password !== undefined) checkPassword(password, { ...profile, login: profile.login });
    const recoveryQuestion = readRecoveryQuestion(credentials);
    const groupIds = bodyField(request.body, 'groupIds');
    const groups = Array.isArray(groupIds) ? groupIds.filter((id): id is string => typeof id === 'string') : [];
    const found = [];
    for (const groupId of groups) {
      const group = await findGroup(ctx.db, groupId);
      if (!group) throw oktaErrors.validation([`groupIds: ${groupId} does not exist`]);
      found.push(group);
    }
    const activate = request.query.activate !== 'false';
    const status = !activate
      ? 'STAGED'
      : password === undefined
        ? 'PROVISIONED'
        : request.query.nextLogin === 'changePassword'
          ? 'PASSWORD_EXPIRED'
          : 'ACTIVE';
    let user: IdpUser;
    try {
      user = await createUser(ctx.db, {
        login: profile.login,
        email: profile.email,
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        ...(profile.locale ? { locale: profile.locale } : {}),
        status,
        ...(password === undefined ? {} : { password }),
        ...(recoveryQuestion ? { recoveryQuestion } : {}),
      });
    } catch (error) {
      if (error instanceof LoginTakenError) throw loginTaken();
      throw error;
    }
    recordAdminEvent(ctx.events, request, 'user.lifecycle.create', [userTarget(user)]);
    for (const group of found) {
      await addMember(ctx.db, group.id, user.id);
      recordAdminEvent(ctx.events, request, 'group.user_membership.add', [userTarget(user), groupTarget(group)]);
    }
    return show(user);
  });

  scope.get<{ Querystring: { q?: string; filter?: string; search?: string; after?: string; limit?: string } }>(
    USERS,
    async (request, reply) => {
      const { q, filter, search, after } = request.query;
      const limit = pageLimit(request.query.limit);
      const reach = request.apiToken?.reach;
      const conditions = [
        ...(filter ? parseUserExpression(filter, ['eq']) : []),
        ...(search ? parseUserExpression(search, ['eq', 'sw']) : []),
        // A client administrator's token lists their client's people only (management/reach.ts).
        ...(reach?.kind === 'client' ? [{ field: 'login' as const, op: 'sw' as const, value: reach.loginPrefix }] : []),
      ];
      const users = await listUsers(ctx.db, { q, conditions, after, limit });
      linkHeader(reply, `${ctx.origin}${USERS}`, { q, filter, search }, users, limit);
      return users.map(show);
    },
  );

  scope.get<{ Params: { user: string } }>(`${USERS}/:user`, async (request) =>
    show(await userFromPath(ctx, request.params.user)),
  );

  /**
   * POST updates what the body names; PUT replaces the profile (absent names become empty). Either may set a
   * password (an administrator's reset, no old password needed) or a recovery question.
   */
  const update = (replace: boolean) => async (request: FastifyRequest<{ Params: { user: string } }>) => {
    let user = await userFromPath(ctx, request.params.user);
    const profile = readProfile(request.body);
    if (replace && (!profile.login || !profile.email)) {
      throw oktaErrors.validation(['profile: login and email are required']);
    }
    const credentials = bodyField(request.body, 'credentials');
    const password = passwordValue(credentials, 'password');
    if (password !== undefined) checkPassword(password, { ...user, ...profile });
    const recoveryQuestion = readRecoveryQuestion(credentials);
    try {
      const next = replace ? { firstName: '', lastName: '', ...profile } : profile;
      if (Object.keys(next).length > 0) {
        user = await updateProfile(ctx.db, user, next);
        recordAdminEvent(ctx.events, request, 'user.account.update_profile', [userTarget(user)]);
      }
    } catch (error) {
      if (error instanceof LoginTakenError) throw loginTaken();
      throw error;
    }
    if (password !== undefined) {
      user = await setPassword(ctx.db, user.id, password);
      recordAdminEvent(ctx.events, request, 'user.account.reset_password', [userTarget(user)]);
    }
    if (recoveryQuestion) user = await setRecoveryQuestion(ctx.db, user.id, recoveryQuestion);
    return show(user);
  };
  scope.post<{ Params: { user: string } }>(`${USERS}/:user`, update(false));
  scope.put<{ Params: { user: string } }>(`${USERS}/:user`, update(true));

  scope.post<{ Params: { user: string } }>(`${USERS}/:user/credentials/change_password`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    const oldPassword = passwordValue(request.body, 'oldPassword') ?? '';
    const newPassword = passwordValue(request.body, 'newPassword');
    if (!user.passwordHash || !(await verifySecret(user.passwordHash, oldPassword))) {
      throw oktaErrors.credentialsUpdateFailed(['oldPassword: The credentials provided were incorrect.']);
    }
    const causes = newPassword === undefined ? [complexityCause] : passwordRefusalCauses(newPassword, user);
    if (newPassword === undefined || causes !== undefined) throw oktaErrors.weakPassword(causes ?? []);
    const updated = await setPassword(ctx.db, user.id, newPassword);
    recordAdminEvent(ctx.events, request, 'user.account.update_password', [userTarget(user)]);
    if (bodyField(request.body, 'revokeSessions') === true) {
      await clearSessions(ctx.db, user.id, { oauthTokens: true });
    }
    return credentialsBody(updated);
  });

  scope.post<{ Params: { user: string } }>(`${USERS}/:user/credentials/change_recovery_question`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    const password = passwordValue(request.body, 'password') ?? '';
    if (!user.passwordHash || !(await verifySecret(user.passwordHash, password))) {
      throw oktaErrors.credentialsUpdateFailed(['password: The credentials provided were incorrect.']);
    }
    const recoveryQuestion = readRecoveryQuestion(request.body);
    if (!recoveryQuestion) throw oktaErrors.validation(['recovery_question: The field cannot be left blank']);
    return credentialsBody(await setRecoveryQuestion(ctx.db, user.id, recoveryQuestion));
  });

  /** Okta's two-step delete: the first call deactivates, a call on a deactivated user deletes. */
  scope.delete<{ Params: { user: string } }>(`${USERS}/:user`, async (request, reply) => {
    const user = await userFromPath(ctx, request.params.user);
    if (user.status === 'DEPROVISIONED') {
      // Events still in the buffer (the deactivation's) are written first, so the erasure finds them.
      await ctx.events.flush();
      await eraseUser(ctx.db, user);
      recordAdminEvent(ctx.events, request, 'user.lifecycle.delete.initiated', [erasedUserTarget]);
    } else {
      await setStatus(ctx.db, user.id, 'DEPROVISIONED');
      await clearSessions(ctx.db, user.id, { oauthTokens: true });
      recordAdminEvent(ctx.events, request, 'user.lifecycle.deactivate', [userTarget(user)]);
    }
    return reply.status(204).send();
  });

  scope.delete<{ Params: { user: string }; Querystring: { oauthTokens?: string } }>(
    `${USERS}/:user/sessions`,
    async (request, reply) => {
      const user = await userFromPath(ctx, request.params.user);
      await clearSessions(ctx.db, user.id, { oauthTokens: request.query.oauthTokens === 'true' });
      recordAdminEvent(ctx.events, request, 'user.session.clear', [userTarget(user)]);
      return reply.status(204).send();
    },
  );

  scope.get<{ Params: { user: string } }>(`${USERS}/:user/groups`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    return (await groupsOfUser(ctx.db, user.id)).map((group) => groupBody(ctx.origin, group));
  });
}
