import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationListSchema, ApplicationSaveResultSchema, type Application } from '@contracts/admin/applications';
import { portalIdentity, refreshTokens, type Tokens } from '../../bench/identity-client';
import { providerAdminToken, providerAdminTokens } from '@tests/e2e/support/admin-token';
import { startServer, type WatchedServer } from '@tests/e2e/support/server-process';
import { databaseKinds } from './support/database';
import { serverDataOf, type ServerData } from './support/server-data';

/**
 * Faults (issue 14 §6, docs/operations.md "After a crash"): the real server process is killed with SIGKILL — no
 * shutdown code runs — in the middle of a load, then started again on the same data, on PGlite (a data directory) and
 * on PostgreSQL (a database of its own).
 *
 * "No refresh token lost" means: every client ends holding a refresh token that still refreshes. That token is the
 * last one it received in a 200 answer, which is also the one it was presenting when the kill hit (a client sends its
 * newest token, and replaces it only when an answer arrives). Whether that last rotation was written before the kill
 * or not, the token refreshes after the restart: unwritten, it was never consumed; written, the answer was lost and
 * the token is within its reuse grace (IDP_REFRESH_GRACE_SECONDS, its default 30 s here), which counts only the time
 * the service runs, so a slow restart on a shared machine does not spend it (tests/server/idp/refresh-restart.test.ts
 * stops for longer than the grace). With the grace at 0 this test fails on both databases (invalid_grant): the kill
 * does land between a rotation's commit and its answer. Older tokens of the family were each answered with their
 * successor, so they are spent: presenting one is reuse and revokes the family, by design, and is not what "lost"
 * means.
 */

/** How long each load runs before the kill: a few seconds, dozens of requests per client. */
const LOAD_MS = 2_500;
const REFRESH_CLIENTS = 6;
const SAVING_ADMINS = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal is an answer other than 200 (refreshTokens says "refresh answered …"); anything else is the connection. */
const isRefusal = (error: unknown) => error instanceof Error && error.message.startsWith('refresh answered');

/** Which generation of the save loop wrote each column of an application (see `generation` below). */
const generationsOf = (app: Application) => ({
  link: Number(/gen-(\d+)\./.exec(app.applicationLink)?.[1]),
  icon: Number(/^icon-gen-(\d+)$/.exec(app.iconIdentifier)?.[1]),
  role: Number(/^role-gen-(\d+)$/.exec(app.defaultRoleValue)?.[1]),
});

/** Generation `n` of an application: every column it may change says `n`. */
const generation = (app: Application, n: number, version: number) => ({
  applicationName: app.applicationName,
  regionId: app.regionId,
  alias: app.alias,
  applicationLink: `https://gen-${String(n)}.faults.test/{userName}`,
  iconIdentifier: `icon-gen-${String(n)}`,
  defaultRoleValue: `role-gen-${String(n)}`,
  version,
});

describe.each(databaseKinds)('SIGKILL under load, then a restart on the same data (%s)', (kind) => {
  let data: ServerData;
  let server: WatchedServer;

  const start = (port?: string) => startServer({ ...data.env, ...(port === undefined ? {} : { PORT: port }) });

  /** SIGKILL, then the same configuration on the same port (the issuer names it) and the same data. */
  const killAndRestart = async () => {
    server.signal('SIGKILL');
    expect(await server.exited).toBeNull();
    await server.stop();
    server = await start(new URL(server.baseUrl).port);
  };

  beforeAll(async () => {
    data = await serverDataOf(kind);
    server = await start();
  }, 240_000);
  afterAll(async () => {
    await server.stop();
    await data.remove();
  });

  const kids = async () => {
    const response = await fetch(`${server.baseUrl}/oauth2/default/v1/keys`);
    return ((await response.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
  };
  const api = (token: string, route: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}/api/v1/${route}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });

  it('keeps the refresh token every client holds, and the signing key, through a kill amid refreshes', async () => {
    const identity = await portalIdentity(server.baseUrl);
    const clients = await Promise.all(
      Array.from({ length: REFRESH_CLIENTS }, async (): Promise<{ tokens: Tokens; refreshed: number }> => ({
        tokens: await providerAdminTokens(server.baseUrl),
        refreshed: 0,
      })),
    );
    const issuedBeforeKill = clients[0]!.tokens.access_token;
    const kidsBefore = await kids();

    const refusals: string[] = [];
    const loads = clients.map(async (client) => {
      for (;;) {
        try {
          client.tokens = await refreshTokens(identity, client.tokens);
          client.refreshed += 1;
        } catch (error) {
          if (isRefusal(error)) refusals.push((error as Error).message);
          return; // the kill ended the connection
        }
      }
    });
    await pause(LOAD_MS);
    await killAndRestart();
    await Promise.all(loads);

    expect(refusals).toEqual([]);
    for (const client of clients) expect(client.refreshed).toBeGreaterThan(0);
    for (const client of clients) {
      // The token held at the kill refreshes, and so does the one that answer brings: the family goes on.
      const next = await refreshTokens(identity, client.tokens);
      await expect(refreshTokens(identity, next)).resolves.toMatchObject({ token_type: 'Bearer' });
    }
    expect(await kids()).toEqual(kidsBefore);
    // An access token signed before the kill still opens the API (its signature checks against the kept key).
    expect((await api(issuedBeforeKill, 'Application')).status).toBe(200);
  }, 240_000);

  it('leaves every application an administrator was saving wholly one generation, versions and audit included', async () => {
    const token = await providerAdminToken(server.baseUrl);
    const list = async () => v.parse(ApplicationListSchema, await (await api(token, 'Application')).json());
    const chosen = (await list()).slice(0, SAVING_ADMINS);
    expect(chosen).toHaveLength(SAVING_ADMINS);

    const writers = chosen.map((app) => ({ app, firstVersion: app.version, version: app.version, saved: 0, sent: 0 }));
    const refusals: string[] = [];
    const loads = writers.map(async (writer) => {
      for (;;) {
        writer.sent = writer.saved + 1;
        let response: Response;
        try {
          response = await api(token, `Application/${writer.app.applicationId}`, {
            method: 'PUT',
            body: JSON.stringify(generation(writer.app, writer.sent, writer.version)),
          });
        } catch {
          return; // the kill ended the connection
        }
        if (response.status !== 200) {
          refusals.push(`${String(response.status)} ${await response.text()}`);
          return;
        }
        writer.version = v.parse(ApplicationSaveResultSchema, await response.json()).object.version;
        writer.saved = writer.sent;
      }
    });
    await pause(LOAD_MS);
    await killAndRestart();
    await Promise.all(loads);
    expect(refusals).toEqual([]);

    const after = await list();
    for (const writer of writers) {
      expect(writer.saved).toBeGreaterThan(0);
      const row = after.find((app) => app.applicationId === writer.app.applicationId)!;
      const { link, icon, role } = generationsOf(row);
      // Wholly one generation: the last one answered, or the one in flight if its commit made it.
      expect([icon, role]).toEqual([link, link]);
      expect([writer.saved, writer.sent]).toContain(link);
      // Each committed save raised the version once, and wrote its audit row in the same transaction.
      expect(row.version).toBe(writer.firstVersion + link);
      expect(await auditedUpdates(token, writer.app.applicationId)).toBe(link);

      // The optimistic lock still works on the restarted server: a stale version is refused, the current one saved.
      const stale = await api(token, `Application/${row.applicationId}`, {
        method: 'PUT',
        body: JSON.stringify(generation(row, link + 1, writer.firstVersion)),
      });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toMatchObject({ code: 'stale_update' });
      const current = await api(token, `Application/${row.applicationId}`, {
        method: 'PUT',
        body: JSON.stringify(generation(row, link + 1, row.version)),
      });
      expect(current.status).toBe(200);
      expect(v.parse(ApplicationSaveResultSchema, await current.json()).object.version).toBe(row.version + 1);
    }
  }, 240_000);

  /** The audit log's update rows of one application (GET AuditLog filters by entity and action, paged by 100). */
  async function auditedUpdates(token: string, applicationId: string): Promise<number> {
    let found = 0;
    for (let page = 0; ; page += 1) {
      const query = new URLSearchParams({ entity: 'application', action: 'update', size: '100', page: String(page) });
      const response = await api(token, `AuditLog?${query.toString()}`);
      const { rows } = (await response.json()) as { rows: { entity: string; entityId: string }[] };
      if (rows.length === 0) return found;
      found += rows.filter((row) => row.entity === 'application' && row.entityId === applicationId).length;
    }
  }
});
