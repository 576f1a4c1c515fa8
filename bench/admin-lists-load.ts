// Admin catalogue list endpoints on PGlite at 50 concurrent connections (issue #4 budget: p99 < 20 ms each).
// A bounded load (fixed duration, loopback only) against the real server started as `npm start` would, called with a
// provider administrator's access token obtained through the embedded IdP's real sign-in chain.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { providerAdminToken } from '@tests/e2e/support/admin-token';
import { startServer } from '@tests/e2e/support/server-process';
import { figure, type Figure } from './support';

const lists = ['Application', 'Client', 'Field', 'Template'] as const;

export async function benchAdminListsLoad(durationSeconds = 10): Promise<Figure[]> {
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const headers = { authorization: `Bearer ${await providerAdminToken(server.baseUrl)}` };
    const figures: Figure[] = [
      figure(
        'machine load average (1 min) before the admin list loads',
        Math.round((loadavg()[0] ?? 0) * 10) / 10,
        '',
        null,
      ),
    ];
    for (const list of lists) {
      const path = `/api/v1/${list}`;
      const probe = await fetch(server.baseUrl + path, { headers });
      if (!probe.ok) throw new Error(`GET ${list} answered ${probe.status}`);
      const result = await autocannon({
        url: server.baseUrl.replace('localhost', '127.0.0.1') + path,
        headers,
        connections: 50,
        duration: durationSeconds,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
      const name = `GET ${list} on PGlite, 50 connections`;
      figures.push(
        figure(`${name}, p99 latency, ms`, result.latency.p99, 'ms', 20),
        figure(`${name}, median latency, ms`, result.latency.p50, 'ms', null),
        figure(`${name}, requests per second`, Math.round(result.requests.average), 'req/s', null),
      );
    }
    return figures;
  } finally {
    await server.stop();
  }
}
