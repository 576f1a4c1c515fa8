import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryRefusal, DirectoryUnavailableError } from '@server/directory/errors';
import { injectFetch } from '@server/directory/inject-fetch';
import { createOktaDirectory } from '@server/directory/okta-directory';
import type { DirectoryPort } from '@server/directory/port';
import { createGroup } from '@server/idp/groups/directory';
import { primaryAuth, startIdp, type IdpHarness } from '../idp/harness';
import { databaseKinds } from '../support/database';

const API_TOKEN = '00test-api-token-for-the-directory-port-0001';
const PASSWORD = 'Directory-Port-2026!';
const transports = ['http', 'inject'] as const;

/** What a failed call threw, for assertions on its class and fields. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded; a failure was expected');
}

describe.each(databaseKinds.flatMap((kind) => transports.map((transport) => [kind, transport] as const)))(
  'the directory port against the embedded IdP’s management API (%s, %s)',
  (kind, transport) => {
    let h: IdpHarness;
    let directory: DirectoryPort;
    let serial = 0;
    const newLogin = () => `ACME__person${(serial += 1)}@acme.test`;
    const create = (login = newLogin()) =>
      directory.createUser({
        login,
        email: login.split('__')[1]!,
        firstName: 'Ada',
        lastName: 'Byron',
        password: PASSWORD,
        recoveryQuestion: { question: 'First pet?', answer: 'Rex' },
      });

    beforeAll(async () => {
      h = await startIdp(kind, { apiToken: API_TOKEN, lockout: { maxFailedAttempts: 2 } });
      directory = createOktaDirectory({
        baseUrl: `${h.origin}/api/v1`,
        apiToken: API_TOKEN,
        ...(transport === 'inject' ? { fetch: injectFetch(h.app) } : {}),
      });
    });
    afterAll(() => h.close());

    it('creates a person with a password and recovery question, and reads them by id or login', async () => {
      const login = newLogin();
      const created = await create(login);
      expect(created).toMatchObject({
        status: 'ACTIVE',
        login,
        firstName: 'Ada',
        recoveryQuestion: 'First pet?',
      });
      expect(created.id).toMatch(/^00u/);
      expect(await directory.getUser(created.id)).toEqual(created);
      expect(await directory.getUser(login.toLowerCase())).toEqual(created);
      expect(await directory.getUser('00unknown000000000000')).toBeNull();
      expect((await primaryAuth(h.origin, login, PASSWORD)).status).toBe(200);
    });

    it('maps a taken login to 409 conflict and a weak password to 400 with the field named', async () => {
      const login = newLogin();
      await create(login);
      const taken = await failure(create(login));
      expect(taken).toBeInstanceOf(DirectoryRefusal);
      expect(taken).toMatchObject({ statusCode: 409, code: 'conflict', oktaErrorCode: 'E0000001' });

      const weak = await failure(
        directory.createUser({
          login: newLogin(),
          email: 'w@acme.test',
          firstName: 'W',
          lastName: 'W',
          password: 'short',
        }),
      );
      expect(weak).toMatchObject({ statusCode: 400, code: 'validation_failed', oktaErrorCode: 'E0000001' });
      expect((weak as DirectoryRefusal).details?.[0]?.field).toBe('body.password');
    });

    it('updates the profile partially and sets, changes and checks credentials', async () => {
      const user = await create();
      const renamed = await directory.updateProfile(user.id, { firstName: 'Augusta' });
      expect(renamed).toMatchObject({ firstName: 'Augusta', lastName: 'Byron', email: user.email });

      await directory.setPassword(user.id, 'Admin-Set-2026!x');
      expect((await primaryAuth(h.origin, user.login, 'Admin-Set-2026!x')).status).toBe(200);

      const wrongOld = await failure(
        directory.changePassword(user.id, { oldPassword: 'wrong', newPassword: 'Self-Chosen-2026!y' }),
      );
      expect(wrongOld).toMatchObject({ statusCode: 400, oktaErrorCode: 'E0000014' });
      await directory.changePassword(user.id, { oldPassword: 'Admin-Set-2026!x', newPassword: 'Self-Chosen-2026!y' });
      expect((await primaryAuth(h.origin, user.login, 'Self-Chosen-2026!y')).status).toBe(200);

      await directory.changeRecoveryQuestion(user.id, {
        password: 'Self-Chosen-2026!y',
        question: 'Favourite river?',
        answer: 'Thames',
      });
      expect((await directory.getUser(user.id))?.recoveryQuestion).toBe('Favourite river?');
      expect(
        await failure(directory.changeRecoveryQuestion(user.id, { password: 'wrong', question: 'Q?', answer: 'A' })),
      ).toMatchObject({ statusCode: 400, oktaErrorCode: 'E0000014' });
    });

    it('runs the lifecycle: deactivate, activate, reset password, unlock', async () => {
      const user = await create();
      await directory.deactivate(user.id);
      expect((await directory.getUser(user.id))?.status).toBe('DEPROVISIONED');
      expect(await directory.activate(user.id, { sendEmail: false })).toEqual({ activationUrl: null });
      expect((await directory.getUser(user.id))?.status).toBe('ACTIVE');

      // Unlocking someone who is not locked is a wrong-status refusal.
      expect(await failure(directory.unlock(user.id))).toMatchObject({ statusCode: 409, oktaErrorCode: 'E0000038' });
      for (let attempt = 0; attempt < 2; attempt += 1) await primaryAuth(h.origin, user.login, 'wrong-password');
      expect((await directory.getUser(user.id))?.status).toBe('LOCKED_OUT');
      await directory.unlock(user.id);
      expect((await primaryAuth(h.origin, user.login, PASSWORD)).status).toBe(200);

      const { resetPasswordUrl } = await directory.resetPassword(user.id, { sendEmail: false });
      expect(resetPasswordUrl).toMatch(/^http:\/\/localhost:\d+\//);
      expect((await directory.getUser(user.id))?.status).toBe('RECOVERY');
    });

    it('adds to, lists and removes from groups', async () => {
      const user = await create();
      const group = await createGroup(h.test.database.db, {
        name: `ACME-Benefits-${transport}`,
        description: 'Benefits',
      });
      await directory.addToGroup(group.id, user.id);
      expect(await directory.listUserGroups(user.id)).toEqual([
        { id: group.id, name: `ACME-Benefits-${transport}`, description: 'Benefits' },
      ]);
      await directory.removeFromGroup(group.id, user.id);
      expect(await directory.listUserGroups(user.id)).toEqual([]);
      expect(await failure(directory.addToGroup('00gnothere0000000000', user.id))).toMatchObject({
        statusCode: 404,
        code: 'not_found',
      });
    });

    it('reports a refused API token as unavailability, never as the person’s fault', async () => {
      const wrongToken = createOktaDirectory({
        baseUrl: `${h.origin}/api/v1`,
        apiToken: 'not-the-token',
        ...(transport === 'inject' ? { fetch: injectFetch(h.app) } : {}),
      });
      expect(await failure(wrongToken.getUser('anyone'))).toBeInstanceOf(DirectoryUnavailableError);
    });

    it('reads the System Log through the adapter, following the next cursor page by page', async () => {
      const person = await create();
      for (let n = 0; n < 3; n += 1) expect((await primaryAuth(h.origin, person.login, PASSWORD)).status).toBe(200);
      const filter = `actor.id eq "${person.id}"`;
      const events = await directory.listLogEvents({ filter, pageSize: 2 });
      expect(events.map((event) => [event.eventType, event.outcome?.result])).toEqual([
        ['user.session.start', 'SUCCESS'],
        ['user.session.start', 'SUCCESS'],
        ['user.session.start', 'SUCCESS'],
      ]);
      expect(new Set(events.map((event) => event.uuid)).size).toBe(3);
      expect(events[0]).toMatchObject({ actor: { id: person.id, type: 'User', alternateId: person.login } });
      expect(events[0]?.published).toBeInstanceOf(Date);
      const newest = await directory.listLogEvents({ filter, sortOrder: 'DESCENDING', pageSize: 2, maxEvents: 1 });
      expect(newest.map((event) => event.uuid)).toEqual([events[2]?.uuid]);
    });

    it('answers a refused filter as a DirectoryRefusal carrying Okta’s code', async () => {
      const error = await failure(directory.listLogEvents({ filter: 'eventType sw "user."' }));
      expect(error).toBeInstanceOf(DirectoryRefusal);
      expect((error as DirectoryRefusal).oktaErrorCode).toBe('E0000031');
    });
  },
);

describe('the directory port when the identity provider is unreachable', () => {
  it('throws DirectoryUnavailableError', async () => {
    // Port 9 (discard) on loopback: nothing listens there in the test environment.
    const apiToken = '00secret-token-that-must-not-be-echoed';
    const directory = createOktaDirectory({ baseUrl: 'http://127.0.0.1:9/api/v1', apiToken, timeoutMs: 2_000 });
    const error = await failure(directory.getUser('anyone'));
    expect(error).toBeInstanceOf(DirectoryUnavailableError);
    expect((error as Error).message).toMatch(/did not answer/);
    expect((error as Error).message).not.toContain(apiToken);
  });
});
