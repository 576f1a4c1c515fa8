import { AuditEntrySchema, AuditPageSchema, AuditQuerySchema } from '@contracts/audit-log';
import { LogIdParamsSchema } from '@contracts/log-query';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';
import { reachOfCaller } from '../support/caller';
import { sendCsv } from '../support/csv';
import { clientOfRead } from '../support/reach';
import { auditCsv } from './export';
import { readAuditEntry, readAuditPage } from './queries';

/**
 * The audit log (docs/api.md "Logs"): administrators read who changed what; a client administrator only their own
 * client's rows (the reach, server/api/support/reach.ts), whatever the query names — another client's row answers as
 * a missing one (404).
 */
export const auditLogArea = defineArea({
  name: 'audit-log',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    app.get(
      '/AuditLog',
      { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const clientId = clientOfRead(await reachOfCaller(deps, request), request.query.clientId);
        const { rows, total } = await readAuditPage(deps.db, { query: request.query, clientId });
        return { rows, total, page: request.query.page, size: request.query.size };
      },
    );

    app.get(
      '/AuditLog/Export',
      { schema: { querystring: AuditQuerySchema }, config: { answer: 'binary' } },
      async (request, reply) => {
        const clientId = clientOfRead(await reachOfCaller(deps, request), request.query.clientId);
        return sendCsv(reply, 'audit-log.csv', auditCsv(deps.db, { query: request.query, clientId }));
      },
    );

    app.get(
      '/AuditLog/:id',
      { schema: { params: LogIdParamsSchema, response: { 200: AuditEntrySchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const clientId = clientOfRead(await reachOfCaller(deps, request), undefined);
        const entry = await readAuditEntry(deps.db, request.params.id, clientId);
        if (entry === undefined) throw notFound('No audit entry has this id.');
        return entry;
      },
    );
  },
});
