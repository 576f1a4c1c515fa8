import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '@server/backup/backup';
import { BackupRefused } from '@server/backup/format';
import { restoreBackup } from '@server/backup/restore';
import type { Database, Db } from '@server/db/client';
import { enrollTotp, factorSecret } from '@server/idp/factors/store';
import { registerIdp } from '@server/idp/plugin';
import { createUser } from '@server/idp/users/directory';
import { TEST_SERVER_SECRET } from '../support/app';
import { everyRowAsJson } from '../support/db-inspect';
import { databaseKinds, openEmptyDatabase, openTestDatabase, type TestDatabase } from '../support/database';
import { discoverOverHttp, freePort, signInForTokens, spaClient } from '../idp/harness';

const rowCount = async (db: Db) => Object.values(await everyRowAsJson(db)).reduce((sum, rows) => sum + rows.length, 0);

describe.each(databaseKinds)('backup and restore (%s)', (kind) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-backup-'));
  const file = path.join(dir, 'backup.jsonl.gz');
  let port: number;
  let source: TestDatabase;
  const opened: TestDatabase[] = [];
  let app: FastifyInstance | undefined;

  /** The IdP alone on `database`, always on the same port: the issuer the tokens name. */
  async function startIdp(database: Database) {
    const origin = `http://localhost:${String(port)}`;
    app = Fastify({ logger: false });
    const idp = await registerIdp(app, {
      db: database.db,
      issuer: `${origin}/oauth2/default`,
      clients: [spaClient],
      serverSecret: TEST_SERVER_SECRET,
    });
    await app.listen({ host: '127.0.0.1', port });
    return { idp, origin, config: await discoverOverHttp(`${origin}/oauth2/default`) };
  }
  async function stopIdp() {
    await app?.close();
    app = undefined;
  }
  async function fresh() {
    const test = await openEmptyDatabase(kind);
    opened.push(test);
    return test.database;
  }

  beforeAll(async () => {
    port = await freePort();
    source = await openTestDatabase(kind, 'seeded');
    opened.push(source);
  }, 120_000);
  afterAll(async () => {
    await stopIdp();
    for (const test of opened) await test.dispose();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('restores every row of every table into an empty database, and a refresh token issued before the backup still refreshes after', async () => {
    const before = await startIdp(source.database);
    const user = await createUser(source.database.db, {
      login: 'kept@example.com',
      email: 'kept@example.com',
      password: 'Kept-Safe-77',
    });
    const { factor } = await enrollTotp(source.database.db, before.idp.sealer, user.id, 'GOOGLE');
    const totp = factorSecret(before.idp.sealer, factor);
    const tokens = await signInForTokens({ origin: before.origin }, before.config, {
      username: 'kept@example.com',
      password: 'Kept-Safe-77',
      scope: 'openid profile offline_access',
    });
    await stopIdp();

    const progress: string[] = [];
    const summary = await writeBackup(source.database, file, (line) => progress.push(line));
    expect(summary.rows).toBe(await rowCount(source.database.db));
    expect(progress.some((line) => line.startsWith('backup: instances '))).toBe(true);
    // The file holds the sealed TOTP secret, never the plain one.
    expect(gunzipSync(readFileSync(file)).toString('utf8')).not.toContain(totp);

    const target = await fresh();
    const { rows } = await restoreBackup(target, file, { serverSecret: TEST_SERVER_SECRET });
    expect(rows).toBe(summary.rows);
    expect(await everyRowAsJson(target.db)).toEqual(await everyRowAsJson(source.database.db));

    const after = await startIdp(target);
    const refreshed = await oidc.refreshTokenGrant(after.config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.claims()?.sub).toBe(user.id);
    const [restored] = await target.db
      .execute<{ secret: string; id: string }>(sql`select id, secret from idp_factors where user_id = ${user.id}`)
      .then((r) => r.rows);
    expect(factorSecret(after.idp.sealer, { ...factor, secret: restored!.secret })).toBe(totp);
    await stopIdp();

    // The next identity number comes after the restored ones: a row written after the restore never collides.
    const [sequence] = await target.db
      .execute<{ next: string; max: string | null }>(
        sql`select nextval(pg_get_serial_sequence('idp_log_events', 'seq'))::text as next, (select max(seq) from idp_log_events)::text as max`,
      )
      .then((r) => r.rows);
    expect(Number(sequence!.next)).toBeGreaterThan(Number(sequence!.max ?? 0));
  }, 120_000);

  it('refuses to restore over a database that holds rows, changing nothing; --force replaces them', async () => {
    const target = await fresh();
    await restoreBackup(target, file, { serverSecret: TEST_SERVER_SECRET });
    await target.db.execute(sql`update idp_users set login = 'changed@example.com' where login = 'kept@example.com'`);
    const holding = await everyRowAsJson(target.db);
    const refusal = restoreBackup(target, file, { serverSecret: TEST_SERVER_SECRET });
    await expect(refusal).rejects.toThrow(BackupRefused);
    await expect(refusal).rejects.toThrow(/the database is not empty \(\w+ has rows\)/);
    expect(await everyRowAsJson(target.db)).toEqual(holding);

    await restoreBackup(target, file, { serverSecret: TEST_SERVER_SECRET, force: true });
    expect(await everyRowAsJson(target.db)).toEqual(await everyRowAsJson(source.database.db));
  }, 120_000);

  it('refuses a wrong server secret with one line and leaves the database empty', async () => {
    const target = await fresh();
    const wrong = Buffer.from('another server secret, long enough to be taken', 'utf8');
    await expect(restoreBackup(target, file, { serverSecret: wrong })).rejects.toThrow(
      "the backup's secrets are sealed with another server secret: set SERVER_SECRET (or put DATA_DIR/server-secret) to the one kept beside the backup",
    );
    await expect(restoreBackup(target, file, { serverSecret: null })).rejects.toThrow(/no server secret is set/);
    expect(await rowCount(target.db)).toBe(0);
  }, 120_000);

  it('refuses a backup from a newer schema, a file cut short and a file that is not a backup', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: { portal: { hash: string; createdAt: number }[] } };
    header.migrations.portal.push({ hash: 'f'.repeat(64), createdAt: Date.now() });
    const newer = path.join(dir, 'newer.gz');
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));
    const cut = path.join(dir, 'cut.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    const other = path.join(dir, 'other.gz');
    writeFileSync(other, gzipSync('{"hello":"world"}\n'));

    const target = await fresh();
    await expect(restoreBackup(target, newer, { serverSecret: TEST_SERVER_SECRET })).rejects.toThrow(
      "the backup's portal schema is newer than this Gatehouse's",
    );
    await expect(restoreBackup(target, cut, { serverSecret: TEST_SERVER_SECRET })).rejects.toThrow(
      /the backup file is damaged/,
    );
    expect(await rowCount(target.db)).toBe(0);
    await expect(restoreBackup(target, other, { serverSecret: TEST_SERVER_SECRET })).rejects.toThrow(
      'not a Gatehouse backup',
    );
  }, 120_000);
});
