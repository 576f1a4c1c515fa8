import {
  AltchaChallengeSchema,
  RegisterBodySchema,
  RegisterClientParamsSchema,
  RegisterResultSchema,
} from '@contracts/instance';
import { FormDefinitionSchema } from '@contracts/profile-form';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';
import { readFormDefinition } from '../instance/form-queries';
import { applicationHostsOf } from './return-hosts';
import { register, REGISTER_VIEWER, signUpClient } from './service';

/**
 * Self sign-up, before anyone is signed in (docs/api.md "Profile form"): the Register form of a client that allows
 * sign-up, the ALTCHA challenge, and POST Instance/Register. Whether a captcha is reCAPTCHA or ALTCHA is said by
 * `config/public` (`captcha`).
 */
export const signUpArea = defineArea({
  name: 'sign-up',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, deps) => {
    const { db, captcha } = deps;

    app.get(
      '/FormApplicationTemplateClientField/Register/:clientId',
      { schema: { params: RegisterClientParamsSchema, response: { 200: FormDefinitionSchema } } },
      async (request, reply) => {
        const client = await signUpClient(db, request.params.clientId);
        if (client === undefined) throw notFound('No client that allows sign-up has this id.');
        reply.header('cache-control', 'no-store');
        return readFormDefinition(db, client, REGISTER_VIEWER, null);
      },
    );

    app.get('/captcha/challenge', { schema: { response: { 200: AltchaChallengeSchema } } }, async (_request, reply) => {
      if (captcha.altcha === null) throw notFound('This server uses reCAPTCHA: there is no challenge to fetch.');
      reply.header('cache-control', 'no-store');
      return captcha.altcha.challenge();
    });

    app.post(
      '/Instance/Register',
      { schema: { body: RegisterBodySchema, response: { 200: RegisterResultSchema } } },
      async (request, reply) => {
        await register(
          {
            db,
            directory: deps.identity.directory,
            captcha,
            mailer: deps.mailer,
            counter: deps.signUp.counter,
            limits: deps.signUp.limits,
            publicUrl: deps.config.publicUrl,
            invitationKey: deps.invitations.key,
            log: request.log,
          },
          request.body,
          request.ip,
        );
        reply.header('cache-control', 'no-store');
        // The registration found its client, so it is there; where the confirmation may return is its applications'.
        const client = await signUpClient(db, request.body.clientId);
        return {
          accepted: true as const,
          applicationHosts: client === undefined ? [] : await applicationHostsOf(db, client.id),
        };
      },
    );
  },
});
