import { ErrorEntrySchema, ErrorPageSchema, ErrorQuerySchema } from '@contracts/error-log';
import { LogIdParamsSchema } from '@contracts/log-query';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';
import { reachOfCaller } from '../support/caller';
import { sendCsv } from '../support/csv';
import { clientOfRead } from '../support/reach';
import { errorCsv } from './export';
import { readErrorEntry, readErrorPage } from './queries';

/**
 * The error log, read (docs/api.md "Logs"): administrators read the errors the SPA reported (routes.ts writes them,
 * for anyone); a client administrator only those of their own client's people (the reach,
 * server/api/support/reach.ts) — another client's error answers as a missing one (404). An area of its own because
 * the reporting area is public and this one is not: each area's guard is declared once.
 */
export const errorLogAdminArea = defineArea({
  name: 'error-log-admin',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    app.get(
      '/ErrorLog',
      { schema: { querystring: ErrorQuerySchema, response: { 200: ErrorPageSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const clientId = clientOfRead(await reachOfCaller(deps, request), request.query.clientId);
        const { rows, total } = await readErrorPage(deps.db, { query: request.query, clientId });
        return { rows, total, page: request.query.page, size: request.query.size };
      },
    );

    app.get(
      '/ErrorLog/Export',
      { schema: { querystring: ErrorQuerySchema }, config: { answer: 'binary' } },
      async (request, reply) => {
        const clientId = clientOfRead(await reachOfCaller(deps, request), request.query.clientId);
        return sendCsv(reply, 'error-log.csv', errorCsv(deps.db, { query: request.query, clientId }));
      },
    );

    app.get(
      '/ErrorLog/:id',
      { schema: { params: LogIdParamsSchema, response: { 200: ErrorEntrySchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const clientId = clientOfRead(await reachOfCaller(deps, request), undefined);
        const entry = await readErrorEntry(deps.db, request.params.id, clientId);
        if (entry === undefined) throw notFound('No error has this id.');
        return entry;
      },
    );
  },
});
