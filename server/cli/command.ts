import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { SERVER_SECRET_FILE } from '../secrets/server-secret';

/** Exit codes every command keeps (docs/operations.md "Command line"): scripts can trust them. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A subcommand of `gatehouse`: what `--help` lists, and its run (arguments after its name; answers an exit code). */
export interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

/** A wrong use of a command: its usage is printed and the exit code is 2. */
export class UsageError extends Error {}

/** Progress and notices go to stderr, so that stdout stays for what scripts read. */
export const say = (line: string) => process.stderr.write(`${line}\n`);

/** The configuration and database the server would use (DATABASE_URL, else PGlite under DATA_DIR). */
export async function withDatabase<T>(work: (database: Database, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** Whether a server secret is there to read, without generating one (which loadServerSecret does on a first start). */
export function serverSecretIsSet(config: Config): boolean {
  return config.serverSecret !== null || existsSync(path.join(config.dataDir, SERVER_SECRET_FILE));
}
