import type { Config } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { ensurePortalMenu } from './db/builtin/ensure-portal-menu';
import { seedDemoWorldIfEmpty } from './db/seed';
import { migrateIdp } from './idp/migrate';
import { openSealedSecrets } from './idp/sealing';
import { bootstrapAdministrator } from './idp/seed/bootstrap-admin';
import { seedDemoIdentities } from './idp/seed/demo-identities';
import { seedDemoUpstream } from './demo-upstream/seed';
import pino from 'pino';
import { loggerOptions } from './http/log-options';
import { exitGracefullyOnSignals } from './http/shutdown';
import { isWorker, runPrimary, stopOnPrimaryRequest, workerCount } from './http/workers';
import { loadServerSecret } from './secrets/server-secret';
import type { Sealer } from './secrets/seal';

/** Everything after the configuration is known to be good: loaded by server/main.ts only then. */

async function start(config: Config): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  await migrate(database);
  const embeddedIdp = config.okta === null;
  const serverSecret = loadServerSecret(config);
  let sealer: Sealer | undefined;
  if (embeddedIdp) {
    await migrateIdp(database);
    // Seals a new database, or refuses (one line, below) one sealed under another server secret, before anything runs.
    sealer = await openSealedSecrets(database.db, serverSecret);
  }
  // The administrators' menu is the product's, with or without the demo world: every start adds what is missing.
  await ensurePortalMenu(database.db);
  const seeded = config.demoData ? await seedDemoWorldIfEmpty(database.db) : false;
  // At every start, not only the first: it repairs missing accounts or links and costs little once they exist.
  const demoAccountsCreated = config.demoData && embeddedIdp ? await seedDemoIdentities(database.db) : 0;
  // The demo client Initech signs in at "Initech Workforce", the upstream this server itself serves in demo mode.
  if (config.demoData && sealer !== undefined)
    await seedDemoUpstream(database.db, { sealer, publicUrl: config.publicUrl, serverSecret });
  // BOOTSTRAP_ADMIN_* (config refuses them with a real Okta org): the first administrator, once, when there is none.
  const bootstrap =
    config.bootstrapAdmin === null
      ? null
      : await bootstrapAdministrator(database.db, config.bootstrapAdmin, config.providerPrefix);

  const app = await buildApp({ config, database, serverSecret });
  const shutdown = exitGracefullyOnSignals({
    closeServer: () => app.close(),
    closeDatabase: () => database.close(),
    beginDrain: () => app.drain.begin(),
    drainMs: config.drainSeconds * 1000,
    log: app.log,
    exit: (code) => process.exit(code),
  });
  if (isWorker()) stopOnPrimaryRequest(shutdown);
  if (bootstrap?.created === true) {
    app.log.warn(
      { login: bootstrap.login },
      'First administrator created from BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD: they must choose a new password at their first sign-in; remove both settings now',
    );
  } else if (bootstrap !== null) {
    app.log.info(
      'BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD ignored: a provider administrator exists (remove both settings)',
    );
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      demoWorldSeeded: seeded,
      demoAccountsCreated,
      identityProvider: embeddedIdp ? 'embedded' : 'okta',
    },
    `Gatehouse is listening at ${config.publicUrl}`,
  );
}

export function run(config: Config): void {
  // A worker is one of the primary's N already; only the first process decides how many there are.
  const log = pino(loggerOptions(config));
  const workers = isWorker() ? 1 : workerCount(config, log);
  if (workers > 1) {
    runPrimary(workers, log);
  } else {
    start(config).catch((error: unknown) => {
      process.stderr.write(`Gatehouse could not start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
  }
}
