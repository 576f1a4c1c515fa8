import type * as v from 'valibot';
import type { NewErrorSchema } from '@contracts/error-log';
import type { Db } from '../../db/client';
import { errorLog } from '../../db/schema';

/**
 * One error the SPA reported, with the request id and, when a valid token came, the caller's user id and client (their
 * profile's, resolved now: the error log's client scope, server/db/tables/logs.ts).
 */
export async function insertError(
  db: Db,
  body: v.InferOutput<typeof NewErrorSchema>,
  { requestId, userId, clientId }: { requestId: string; userId: string | null; clientId: string | null },
): Promise<void> {
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
    requestId,
    userId,
    clientId,
  });
}
