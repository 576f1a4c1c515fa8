import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { CookieJar, discoverOverHttp, signInForTokens, SPA_ORIGIN, startIdp, type IdpHarness } from './harness';

const SCOPE = 'openid profile offline_access';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface ListedSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string | null;
  lastSeenAt: string | null;
  expiresAt: string | null;
}

describe.each(databaseKinds)('My sessions: list and end one’s own identity-provider sessions (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;
  let judy: IdpUser;

  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: 'my-sessions-token' });
    config = await discoverOverHttp(h.issuer);
    const db = h.test.database.db;
    judy = await createUser(db, { login: 'judy@example.com', email: 'judy@example.com', password: 'Carrot-Field-7' });
    await createUser(db, { login: 'nick@example.com', email: 'nick@example.com', password: 'Pawpsicle-Sly-9' });
  });
  afterAll(() => h.close());

  /** A browser signed in as the SPA does it: its cookies (the IdP session) and its tokens (the refresh token). */
  const browser = async (username: string, password: string, userAgent: string) => {
    const jar = new CookieJar();
    const tokens = await signInForTokens(h, config, { username, password, scope: SCOPE, jar, userAgent });
    return { jar, refreshToken: tokens.refresh_token!, userAgent };
  };
  const judyIn = (userAgent = FIREFOX) => browser('judy@example.com', 'Carrot-Field-7', userAgent);

  const call = (jar: CookieJar, method = 'GET', path = '') =>
    fetch(`${h.origin}/api/v1/users/me/sessions${path}`, {
      method,
      headers: { cookie: jar.header(), origin: SPA_ORIGIN, accept: 'application/json' },
    });
  const list = async (jar: CookieJar) => {
    const response = await call(jar);
    expect(response.status).toBe(200);
    return (await response.json()) as ListedSession[];
  };
  const refresh = (token: string) => oidc.refreshTokenGrant(config, token);
  const endAll = () =>
    fetch(`${h.origin}/api/v1/users/${judy.id}/sessions?oauthTokens=true`, {
      method: 'DELETE',
      headers: { authorization: 'SSWS my-sessions-token' },
    });

  it('lists the person’s live sessions only, this browser’s marked, with its user agent, address and times', async () => {
    expect((await endAll()).status).toBe(204);
    const firefox = await judyIn(FIREFOX);
    const chrome = await judyIn(CHROME);
    const nick = await browser('nick@example.com', 'Pawpsicle-Sly-9', CHROME);
    const sessions = await list(firefox.jar);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((session) => session.current);
    expect(mine?.userAgent).toBe(FIREFOX);
    expect(mine?.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(sessions.find((session) => !session.current)).toMatchObject({ userAgent: CHROME });
    for (const session of sessions) {
      expect(Date.parse(session.createdAt!)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt!));
      expect(Date.parse(session.expiresAt!)).toBeGreaterThan(Date.now());
    }
    // Nick sees his one session, never Judy's.
    const nicks = await list(nick.jar);
    expect(nicks).toHaveLength(1);
    expect(sessions.map((session) => session.id)).not.toContain(nicks[0]!.id);
    // The ids are not cookie values.
    expect(firefox.jar.header()).not.toContain(mine!.id);
    expect(chrome.jar.header()).toBeTruthy();
  });

  it('moves a session’s last sighting at each keep-alive (a refresh-token grant)', async () => {
    const firefox = await judyIn();
    const [before] = (await list(firefox.jar)).filter((session) => session.current);
    await h.test.database.db.execute(
      sql`update idp_session_activity set last_seen = last_seen - interval '1 hour' where session_uid = ${before!.id}`,
    );
    await refresh(firefox.refreshToken);
    const [after] = (await list(firefox.jar)).filter((session) => session.current);
    expect(Date.parse(after!.lastSeenAt!)).toBeGreaterThan(Date.parse(before!.lastSeenAt!) - 60_000);
    expect(after!.createdAt).toBe(before!.createdAt);
  });

  it('ends another session of the person: its refresh token is refused at once, this one keeps working', async () => {
    const firefox = await judyIn(FIREFOX);
    const chrome = await judyIn(CHROME);
    const chromeId = (await list(chrome.jar)).find((session) => session.current)!.id;
    const ended = await call(firefox.jar, 'DELETE', `/${chromeId}`);
    expect(ended.status).toBe(204);
    await expect(refresh(chrome.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await call(chrome.jar)).status).toBe(404);
    expect((await list(firefox.jar)).map((session) => session.id)).not.toContain(chromeId);
    expect((await refresh(firefox.refreshToken)).access_token).toBeTypeOf('string');
  });

  it('answers 404 for another person’s session id, and leaves that session alone', async () => {
    const firefox = await judyIn();
    const nick = await browser('nick@example.com', 'Pawpsicle-Sly-9', CHROME);
    const nicksId = (await list(nick.jar)).find((session) => session.current)!.id;
    const refused = await call(firefox.jar, 'DELETE', `/${nicksId}`);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ errorCode: 'E0000007' });
    expect((await call(firefox.jar, 'DELETE', '/no-such-session')).status).toBe(404);
    expect((await refresh(nick.refreshToken)).access_token).toBeTypeOf('string');
    expect((await list(nick.jar)).map((session) => session.id)).toContain(nicksId);
  });

  it('signs out everywhere else: every other session and its refresh token end, this one stays', async () => {
    const here = await judyIn(FIREFOX);
    const others = [await judyIn(CHROME), await judyIn(CHROME)];
    const nick = await browser('nick@example.com', 'Pawpsicle-Sly-9', CHROME);
    expect((await call(here.jar, 'DELETE')).status).toBe(204);
    for (const other of others) {
      await expect(refresh(other.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
      expect((await call(other.jar)).status).toBe(404);
    }
    const left = await list(here.jar);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    expect((await refresh(here.refreshToken)).access_token).toBeTypeOf('string');
    // Another person's sessions are untouched.
    expect((await refresh(nick.refreshToken)).access_token).toBeTypeOf('string');
  });

  it('ends this browser’s own session on request: the cookie is cleared and its refresh token refused', async () => {
    const here = await judyIn();
    const id = (await list(here.jar)).find((session) => session.current)!.id;
    const ended = await call(here.jar, 'DELETE', `/${id}`);
    expect(ended.status).toBe(204);
    here.jar.store(ended);
    expect(here.jar.has('_session')).toBe(false);
    await expect(refresh(here.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('audits each ended session and an administrator’s clear in the System Log', async () => {
    const here = await judyIn(FIREFOX);
    const other = await judyIn(CHROME);
    const otherId = (await list(other.jar)).find((session) => session.current)!.id;
    expect((await call(here.jar, 'DELETE', `/${otherId}`)).status).toBe(204);
    expect((await endAll()).status).toBe(204);
    const logged = async (target: string) => {
      const filter = new URLSearchParams({ filter: `target.id eq "${target}"` });
      const response = await fetch(`${h.origin}/api/v1/logs?${filter.toString()}`, {
        headers: { authorization: 'SSWS my-sessions-token' },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { eventType: string; actor: { id: string } }[]).map((event) => [
        event.eventType,
        event.actor.id,
      ]);
    };
    expect(await logged(otherId)).toEqual([['user.session.end', judy.id]]);
    expect(await logged(judy.id)).toContainEqual(['user.session.clear', 'gatehouse-api-token']);
  });

  it('refuses every call without a session cookie (404), and answers a trusted origin’s preflight', async () => {
    expect((await call(new CookieJar())).status).toBe(404);
    expect((await call(new CookieJar(), 'DELETE')).status).toBe(404);
    const preflight = await fetch(`${h.origin}/api/v1/users/me/sessions/abc`, {
      method: 'OPTIONS',
      headers: { origin: SPA_ORIGIN, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
