import { eq } from 'drizzle-orm';
import {
  CloseAccountSchema,
  EmailChangeConfirmSchema,
  EmailChangeParamsSchema,
  EmailChangeRequestedSchema,
  EmailChangeRequestSchema,
  MyAccountSchema,
  MyDataSchema,
} from '@contracts/my-account';
import type { Db } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { clients, instances } from '../../db/schema';
import { forbidden, ProblemError, unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { closeAccount } from './close';
import { confirmEmailChange, requestEmailChange, type EmailChangeDeps } from './email-change';
import { exportMyData } from './export';

/** The caller's own profile: the token names it, nothing in the request can name another. */
async function ownProfile(db: Db, userId: string | undefined): Promise<InstanceRow> {
  if (userId === undefined) throw unauthorized();
  const [person] = await db.select().from(instances).where(eq(instances.id, userId));
  if (person === undefined) throw unauthorized();
  return person;
}

async function closingAllowed(db: Db, clientId: string): Promise<boolean> {
  const [client] = await db
    .select({ allowed: clients.allowAccountClosing })
    .from(clients)
    .where(eq(clients.id, clientId));
  return client?.allowed ?? false;
}

/** "My data and my account" (docs/api.md "My account"): the signed-in person's export and the closing of their account. */
export const myAccountArea = defineArea({
  name: 'my-account',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, deps) => {
    const { db } = deps;

    app.get('/MyAccount', { schema: { response: { 200: MyAccountSchema } } }, async (request, reply) => {
      const person = await ownProfile(db, request.principal?.userId);
      reply.header('cache-control', 'no-store');
      return {
        email: person.email,
        closingAllowed: await closingAllowed(db, person.clientId),
        ssoUser: person.ssoUser,
      };
    });

    app.get('/MyAccount/Data', { schema: { response: { 200: MyDataSchema } } }, async (request, reply) => {
      const person = await ownProfile(db, request.principal?.userId);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="my-gatehouse-data.json"');
      return exportMyData({ db, directory: deps.identity.directory, config: deps.config }, person);
    });

    app.post(
      '/MyAccount/Close',
      { schema: { body: CloseAccountSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        const person = await ownProfile(db, request.principal?.userId);
        if (!(await closingAllowed(db, person.clientId))) throw forbidden();
        if (person.ssoUser)
          throw new ProblemError(409, 'conflict', 'A single-sign-on account is closed by its organisation.');
        // The portal's own token, not the person's name: closing erases every System Log event naming them
        // (server/idp/users/erase.ts), and the deletion's own event, written after, must not name them either (nor
        // could it: a deactivated person may not act).
        const directory = deps.identity.directory;
        if (!(await directory.verifyPassword(person.idpLogin, request.body.password)))
          throw new ProblemError(400, 'validation_failed', 'The password is not right.', [
            { field: 'body.password', message: 'The password is not right.' },
          ]);
        await closeAccount({ db, directory, mailer: deps.mailer, log: request.log }, person, { kind: 'self' });
        return reply.code(204).send();
      },
    );

    const emailDeps = (log: EmailChangeDeps['log']): EmailChangeDeps => ({
      db,
      directory: deps.identity.directory,
      mailer: deps.mailer,
      codeKey: deps.passwordReset.codeKey,
      usernameRule: deps.config.usernameRule,
      log,
    });

    // Changing one's e-mail (issue 34 item 5): a code to the new address; the same answer whether it is free or taken.
    app.post(
      '/MyAccount/Email',
      { schema: { body: EmailChangeRequestSchema, response: { 202: EmailChangeRequestedSchema } } },
      async (request, reply) => {
        const person = await ownProfile(db, request.principal?.userId);
        reply.header('cache-control', 'no-store');
        const answer = await requestEmailChange(emailDeps(request.log), person, request.body.newEmail);
        return reply.code(202).send(answer);
      },
    );

    app.post(
      '/MyAccount/Email/:id/Confirm',
      { schema: { params: EmailChangeParamsSchema, body: EmailChangeConfirmSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        const person = await ownProfile(db, request.principal?.userId);
        await confirmEmailChange(emailDeps(request.log), person, request.params.id, request.body.code);
        return reply.code(204).send();
      },
    );
  },
});
