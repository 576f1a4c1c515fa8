import { InstanceIdParamsSchema } from '@contracts/instance';
import { UserDetailsSchema, UserGridQuerySchema, UserPageSchema } from '@contracts/users';
import { loginAsTyped } from '@contracts/username';
import { ProblemError, unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { directoryOfCaller, reachOfCaller } from '../support/caller';
import { sendCsv } from '../support/csv';
import { usersCsv } from './export';
import { closeAccount } from '../my-account/close';
import { resetSignIn, type SignInReset } from './sign-in-resets';
import {
  DELETE_CURRENT_LOGIN_MESSAGE,
  deleteUser,
  listUsers,
  reachablePerson,
  userDetails,
  usersRequestOf,
} from './service';

/**
 * Manage user profiles (docs/api.md "Users"): the grid's page of people, its export and the delete, for administrators; each
 * within their reach (server/api/support/reach.ts), enforced here, whatever the SPA asks. The identity provider is
 * called for the administrator, so its System Log names them as the actor of each change.
 */
export const usersArea = defineArea({
  name: 'users',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    app.get(
      '/ManageUsers',
      { schema: { querystring: UserGridQuerySchema, response: { 200: UserPageSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const page = await listUsers(deps.db, await reachOfCaller(deps, request), request.query);
        const rule = deps.config.usernameRule;
        return { ...page, rows: page.rows.map((row) => ({ ...row, typedLogin: loginAsTyped(row.login, rule) })) };
      },
    );

    app.get(
      '/ManageUsers/Export',
      { schema: { querystring: UserGridQuerySchema }, config: { answer: 'binary' } },
      async (request, reply) => {
        const people = usersRequestOf(await reachOfCaller(deps, request), request.query);
        return sendCsv(reply, 'users.csv', usersCsv(deps.db, people));
      },
    );

    app.get(
      '/ManageUsers/:id/Details',
      { schema: { params: InstanceIdParamsSchema, response: { 200: UserDetailsSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return userDetails(deps.db, await reachOfCaller(deps, request), request.params.id);
      },
    );

    // An administrator closes a person's account as the person would (issue 34 item 3): everything of theirs goes,
    // the notice is mailed, the audit keeps an anonymous row. Their own reach decides; no password, no client setting.
    app.post(
      '/ManageUsers/:id/Close',
      { schema: { params: InstanceIdParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        if (request.principal === null) throw unauthorized();
        if (request.params.id === request.principal.userId)
          throw new ProblemError(409, 'conflict', DELETE_CURRENT_LOGIN_MESSAGE);
        const person = await reachablePerson(deps.db, await reachOfCaller(deps, request), request.params.id);
        await closeAccount(
          { db: deps.db, directory: directoryOfCaller(deps, request), mailer: deps.mailer, log: request.log },
          person,
          { kind: 'administrator', login: request.principal.login },
        );
        return reply.code(204).send();
      },
    );

    // Clear sessions and Reset factors in the user dialog (issue 31 items 2 and 3): within the administrator's reach.
    const signInReset = (path: string, reset: SignInReset) =>
      app.post(
        `/ManageUsers/:id/${path}`,
        { schema: { params: InstanceIdParamsSchema }, config: { answer: 'empty' } },
        async (request, reply) => {
          if (request.principal === null) throw unauthorized();
          await resetSignIn(
            { db: deps.db, directory: directoryOfCaller(deps, request) },
            request.principal,
            await reachOfCaller(deps, request),
            request.params.id,
            reset,
          );
          return reply.code(204).send();
        },
      );
    signInReset('ClearSessions', 'clearSessions');
    signInReset('ResetFactors', 'resetFactors');

    app.delete(
      '/Instance/:id',
      { schema: { params: InstanceIdParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        if (request.principal === null) throw unauthorized();
        const reach = await reachOfCaller(deps, request);
        await deleteUser(
          { db: deps.db, directory: directoryOfCaller(deps, request), log: request.log },
          request.principal,
          reach,
          request.params.id,
        );
        return reply.code(204).send();
      },
    );
  },
});
