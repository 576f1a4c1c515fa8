import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { migrateIdp } from '@server/idp/migrate';
import { registerIdp } from '@server/idp/plugin';
import { createUser } from '@server/idp/users/directory';
import { TEST_SERVER_SECRET } from '../support/app';
import { discoverOverHttp, freePort, signInForTokens, spaClient } from './harness';

/**
 * A restart on the embedded database never costs people their sessions (issue 29 §6): refresh tokens issued before a
 * stop keep working after a stop longer than the reuse grace, on the same PGlite data directory. The grace is shorter
 * here (GRACE_SECONDS, still long enough for a loaded machine's refreshes) and the stop longer than it, in place of
 * Okta's 30 s and a restart of 45 s on a loaded machine.
 *
 * Three kinds of holder, eight of each: a session that never refreshed; one whose last refresh was committed but whose
 * answer never came back (the process stopped between the two, so the client still holds the token it presented,
 * which the database records as used); one that refreshed and holds the answer's token. Before the fix the second
 * kind lost its session (8 of 24): its token's grace ran out while the server was down. Both stops are tried: a clean
 * one (the process marks the service stopped) and a kill (it leaves its last alive mark only).
 */
const GRACE_SECONDS = 10;
const SESSIONS = 24;
/** Enough that no one signs in more than the primary-authentication limit allows in a minute (20). */
const USERS = 8;
const SCOPE = 'openid profile offline_access';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh tokens across a restart on the same PGlite data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-refresh-restart-'));
  let port: number;
  let running: { app: FastifyInstance; database: Database; config: oidc.Configuration } | undefined;

  /** The IdP alone on the data directory, on the same port each time (the issuer names it). */
  async function start() {
    const database = await openDatabase({ dataDir });
    await migrate(database);
    await migrateIdp(database);
    const origin = `http://localhost:${String(port)}`;
    const app = Fastify({ logger: false });
    await registerIdp(app, {
      db: database.db,
      issuer: `${origin}/oauth2/default`,
      clients: [spaClient],
      serverSecret: TEST_SERVER_SECRET,
      refreshReuseGraceSeconds: GRACE_SECONDS,
    });
    await app.listen({ host: '127.0.0.1', port });
    running = { app, database, config: await discoverOverHttp(`${origin}/oauth2/default`) };
    return running;
  }

  async function stop() {
    if (!running) return;
    await running.app.close();
    await running.database.close();
    running = undefined;
  }

  beforeAll(async () => {
    port = await freePort();
    const { database } = await start();
    for (let u = 0; u < USERS; u++)
      await createUser(database.db, {
        login: `restart${String(u)}@example.com`,
        email: `restart${String(u)}@example.com`,
        password: 'Restart-Me-7',
      });
  }, 120_000);
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * What a process killed outright leaves: its last alive mark, not marked stopped. The worst case, a kill right after
   * a mark (here the stop's own), which gives the tokens one mark period less of their grace.
   */
  async function asIfKilled() {
    const database = await openDatabase({ dataDir });
    await database.db.execute(
      sql`update idp_oidc_models set payload = payload || '{"stopped": false}' where model = 'ServiceClock'`,
    );
    await database.close();
  }

  it.each([
    ['a clean stop', false],
    ['a kill', true],
  ])(
    'refreshes every token held at %s after a stop longer than the grace, and the families go on',
    async (_, killed) => {
      const before = running ?? (await start());
      const origin = `http://localhost:${String(port)}`;
      const issued: string[] = [];
      for (let i = 0; i < SESSIONS; i++) {
        const tokens = await signInForTokens({ origin }, before.config, {
          username: `restart${String(i % USERS)}@example.com`,
          password: 'Restart-Me-7',
          scope: SCOPE,
        });
        issued.push(tokens.refresh_token!);
      }
      // The refreshes in flight as the server stops, all at once (as clients keep refreshing until it goes).
      const held = await Promise.all(
        issued.map(async (token, i) => {
          const kind = (['unused', 'answerLost', 'rotated'] as const)[i % 3]!;
          if (kind === 'unused') return { kind, token };
          const answer = await oidc.refreshTokenGrant(before.config, token);
          return { kind, token: kind === 'rotated' ? answer.refresh_token! : token };
        }),
      );
      await stop();
      if (killed) await asIfKilled();
      // Down for longer than the grace: the grace of the rotations just before the stop would have run out.
      await pause(GRACE_SECONDS * 1000 + 1500);

      const after = await start();
      const outcomes = await Promise.all(
        held.map(async ({ kind, token }) => {
          try {
            const next = await oidc.refreshTokenGrant(after.config, token);
            // The family goes on: the token that answer brings refreshes too.
            await oidc.refreshTokenGrant(after.config, next.refresh_token!);
            return `${kind}: refreshed`;
          } catch (error) {
            return `${kind}: ${(error as { error?: string }).error ?? String(error)}`;
          }
        }),
      );
      expect(outcomes).toEqual(held.map(({ kind }) => `${kind}: refreshed`));
    },
    120_000,
  );

  it('still ends the grace once the server has been up for it: a rotated token presented later is reuse', async () => {
    const { config } = running ?? (await start());
    const tokens = await signInForTokens({ origin: `http://localhost:${String(port)}` }, config, {
      username: 'restart0@example.com',
      password: 'Restart-Me-7',
      scope: SCOPE,
    });
    const next = (await oidc.refreshTokenGrant(config, tokens.refresh_token!)).refresh_token!;
    await stop();
    await pause(GRACE_SECONDS * 1000 + 1500);
    const restarted = await start();
    // The grace resumes with what was left of it at the stop, and runs out while the server is up.
    await pause(GRACE_SECONDS * 1000 + 500);
    await expect(oidc.refreshTokenGrant(restarted.config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The reuse revoked the family, as without a restart.
    await expect(oidc.refreshTokenGrant(restarted.config, next)).rejects.toMatchObject({ error: 'invalid_grant' });
  }, 120_000);
});
