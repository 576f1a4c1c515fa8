// Sign-up end to end on the server (issue 9 budget: ≤ 400 ms, argon2 included): POST Instance/Register through the
// whole app in process — the ALTCHA check and spending, the rate limits, the form's rules, the profile transaction and
// the embedded IdP creating the user (argon2id of the password and the recovery answer), then the link. The captcha
// is solved beforehand, outside the timing: that is the browser's work, not the server's. PGlite, the default.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { IN_MEMORY, openDatabase } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { seedDemoWorldIfEmpty } from '@server/db/seed';
import { migrateIdp } from '@server/idp/migrate';
import { acmeSignUp, solvedCaptcha } from '@tests/server/profile/harness';
import { summarise, type Figure } from './support';

const SAMPLES = 15;

export async function benchRegister(): Promise<Figure[]> {
  const database = await openDatabase({ dataDir: IN_MEMORY });
  await migrate(database);
  await migrateIdp(database);
  await seedDemoWorldIfEmpty(database.db);
  // The default ALTCHA difficulty is the browser's concern; the server checks any solution with one derivation.
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://gatehouse.bench', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    logger: false,
    staticDir: path.join(tmpdir(), 'gatehouse-no-spa-build'),
    signUpLimits: { perAddress: { max: 1_000, windowMs: 60_000 }, perEmail: { max: 10, windowMs: 60_000 } },
  });
  await app.ready();
  const samples: number[] = [];
  try {
    for (let i = 0; i < SAMPLES + 2; i += 1) {
      // The same complete Acme sign-up the server tests send (tests/server/profile/harness.ts), a new e-mail each time.
      const captcha = await solvedCaptcha({ app });
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/Instance/Register',
        payload: acmeSignUp(`bench${String(i)}@example.test`, { captcha }),
      });
      const took = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`register answered ${String(response.statusCode)}: ${response.body}`);
      // The first two warm the JIT and the caches up.
      if (i >= 2) samples.push(took);
    }
  } finally {
    await app.close();
    await database.close();
  }
  return [
    summarise('register end to end (server, PGlite, argon2 included) median', samples, { budget: 400, stat: 'median' }),
  ];
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const f of await benchRegister())
    console.log(
      `${f.name}: ${String(f.value)} ${f.unit} (budget ${String(f.budget)}) samples ${JSON.stringify(f.samples)}`,
    );
}
