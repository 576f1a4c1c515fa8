// Aggregated resources for a page on PGlite at 50 concurrent connections (issue #2 budget: p99 < 10 ms).
// A bounded load (fixed duration, loopback only) against the real server started as `npm start` would.
import autocannon from 'autocannon';
import { startServer } from '@tests/e2e/support/server-process';
import { figure, type Figure } from './support';

export async function benchResourcesLoad(durationSeconds = 10): Promise<Figure[]> {
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const path = '/api/v1/resource/aggregatedByPage?components=Global,Login&culture=es&clientId=acme';
    const probe = await fetch(server.baseUrl + path);
    if (!probe.ok) throw new Error(`aggregatedByPage answered ${probe.status}`);
    const result = await autocannon({
      url: server.baseUrl.replace('localhost', '127.0.0.1') + path,
      connections: 50,
      duration: durationSeconds,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
    return [
      figure('aggregatedByPage on PGlite, 50 connections, p99 latency, ms', result.latency.p99, 'ms', 10),
      figure('aggregatedByPage on PGlite, 50 connections, median latency, ms', result.latency.p50, 'ms', null),
      figure(
        'aggregatedByPage on PGlite, 50 connections, requests per second',
        Math.round(result.requests.average),
        'req/s',
        null,
      ),
    ];
  } finally {
    await server.stop();
  }
}
