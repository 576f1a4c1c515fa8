import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from './server-process';

/** PostgreSQL's code for a connection terminated by an administrator command (here: the forced drop). */
const ADMIN_SHUTDOWN = '57P01';

const maintenanceUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A real server on its own PostgreSQL database, which the test may read and change alongside it. */
export interface ServerWithDatabase extends RunningServer {
  /** Runs one statement on the server's database. */
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  /** The database's URL, for a command run beside the server (`npx gatehouse keys rotate`). */
  databaseUrl: string;
}

async function onMaintenanceConnection(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts the real server (as `npm start` does, demo world included) on a fresh PostgreSQL database
 * `gatehouse_e2e_<random>` instead of PGlite: PGlite allows one process, and these journeys need to read what the
 * server wrote (the recovery mail in `mail_outbox`) or set what a portal administrator would (short session times)
 * while it runs. `stop()` stops the server and drops the database.
 */
export async function startServerOnPostgres(extraEnv: Record<string, string> = {}): Promise<ServerWithDatabase> {
  const name = `gatehouse_e2e_${randomBytes(6).toString('hex')}`;
  await onMaintenanceConnection(`create database ${name}`);
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // `drop database … with (force)` terminates whatever connection of ours is still closing after `pool.end()`; that
  // termination (57P01) is expected, and without a listener it would surface as an unhandled error of the run.
  const unlessDropped = (error: Error & { code?: string }) => {
    if (error.code !== ADMIN_SHUTDOWN) throw error;
  };
  pool.on('connect', (client) => {
    client.on('error', unlessDropped);
  });
  // An idle client's error is the pool's own event too (pg.Pool re-emits it), unhandled without this listener.
  pool.on('error', unlessDropped);
  const dropAll = async () => {
    await pool.end();
    await onMaintenanceConnection(`drop database if exists ${name} with (force)`);
  };
  let server: RunningServer;
  try {
    server = await startServer({ DATABASE_URL: url.toString(), ...extraEnv });
  } catch (error) {
    await dropAll();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    databaseUrl: url.toString(),
    query: async <Row extends object>(text: string, values: unknown[] = []) =>
      (await pool.query<Row>(text, values)).rows,
    stop: async () => {
      await server.stop();
      await dropAll();
    },
  };
}

/** Resolves once `check` answers something other than undefined; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text of the newest mail the server kept in its outbox for an address (no SMTP_URL: the embedded default). */
export function waitForMail(server: ServerWithDatabase, to: string): Promise<string> {
  return waitFor(`a mail to ${to}`, async () => {
    const [mail] = await server.query<{ body_text: string }>(
      'select body_text from mail_outbox where lower(to_address) = lower($1) order by created_at desc limit 1',
      [to],
    );
    return mail?.body_text;
  });
}

/**
 * Sets global portal settings as an administrator's edit would, and raises the global resource version so that no
 * cached answer outlives the change.
 */
export async function setGlobalSettings(server: ServerWithDatabase, settings: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(settings)) {
    const updated = await server.query<{ key: string }>(
      'update portal_settings set value = $2, version = version + 1 where key = $1 and client_id is null returning key',
      [key, value],
    );
    if (updated.length !== 1) throw new Error(`no global portal setting ${key} to change`);
  }
  await server.query('update resource_versions set version = version + 1 where client_id is null');
}
