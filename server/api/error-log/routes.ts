import { NewErrorSchema } from '@contracts/error-log';
import { defineArea } from '../area';
import { insertError } from './insert';

/** Errors per caller IP and minute: generous for a page in trouble, useless for filling the table. */
const PER_MINUTE = 30;

/**
 * POST Instance/NewError (and its older alias OldError): the SPA reports an error; anonymous callers allowed, since
 * errors happen before sign-in too. Stored with the request id and, when a valid token came, the caller's user id and client.
 */
export const errorLogArea = defineArea({
  name: 'error-log',
  prefix: '/api/v1/Instance',
  guard: 'public',
  routes: (app, { db }) => {
    for (const path of ['/NewError', '/OldError']) {
      app.post(
        path,
        {
          schema: { body: NewErrorSchema },
          config: { answer: 'empty', rateLimit: { max: PER_MINUTE, timeWindow: '1 minute' } },
        },
        async (request, reply) => {
          const caller = await app.identify(request);
          await insertError(db, request.body, {
            requestId: request.id,
            userId: caller === null ? null : (caller.idpUserId ?? caller.userId),
            clientId: caller?.clientId ?? null,
          });
          return reply.status(204).send();
        },
      );
    }
  },
});
