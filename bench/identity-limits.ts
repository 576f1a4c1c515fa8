// The machine's physical limits for the identity figures, measured in the same run so each figure can be read as a
// share of what the hardware allows: argon2id verifies/s (the server's own verifySecret and parameters, enough calls
// at once to fill every core), RS256 signs/s (the IdP's key type and size, through jose as oidc-provider signs), and
// a bare Fastify's answers/s (autocannon against a one-route Fastify on 127.0.0.1). Measured once per process.
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { CompactSign, importJWK } from 'jose';
import { generateSigningKey } from '@server/idp/keys';
import { hashSecret, verifySecret } from '@server/idp/users/passwords';
import { figure, repoRoot, type Figure, type Limit } from './support';

export interface Limits {
  hash: Limit;
  sign: Limit;
  bareFastify: Limit;
  /** The 1-minute load average when they were measured. */
  load: number;
}

/** Calls `op` from `concurrency` loops for `seconds`; answers completed calls per second. */
async function ratePerSecond(op: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number> {
  await Promise.all(Array.from({ length: concurrency }, op)); // warm-up
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await op();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/**
 * Enough calls at once to keep every core busy: @node-rs/argon2 and WebCrypto (under jose) run on libuv's pool,
 * 4 threads unless UV_THREADPOOL_SIZE says otherwise, as in the server.
 */
const concurrency = () => Math.max(4, availableParallelism() * 2);

async function hashLimit(seconds: number): Promise<Limit> {
  const stored = await hashSecret('limit-of-the-machine');
  const rate = await ratePerSecond(() => verifySecret(stored, 'limit-of-the-machine'), concurrency(), seconds);
  return { name: 'argon2id verify limit', value: Math.round(rate), unit: 'verifies/s' };
}

async function signLimit(seconds: number): Promise<Limit> {
  const key = await importJWK(await generateSigningKey(), 'RS256');
  // About an access token's size (the issuer, audience, scopes, Okta's extra claims).
  const payload = new TextEncoder().encode(
    JSON.stringify({
      iss: 'http://localhost:3000/oauth2/default',
      aud: 'api://default',
      sub: '00u1abcdefghijklmnop',
      scp: ['openid', 'profile', 'email', 'offline_access'],
      cid: 'gatehouse-portal',
      uid: '00u1abcdefghijklmnop',
      iat: 1_800_000_000,
      exp: 1_800_003_600,
      jti: 'AT.abcdefghijklmnopqrstuvwxyz0123456789',
    }),
  );
  const sign = () => new CompactSign(payload).setProtectedHeader({ alg: 'RS256', typ: 'application/at+jwt' }).sign(key);
  const rate = await ratePerSecond(sign, concurrency(), seconds);
  return { name: 'RS256 sign limit', value: Math.round(rate), unit: 'signs/s' };
}

/** A one-route Fastify in a worker thread (so it has a thread of its own, as the real server has a process). */
const bareServer = `
const { parentPort, workerData } = require('node:worker_threads');
const fastify = require(require('node:module').createRequire(workerData.from).resolve('fastify'));
const app = fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.listen({ host: '127.0.0.1', port: 0 }).then(() => parentPort.postMessage(app.server.address().port));
parentPort.on('message', () => app.close().then(() => process.exit(0)));
`;

async function bareFastifyLimit(seconds: number): Promise<Limit> {
  const worker = new Worker(bareServer, { eval: true, workerData: { from: path.join(repoRoot, 'package.json') } });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const result = await autocannon({ url: `http://127.0.0.1:${String(port)}/`, connections: 50, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
    return { name: 'bare Fastify limit', value: Math.round(result.requests.average), unit: 'req/s' };
  } finally {
    worker.postMessage('stop');
    await new Promise((resolve) => worker.once('exit', resolve));
  }
}

let measured: Promise<Limits> | undefined;

/** The limits, measured at the first call (one after another: each wants the whole machine). */
export function physicalLimits(seconds = 4): Promise<Limits> {
  measured ??= (async () => {
    const load = Math.round((loadavg()[0] ?? NaN) * 100) / 100;
    const hash = await hashLimit(seconds);
    const sign = await signLimit(seconds);
    const bareFastify = await bareFastifyLimit(seconds);
    return { hash, sign, bareFastify, load };
  })();
  return measured;
}

/** The limits as figures of their own (no budget: they are what budgets are read against). */
export async function benchLimits(): Promise<Figure[]> {
  const { hash, sign, bareFastify, load } = await physicalLimits();
  return [
    figure('machine load (1-minute average) when the limits were measured', load, 'load', null),
    ...[hash, sign, bareFastify].map((limit) =>
      figure(`${limit.name} (${String(availableParallelism())} cores)`, limit.value, limit.unit, null),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await benchLimits()) console.log(`${f.name}: ${f.value} ${f.unit}`);
}
