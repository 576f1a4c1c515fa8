import type { FastifyInstance } from 'fastify';
import { NewErrorSchema } from '@contracts/error-log';
import type { Db } from '../../db/client';
import { errorLog } from '../../db/schema';
import type { ValibotTypeProvider } from '../../http/validation';

/** Errors per caller IP and minute: generous for a page in trouble, useless for filling the table. */
const PER_MINUTE = 30;

/**
 * POST Instance/NewError (and its older alias OldError): the SPA reports an error; anonymous callers allowed, since
 * errors happen before sign-in too. Stored with the request id and, when a valid token came, the caller's user id.
 */
export function errorLogRoutes(parent: FastifyInstance, { db }: { db: Db }): void {
  const app = parent.withTypeProvider<ValibotTypeProvider>();
  for (const path of ['/NewError', '/OldError']) {
    app.post(
      path,
      { schema: { body: NewErrorSchema }, config: { rateLimit: { max: PER_MINUTE, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const caller = await app.identify(request);
        const body = request.body;
        await db.insert(errorLog).values({
          code: body.Code,
          message: body.Message,
          details: body.Details,
          audience: body.Audience,
          action: body.Action,
          level: body.Level,
          applicationName: body.ApplicationName,
          locationUrl: body.LocationURL,
          deviceInfo: body.DeviceInfo,
          environment: body.Environment,
          requestId: request.id,
          userId: caller === null ? null : (caller.idpUserId ?? caller.userId),
        });
        return reply.status(204).send();
      },
    );
  }
}
