import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import { postJson, primaryAuth, startIdp, type IdpHarness } from './harness';

const API_TOKEN = '00-test-api-token-for-management';

interface User {
  id: string;
  status: string;
  profile: Record<string, string>;
  credentials: Record<string, unknown>;
}

describe.each(databaseKinds)('management API (%s)', (kind) => {
  let h: IdpHarness;

  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: API_TOKEN });
  });
  afterAll(() => h.close());

  const api = (method: string, path: string, body?: unknown, token = API_TOKEN) =>
    fetch(`${h.origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `SSWS ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(response: Response, status = 200): Promise<T> => {
    const body = (await response.json()) as T;
    // The body is part of the expectation, so a failure shows Okta's error envelope.
    expect({ status: response.status, body }).toEqual({ status, body });
    return body;
  };
  const createUser = async (login: string, extra: Record<string, unknown> = {}, query = '?activate=true') =>
    ok<User>(
      await api('POST', `/api/v1/users${query}`, {
        profile: { login, email: login, firstName: 'Test', lastName: 'Person' },
        credentials: { password: { value: 'Sturdy-Pass-1' } },
        ...extra,
      }),
    );

  it('refuses a missing, wrong or non-SSWS token with 401 E0000011', async () => {
    for (const authorization of [undefined, 'SSWS nope', `Bearer ${API_TOKEN}`]) {
      const response = await fetch(`${h.origin}/api/v1/users`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000011', errorSummary: 'Invalid token provided' });
    }
  });

  it('reads an empty JSON body as none and answers malformed JSON in the Okta envelope', async () => {
    const user = await createUser('empty-body@example.com');
    const send = (body: string) =>
      fetch(`${h.origin}/api/v1/users/${user.id}/lifecycle/suspend`, {
        method: 'POST',
        headers: { authorization: `SSWS ${API_TOKEN}`, 'content-type': 'application/json' },
        body,
      });
    const malformed = await send('{"oops"');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ errorCode: 'E0000003' });
    expect((await send('')).status).toBe(200);
  });

  it('creates users with a password, recovery question and groups, never echoing secrets', async () => {
    const group = await ok<{ id: string }>(
      await api('POST', '/api/v1/groups', { profile: { name: 'Agents', description: 'Call centre' } }),
    );
    const response = await api('POST', '/api/v1/users?activate=true', {
      profile: { login: 'kim@example.com', email: 'kim@example.com', firstName: 'Kim', lastName: 'Lee' },
      credentials: {
        password: { value: 'Sturdy-Pass-1' },
        recovery_question: { question: 'Favourite colour?', answer: 'Teal' },
      },
      groupIds: [group.id],
    });
    const text = await response.clone().text();
    const kim = await ok<User & Record<string, unknown>>(response);
    expect(kim).toMatchObject({
      status: 'ACTIVE',
      profile: { login: 'kim@example.com', email: 'kim@example.com', firstName: 'Kim', lastName: 'Lee' },
      credentials: {
        password: {},
        recovery_question: { question: 'Favourite colour?' },
        provider: { type: 'OKTA', name: 'OKTA' },
      },
      _links: { self: { href: `${h.origin}/api/v1/users/${kim.id}` } },
    });
    expect(kim.id).toMatch(/^00u.{17}$/);
    for (const secret of ['Sturdy-Pass-1', 'Teal', 'argon2']) expect(text).not.toContain(secret);
    expect(await ok<{ id: string }[]>(await api('GET', `/api/v1/users/${kim.id}/groups`))).toEqual([
      expect.objectContaining({
        id: group.id,
        type: 'OKTA_GROUP',
        profile: { name: 'Agents', description: 'Call centre' },
      }),
    ]);
    expect(await (await primaryAuth(h.origin, 'kim@example.com', 'Sturdy-Pass-1')).json()).toMatchObject({
      status: 'SUCCESS',
    });

    const duplicate = await api('POST', '/api/v1/users', {
      profile: { login: 'KIM@example.com', email: 'other@example.com' },
    });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toMatchObject({
      errorCode: 'E0000001',
      errorCauses: [{ errorSummary: expect.stringMatching(/^login: .*already exists/) as unknown }],
    });
    const weak = await api('POST', '/api/v1/users', {
      profile: { login: 'weak@example.com', email: 'weak@example.com' },
      credentials: { password: { value: 'weak' } },
    });
    expect(await weak.json()).toMatchObject({ errorCode: 'E0000001' });

    const staged = await createUser('stan@example.com', {}, '?activate=false');
    expect(staged.status).toBe('STAGED');
  });

  it('reads by id or login, lists with q, filter and search, and pages with Link headers', async () => {
    const lena = await createUser('lena@example.com');
    expect((await ok<User>(await api('GET', '/api/v1/users/LENA@example.com'))).id).toBe(lena.id);
    expect((await ok<User>(await api('GET', `/api/v1/users/${lena.id}`))).profile.login).toBe('lena@example.com');
    const missing = await api('GET', '/api/v1/users/00unothere0000000000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorCode: 'E0000007' });

    const byQ = await ok<User[]>(await api('GET', '/api/v1/users?q=len'));
    expect(byQ.map((user) => user.id)).toEqual([lena.id]);
    const byFilter = await ok<User[]>(
      await api('GET', `/api/v1/users?filter=${encodeURIComponent('status eq "STAGED"')}`),
    );
    expect(byFilter.map((user) => user.profile.login)).toEqual(['stan@example.com']);
    const bySearch = await ok<User[]>(
      await api('GET', `/api/v1/users?search=${encodeURIComponent('profile.email sw "LEN" and status eq "ACTIVE"')}`),
    );
    expect(bySearch.map((user) => user.id)).toEqual([lena.id]);
    const unsupported = await api('GET', `/api/v1/users?filter=${encodeURIComponent('lastUpdated gt "2020"')}`);
    expect(unsupported.status).toBe(400);

    const first = await api('GET', '/api/v1/users?limit=1');
    const [one] = await ok<User[]>(first);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBe(`${h.origin}/api/v1/users?limit=1&after=${one?.id}`);
    const second = await ok<User[]>(await api('GET', new URL(next ?? '').pathname + new URL(next ?? '').search));
    expect(second).toHaveLength(1);
    expect((second[0]?.id ?? '') > (one?.id ?? '')).toBe(true);
  });

  it('updates partially with POST and fully with PUT, and changes credentials', async () => {
    const mo = await createUser('mo@example.com');
    const partial = await ok<User>(await api('POST', `/api/v1/users/${mo.id}`, { profile: { firstName: 'Mo' } }));
    expect(partial.profile).toMatchObject({ firstName: 'Mo', lastName: 'Person', login: 'mo@example.com' });
    const full = await ok<User>(
      await api('PUT', `/api/v1/users/${mo.id}`, { profile: { login: 'mo@example.com', email: 'mo2@example.com' } }),
    );
    expect(full.profile).toMatchObject({ email: 'mo2@example.com', firstName: '', lastName: '' });
    const clash = await api('POST', `/api/v1/users/${mo.id}`, { profile: { login: 'lena@example.com' } });
    expect(await clash.json()).toMatchObject({ errorCode: 'E0000001' });

    const wrongOld = await api('POST', `/api/v1/users/${mo.id}/credentials/change_password`, {
      oldPassword: { value: 'nope' },
      newPassword: { value: 'Brand-New-Pass-2' },
    });
    expect(wrongOld.status).toBe(403);
    expect(await wrongOld.json()).toMatchObject({ errorCode: 'E0000014' });
    const changed = await ok<Record<string, unknown>>(
      await api('POST', `/api/v1/users/${mo.id}/credentials/change_password`, {
        oldPassword: { value: 'Sturdy-Pass-1' },
        newPassword: { value: 'Brand-New-Pass-2' },
      }),
    );
    expect(changed).toEqual({ password: {}, provider: { type: 'OKTA', name: 'OKTA' } });
    expect((await primaryAuth(h.origin, 'mo@example.com', 'Brand-New-Pass-2')).status).toBe(200);

    const question = await ok<Record<string, unknown>>(
      await api('POST', `/api/v1/users/${mo.id}/credentials/change_recovery_question`, {
        password: { value: 'Brand-New-Pass-2' },
        recovery_question: { question: 'First street?', answer: 'Elm' },
      }),
    );
    expect(question).toMatchObject({ recovery_question: { question: 'First street?' } });

    // An administrator sets a password without the old one.
    await ok(await api('POST', `/api/v1/users/${mo.id}`, { credentials: { password: { value: 'Admin-Set-Pass-3' } } }));
    expect((await primaryAuth(h.origin, 'mo@example.com', 'Admin-Set-Pass-3')).status).toBe(200);
  });

  it('never lifts a suspension or deactivation through a password, nor lets an open reset finish after it', async () => {
    const ola = await createUser('ola@example.com');
    const path = `/api/v1/users/${ola.id}`;
    await ok(await api('POST', `${path}/lifecycle/suspend`));
    await ok(
      await api('POST', `${path}/credentials/change_password`, {
        oldPassword: { value: 'Sturdy-Pass-1' },
        newPassword: { value: 'Changed-Pass-5' },
      }),
    );
    expect((await ok<User>(await api('GET', path))).status).toBe('SUSPENDED');
    await ok(await api('POST', `${path}/lifecycle/unsuspend`));

    // A reset started before the deactivation cannot be finished after it.
    const { resetPasswordUrl } = await ok<{ resetPasswordUrl: string }>(
      await api('POST', `${path}/lifecycle/reset_password?sendEmail=false`),
    );
    const recoveryToken = decodeURIComponent(resetPasswordUrl.split('/').at(-1) ?? '');
    const reset = (await (await postJson(h.origin, '/api/v1/authn/recovery/token', { recoveryToken })).json()) as {
      stateToken: string;
    };
    await ok(await api('POST', `${path}/lifecycle/deactivate`));
    const late = await postJson(h.origin, '/api/v1/authn/credentials/reset_password', {
      stateToken: reset.stateToken,
      newPassword: 'Too-Late-Pass-6',
    });
    expect(late.status).toBe(401);
    expect((await ok<User>(await api('GET', path))).status).toBe('DEPROVISIONED');
  });

  it('runs the lifecycle: suspend, unsuspend, expire, reset, unlock, activate, deactivate and delete', async () => {
    const nia = await createUser('nia@example.com');
    const path = `/api/v1/users/${nia.id}/lifecycle`;
    expect(await ok(await api('POST', `${path}/suspend`))).toEqual({});
    expect((await primaryAuth(h.origin, 'nia@example.com', 'Sturdy-Pass-1')).status).toBe(401);
    expect((await api('POST', `${path}/suspend`)).status).toBe(400);
    await ok(await api('POST', `${path}/unsuspend`));

    const expired = await ok<User>(await api('POST', `${path}/expire_password`));
    expect(expired.status).toBe('PASSWORD_EXPIRED');
    expect(await (await primaryAuth(h.origin, 'nia@example.com', 'Sturdy-Pass-1')).json()).toMatchObject({
      status: 'PASSWORD_EXPIRED',
    });

    const { resetPasswordUrl } = await ok<{ resetPasswordUrl: string }>(
      await api('POST', `${path}/reset_password?sendEmail=false`),
    );
    expect(resetPasswordUrl).toMatch(new RegExp(`^${h.origin}/signin/reset-password/`));
    expect((await ok<User>(await api('GET', `/api/v1/users/${nia.id}`))).status).toBe('RECOVERY');
    expect((await primaryAuth(h.origin, 'nia@example.com', 'Sturdy-Pass-1')).status).toBe(401);
    const recoveryToken = decodeURIComponent(resetPasswordUrl.split('/').at(-1) ?? '');
    const reset = (await (await postJson(h.origin, '/api/v1/authn/recovery/token', { recoveryToken })).json()) as {
      stateToken: string;
      status: string;
    };
    expect(reset.status).toBe('PASSWORD_RESET');
    await postJson(h.origin, '/api/v1/authn/credentials/reset_password', {
      stateToken: reset.stateToken,
      newPassword: 'After-Reset-Pass-4',
    });
    expect((await ok<User>(await api('GET', `/api/v1/users/${nia.id}`))).status).toBe('ACTIVE');

    expect((await api('POST', `${path}/unlock`)).status).toBe(403);
    for (let attempt = 0; attempt < 10; attempt += 1) await primaryAuth(h.origin, 'nia@example.com', 'wrong');
    expect((await ok<User>(await api('GET', `/api/v1/users/${nia.id}`))).status).toBe('LOCKED_OUT');
    await ok(await api('POST', `${path}/unlock`));
    expect((await primaryAuth(h.origin, 'nia@example.com', 'After-Reset-Pass-4')).status).toBe(200);

    expect(await ok(await api('POST', `${path}/deactivate`))).toEqual({});
    expect((await ok<User>(await api('GET', `/api/v1/users/${nia.id}`))).status).toBe('DEPROVISIONED');
    expect((await api('POST', `${path}/deactivate`)).status).toBe(403);
    await ok(await api('POST', `${path}/activate?sendEmail=false`));
    expect((await ok<User>(await api('GET', `/api/v1/users/${nia.id}`))).status).toBe('ACTIVE');

    expect((await api('DELETE', `/api/v1/users/${nia.id}`)).status).toBe(204);
    expect((await ok<User>(await api('GET', `/api/v1/users/${nia.id}`))).status).toBe('DEPROVISIONED');
    expect((await api('DELETE', `/api/v1/users/${nia.id}`)).status).toBe(204);
    expect((await api('GET', `/api/v1/users/${nia.id}`)).status).toBe(404);
  });

  it('activates a user created without a password through a link that sets one', async () => {
    const staged = await ok<User>(
      await api('POST', '/api/v1/users?activate=false', {
        profile: { login: 'olu@example.com', email: 'olu@example.com' },
      }),
    );
    const { activationToken, activationUrl } = await ok<{ activationToken: string; activationUrl: string }>(
      await api('POST', `/api/v1/users/${staged.id}/lifecycle/activate?sendEmail=false`),
    );
    expect(activationUrl).toContain(encodeURIComponent(activationToken));
    expect((await ok<User>(await api('GET', `/api/v1/users/${staged.id}`))).status).toBe('PROVISIONED');
    const reset = (await (
      await postJson(h.origin, '/api/v1/authn/recovery/token', { recoveryToken: activationToken })
    ).json()) as { stateToken: string; status: string };
    expect(reset.status).toBe('PASSWORD_RESET');
    const done = await postJson(h.origin, '/api/v1/authn/credentials/reset_password', {
      stateToken: reset.stateToken,
      newPassword: 'First-Choice-5',
    });
    expect(await done.json()).toMatchObject({ status: 'SUCCESS' });
    expect((await ok<User>(await api('GET', `/api/v1/users/${staged.id}`))).status).toBe('ACTIVE');
  });

  it('manages groups and membership', async () => {
    const pat = await createUser('pat@example.com');
    const group = await ok<{ id: string; objectClass: string[] }>(
      await api('POST', '/api/v1/groups', { profile: { name: 'Admins' } }),
    );
    expect(group.id).toMatch(/^00g.{17}$/);
    expect(group.objectClass).toEqual(['okta:user_group']);
    expect((await api('POST', '/api/v1/groups', { profile: { name: 'admins' } })).status).toBe(400);
    expect((await ok<{ id: string }[]>(await api('GET', '/api/v1/groups?q=adm'))).map((g) => g.id)).toEqual([group.id]);
    expect((await ok<{ id: string }>(await api('GET', `/api/v1/groups/${group.id}`))).id).toBe(group.id);

    const member = `/api/v1/groups/${group.id}/users/${pat.id}`;
    expect((await api('PUT', member)).status).toBe(204);
    expect((await api('PUT', member)).status).toBe(204);
    expect((await ok<User[]>(await api('GET', `/api/v1/groups/${group.id}/users`))).map((u) => u.id)).toEqual([pat.id]);
    expect((await api('DELETE', member)).status).toBe(204);
    expect(await ok<User[]>(await api('GET', `/api/v1/groups/${group.id}/users`))).toEqual([]);
    expect((await api('GET', '/api/v1/groups/00gnothere0000000000')).status).toBe(404);
  });

  it('enrols, activates, lists and deletes a TOTP factor, and clears sessions', async () => {
    const quinn = await createUser('quinn@example.com');
    const factors = `/api/v1/users/${quinn.id}/factors`;
    const pending = await ok<{
      id: string;
      status: string;
      _embedded: { activation: { sharedSecret: string } };
      _links: { activate: { href: string } };
    }>(await api('POST', factors, { factorType: 'token:software:totp', provider: 'GOOGLE' }));
    expect(pending.status).toBe('PENDING_ACTIVATION');
    expect(pending._links.activate.href).toBe(`${h.origin}${factors}/${pending.id}/lifecycle/activate`);
    const totp = new TOTP({ secret: Secret.fromBase32(pending._embedded.activation.sharedSecret) });
    const wrong = await api('POST', `${factors}/${pending.id}/lifecycle/activate`, {
      passCode: totp.generate() === '000000' ? '111111' : '000000',
    });
    expect(await wrong.json()).toMatchObject({ errorCode: 'E0000068' });
    const active = await ok<Record<string, unknown>>(
      await api('POST', `${factors}/${pending.id}/lifecycle/activate`, { passCode: totp.generate() }),
    );
    expect(active).toMatchObject({ id: pending.id, status: 'ACTIVE', factorType: 'token:software:totp' });
    expect(active).not.toHaveProperty('_embedded');
    expect(await ok<{ id: string }[]>(await api('GET', factors))).toEqual([
      expect.objectContaining({ id: pending.id }),
    ]);
    expect((await api('POST', factors, { factorType: 'token:software:totp', provider: 'GOOGLE' })).status).toBe(400);
    expect((await api('DELETE', `${factors}/${pending.id}`)).status).toBe(204);
    expect(await ok(await api('GET', factors))).toEqual([]);

    expect((await api('DELETE', `/api/v1/users/${quinn.id}/sessions?oauthTokens=true`)).status).toBe(204);
  });
});
