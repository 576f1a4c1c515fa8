import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the generated secret lives when SERVER_SECRET is unset: beside PGlite's files, readable by the owner only. */
export const SERVER_SECRET_FILE = 'server-secret';

/**
 * The server's secret key material, which never goes into the database: SERVER_SECRET when set (several hosts must
 * share one), else a 32-byte key generated once into `<dataDir>/server-secret` (mode 0600) and read at every start,
 * so processes on one host agree and a restart keeps outstanding codes valid.
 */
export function loadServerSecret({ serverSecret, dataDir }: { serverSecret: string | null; dataDir: string }): Buffer {
  if (serverSecret !== null) return Buffer.from(serverSecret, 'utf8');
  const file = path.join(dataDir, SERVER_SECRET_FILE);
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a private name, then linked into place: of two processes starting together, one link wins
  // and the other reads the winner's complete file, never a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file);
}
