import { ConfigError, loadConfig, type Config } from './config';

/**
 * The server process (`npm start`, `npm run start:prod`): configuration → database (migrated, with the embedded
 * IdP's tables unless a real Okta org is configured; the demo world seeded once when DEMO_DATA is on, its people
 * given accounts in the embedded IdP) → HTTP on HOST:PORT → graceful shutdown on SIGTERM/SIGINT. With WORKERS=N on
 * PostgreSQL this process is the cluster's primary and forks N workers that each do all of that (server/http/workers).
 */

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line, no stack: the operator needs the variable and what it expects, nothing else.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
// Everything else only now: some of it (oidc-provider, under the identity provider) prints a runtime notice when loaded,
// and a bad configuration must stop with its one line and nothing else.
const { run } = await import('./run');
run(config);
