import { isIPv6 } from 'node:net';
import type { LogEventRow } from './log-store';

/**
 * A stored event as Okta's LogEvent (System Log API). What we do not know (geolocation, the network's AS, the
 * device) is null as Okta leaves it when it cannot tell; `client.zone` is the string "null", as Okta writes it.
 */
export function logEventBody(row: LogEventRow) {
  const requestId = row.requestId;
  return {
    uuid: row.uuid,
    published: row.published.toISOString(),
    eventType: row.eventType,
    version: '0',
    severity: row.severity,
    legacyEventType: null,
    displayMessage: row.displayMessage,
    actor: {
      id: row.actorId,
      type: row.actorType,
      alternateId: row.actorAlternateId,
      displayName: row.actorDisplayName,
      detailEntry: null,
    },
    client: {
      userAgent:
        row.clientUserAgent === null ? null : { rawUserAgent: row.clientUserAgent, os: 'Unknown', browser: 'UNKNOWN' },
      zone: 'null',
      device: 'Unknown',
      id: null,
      ipAddress: row.clientIp,
      geographicalContext: null,
    },
    device: null,
    authenticationContext: {
      authenticationProvider: null,
      credentialProvider: null,
      credentialType: null,
      issuer: null,
      interface: null,
      authenticationStep: 0,
      externalSessionId: null,
    },
    outcome: { result: row.outcomeResult, reason: row.outcomeReason },
    target: row.targets.map((target) => ({ ...target, detailEntry: null })),
    transaction: { type: 'WEB', id: requestId, detail: {} },
    debugContext: { debugData: requestId === null ? {} : { requestId } },
    securityContext: { asNumber: null, asOrg: null, isp: null, domain: null, isProxy: null },
    request: {
      ipChain:
        row.clientIp === null
          ? []
          : [
              {
                ip: row.clientIp,
                geographicalContext: null,
                version: isIPv6(row.clientIp) ? 'V6' : 'V4',
                source: null,
              },
            ],
    },
  };
}
