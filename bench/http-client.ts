// The identity benchmarks' HTTP transport: node:http over kept-alive sockets. The load generator shares the two
// cores with the server it measures, so what it spends per request is taken from the server: Node's WHATWG `fetch`
// (undici, streams, Headers and Response objects) cost it 0.19–0.25 ms of CPU per request against 0.07–0.10 ms here
// (2026-11-28, a token-sized answer, 4,000 requests each): a tenth of a refresh's server CPU on PostgreSQL, six
// requests per sign-in. A browser's or another machine's cost is not the product's figure.
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  /** Lower-case names; set-cookie is a list, as Node gives it. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves with the whole answer (no redirect is followed). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { hostname, port, pathname, search, protocol } = new URL(url);
  if (protocol !== 'http:') throw new Error(`the bench client speaks plain HTTP to 127.0.0.1 only, not ${url}`);
  const headers = {
    ...options.headers,
    ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
  };
  return new Promise((resolve, reject) => {
    const sent = request(
      { agent, hostname, port, path: `${pathname}${search}`, method: options.method ?? 'GET', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** The answer's JSON when it is a 2xx; otherwise an error naming the step. */
export function okJson(answer: Answer, what: string): unknown {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as unknown;
}
