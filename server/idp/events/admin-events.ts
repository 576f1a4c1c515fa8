import type { FastifyRequest } from 'fastify';
import type { LogTarget } from '../tables';
import { API_TOKEN_ACTOR, clientOf, logEvent, type LogEventType } from './catalogue';
import type { EventRecorder } from './recorder';

/**
 * A management API change (lifecycle, profile, password, membership): done by the SSWS token to its targets; the actor
 * is the token's owner (an administrator's API token) or the server's own principal.
 */
export function recordAdminEvent(
  events: EventRecorder,
  request: FastifyRequest,
  eventType: LogEventType,
  targets: LogTarget[],
): void {
  events.record(logEvent(eventType, clientOf(request), request.apiToken?.actor ?? API_TOKEN_ACTOR, { targets }));
}
