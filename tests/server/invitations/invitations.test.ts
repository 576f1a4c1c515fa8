import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvitationListSchema, InvitationSchema, InviteClientListSchema } from '@contracts/invitations';
import { invitations } from '@server/db/schema';
import { sealInvitation, type InvitationClaims } from '@server/api/invitations/token';
import { acceptableInvitation } from '@server/api/invitations/validity';
import { adminCaller, auditRowsOf, clientIdOf } from '../admin/harness';
import { acmeSignUp, cheapAltcha, registerAs } from '../profile/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { decrypt, invitationLinkTo, refusalOf } from './harness';

const INVALID = {
  status: 400,
  code: 'invitation_invalid',
  message: 'This invitation is invalid or has expired.',
  details: undefined,
};

describe.each(databaseKinds)('invitations: invite, Encrypt/decrypt, sign up with the st token (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let umbrella: string;

  const invite = async (
    email: string,
    clientId = acme,
    as: 'admin' | 'acmeClientAdmin' = 'admin',
    culture?: string,
  ) => {
    const response = await call('POST', 'Invitation', { as, body: { clientId, email, culture } });
    expect(response).toAnswer(201);
    return v.parse(InvitationSchema, response.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: cheapAltcha,
      signUpLimits: { perAddress: { max: 200, windowMs: 60_000 }, perEmail: { max: 20, windowMs: 60_000 } },
    });
    call = adminCaller(t);
    acme = await clientIdOf(t, 'acme');
    umbrella = await clientIdOf(t, 'umbrella');
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mails the invitee a sign-up link in their culture, lists the invitation as pending, and audits it', async () => {
    const created = await invite('nina@umbrella.test', umbrella, 'admin', 'es');
    expect(created).toMatchObject({
      email: 'nina@umbrella.test',
      clientId: umbrella,
      status: 'pending',
      culture: 'es',
    });
    // Seven days by default (INVITATION_TTL_DAYS).
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const link = await invitationLinkTo(t, 'nina@umbrella.test');
    expect(link.url.origin).toBe('http://localhost');
    expect(link.clientId).toBe(umbrella);
    expect(link.culture).toBe('es');
    expect(link.mail.subject).toBe('Te invitan a Umbrella Agents');
    // The e-mail is sealed, not readable in the link.
    expect(link.token).not.toContain('nina');
    expect(link.token.split('.')).toHaveLength(5);

    const list = v.parse(InvitationListSchema, (await call('GET', `Invitation?clientId=${umbrella}`)).json());
    expect(list.map((item) => [item.email, item.status])).toContainEqual(['nina@umbrella.test', 'pending']);
    const [audit] = await auditRowsOf(t, 'invitation', created.id);
    expect(audit).toMatchObject({ action: 'create', actor: 'AUL__admin@gatehouse.test', before: null });
  });

  it('answers the e-mail for a valid token of that client (by id or portal alias)', async () => {
    await invite('valid@acme.test');
    const { token } = await invitationLinkTo(t, 'valid@acme.test');
    const byId = await decrypt(t, token, acme);
    expect(byId).toAnswer(200);
    expect(byId.json()).toEqual({ email: 'valid@acme.test' });
    expect(byId.headers['cache-control']).toBe('no-store');
    expect((await decrypt(t, token, 'acme')).json()).toEqual({ email: 'valid@acme.test' });
  });

  it('answers identically for tampered, expired, used, revoked and wrong-client tokens (no oracle)', async () => {
    const answers: Record<string, unknown> = {};

    await invite('tampered@acme.test');
    const tampered = (await invitationLinkTo(t, 'tampered@acme.test')).token;
    const flipped = tampered.slice(0, -3) + (tampered.at(-3) === 'A' ? 'B' : 'A') + tampered.slice(-2);
    answers.tampered = refusalOf(await decrypt(t, flipped, acme));
    answers.garbage = refusalOf(await decrypt(t, 'not-a-token', acme));

    await invite('wrong-client@acme.test');
    const wrong = (await invitationLinkTo(t, 'wrong-client@acme.test')).token;
    answers.wrongClient = refusalOf(await decrypt(t, wrong, umbrella));
    answers.unknownClient = refusalOf(await decrypt(t, wrong, 'nobody'));

    const revokedInvite = await invite('revoked@acme.test');
    const revoked = (await invitationLinkTo(t, 'revoked@acme.test')).token;
    expect(await call('POST', `Invitation/${revokedInvite.id}/revoke`)).toAnswer(200);
    answers.revoked = refusalOf(await decrypt(t, revoked, acme));

    await invite('used@acme.test');
    const used = (await invitationLinkTo(t, 'used@acme.test')).token;
    expect(await registerAs(t, acmeSignUp('used@acme.test', { invitation: used }), { captcha: '' })).toAnswer(200);
    answers.used = refusalOf(await decrypt(t, used, acme));

    await invite('expired@acme.test');
    const expired = (await invitationLinkTo(t, 'expired@acme.test')).token;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 86_400_000 });
    answers.expired = refusalOf(await decrypt(t, expired, acme));
    vi.useRealTimers();

    expect(answers).toEqual({
      tampered: INVALID,
      garbage: INVALID,
      wrongClient: INVALID,
      unknownClient: INVALID,
      revoked: INVALID,
      used: INVALID,
      expired: INVALID,
    });
    // Still the one wrong client: the token opens for its own client.
    expect(await decrypt(t, wrong, acme)).toAnswer(200);
  });

  it('does the same work to refuse a forged token as a genuine closed one (no timing oracle; issue 29 §7)', async () => {
    // The lookups acceptableInvitation makes, counted on a database that passes everything through.
    const made: string[] = [];
    const db = t.database.db;
    const counted = new Proxy(db, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        return (...args: unknown[]) => {
          made.push(name);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const workFor = async (token: string, clientRef: string) => {
      made.length = 0;
      const answer = await acceptableInvitation(counted, key, token, clientRef);
      return { opens: answer !== null, lookups: [...made] };
    };
    // Tokens sealed under a key of this test for real invitation rows, so each kind can be made on purpose.
    const key = new Uint8Array(32).fill(7);
    const sealedFor = async (email: string, over: Partial<InvitationClaims> = {}) => {
      const created = await invite(email);
      const [row] = await db.select().from(invitations).where(eq(invitations.id, created.id));
      if (row === undefined) throw new Error('no invitation row');
      const claims = { invitationId: row.id, email: row.email, clientId: row.clientId, expiresAt: row.expiresAt };
      return { id: row.id, token: await sealInvitation({ ...claims, ...over }, key) };
    };

    const genuine = await sealedFor('work-open@acme.test');
    const revoked = await sealedFor('work-revoked@acme.test');
    await db.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, revoked.id));
    const lapsed = await sealedFor('work-lapsed@acme.test', { expiresAt: new Date(Date.now() - 60_000) });
    const otherKey = await sealInvitation(
      { invitationId: genuine.id, email: 'work-open@acme.test', clientId: acme, expiresAt: new Date(Date.now() + 1e7) },
      new Uint8Array(32).fill(9),
    );
    const work = {
      genuine: await workFor(genuine.token, 'acme'),
      revoked: await workFor(revoked.token, 'acme'),
      lapsed: await workFor(lapsed.token, 'acme'),
      wrongClient: await workFor(genuine.token, 'umbrella'),
      forgedUnderAnotherKey: await workFor(otherKey, 'acme'),
      tampered: await workFor(`${genuine.token.slice(0, -2)}AA`, 'acme'),
      notAToken: await workFor('not-a-token', 'acme'),
    };
    expect(work.genuine).toEqual({ opens: true, lookups: ['select', 'select'] });
    const refused = { opens: false, lookups: ['select', 'select'] };
    expect(work).toEqual({
      genuine: work.genuine,
      revoked: refused,
      lapsed: refused,
      wrongClient: refused,
      forgedUnderAnotherKey: refused,
      tampered: refused,
      notAToken: refused,
    });
  });

  it('lets a token register once, without a captcha; the second registration is refused', async () => {
    await invite('once@acme.test');
    const { token } = await invitationLinkTo(t, 'once@acme.test');
    const first = await registerAs(t, acmeSignUp('once@acme.test', { invitation: token }), { captcha: '' });
    expect(first).toAnswer(200);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.email, 'once@acme.test'));
    expect(row?.acceptedAt).not.toBeNull();

    const again = await registerAs(t, acmeSignUp('once@acme.test', { invitation: token }), { captcha: '' });
    expect(refusalOf(again)).toEqual(INVALID);
    const list = v.parse(InvitationListSchema, (await call('GET', `Invitation?clientId=${acme}`)).json());
    expect(list.find((item) => item.email === 'once@acme.test')?.status).toBe('accepted');
  });

  it('skips the captcha only with a valid token for that same e-mail and client', async () => {
    // No token, no captcha: refused on the captcha.
    const noCaptcha = await registerAs(t, acmeSignUp('plain@acme.test'), { captcha: '' });
    expect(noCaptcha).toAnswer(400);
    expect(noCaptcha.json()).toMatchObject({ details: [{ field: 'body.captcha' }] });

    await invite('invited@acme.test');
    const { token } = await invitationLinkTo(t, 'invited@acme.test');
    // Another e-mail with this token: refused, nothing spent.
    const otherEmail = await registerAs(t, acmeSignUp('someone-else@acme.test', { invitation: token }), {
      captcha: '',
    });
    expect(refusalOf(otherEmail)).toEqual(INVALID);
    // Another client with this token (Umbrella allows sign-up too): refused.
    const otherClient = await registerAs(
      t,
      acmeSignUp('invited@acme.test', { clientId: 'umbrella', invitation: token }),
      {
        captcha: '',
      },
    );
    expect(refusalOf(otherClient)).toEqual(INVALID);
    // A tampered token with a captcha: still refused (a bad token is never silently traded for the captcha).
    const tampered = await registerAs(t, acmeSignUp('invited@acme.test', { invitation: `${token}x` }));
    expect(refusalOf(tampered)).toEqual(INVALID);
    // The right e-mail, any case: accepted.
    expect(await registerAs(t, acmeSignUp('Invited@Acme.test', { invitation: token }), { captcha: '' })).toAnswer(200);
  });

  it('resends with a new expiry and a new mail (the older link stops opening) and revokes; both audited', async () => {
    const created = await invite('resend@acme.test');
    const first = (await invitationLinkTo(t, 'resend@acme.test')).token;
    // Resent at once (within the same second too), the first link stops opening.
    expect(await call('POST', `Invitation/${created.id}/resend`)).toAnswer(200);
    expect(refusalOf(await decrypt(t, first, acme))).toEqual(INVALID);
    // Expired (its row past its expiry), it lists as such; a resend brings it back.
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.id));
    const listed = v.parse(InvitationListSchema, (await call('GET', `Invitation?clientId=${acme}`)).json());
    expect(listed.find((item) => item.id === created.id)?.status).toBe('expired');

    const resent = await call('POST', `Invitation/${created.id}/resend`);
    expect(resent).toAnswer(200);
    expect(v.parse(InvitationSchema, resent.json())).toMatchObject({ status: 'pending' });
    const second = (await invitationLinkTo(t, 'resend@acme.test')).token;
    expect(second).not.toBe(first);
    expect(await decrypt(t, second, acme)).toAnswer(200);

    expect(await call('POST', `Invitation/${created.id}/revoke`)).toAnswer(200);
    expect(refusalOf(await decrypt(t, second, acme))).toEqual(INVALID);
    // A revoked invitation is closed: neither resent nor revoked again.
    expect(await call('POST', `Invitation/${created.id}/resend`)).toAnswer(409);
    expect(await call('POST', `Invitation/${created.id}/revoke`)).toAnswer(409);

    const audit = await auditRowsOf(t, 'invitation', created.id);
    expect(audit.map((row) => [row.action, (row.after as { change?: string } | null)?.change ?? null])).toEqual(
      expect.arrayContaining([
        ['create', null],
        ['update', 'resend'],
        ['update', 'revoke'],
      ]),
    );
    expect(audit).toHaveLength(4);
    const revoke = audit.find((row) => (row.after as { change?: string }).change === 'revoke');
    expect(revoke).toMatchObject({ actor: 'AUL__admin@gatehouse.test', before: { status: 'pending' } });
  });

  it('offers each administrator the clients they may invite to: within reach, and allowing sign-up', async () => {
    const names = async (as: 'admin' | 'acmeClientAdmin') =>
      v.parse(InviteClientListSchema, (await call('GET', 'Invitation/clients', { as })).json()).map((c) => c.name);
    expect(await names('admin')).toEqual(['Acme Health', 'Umbrella Agents']);
    expect(await names('acmeClientAdmin')).toEqual(['Acme Health']);
  });

  it('lets a client administrator invite for their own client only', async () => {
    const own = await invite('own@acme.test', acme, 'acmeClientAdmin');
    expect(own.createdBy).toBe('ACME__clientadmin@acme.test');
    const other = await call('POST', 'Invitation', {
      as: 'acmeClientAdmin',
      body: { clientId: umbrella, email: 'sneaky@umbrella.test' },
    });
    expect(other).toAnswer(404);
    expect(await t.database.db.select().from(invitations).where(eq(invitations.email, 'sneaky@umbrella.test'))).toEqual(
      [],
    );
    expect(await call('GET', `Invitation?clientId=${umbrella}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    const umbrellaInvite = await invite('theirs@umbrella.test', umbrella);
    expect(await call('POST', `Invitation/${umbrellaInvite.id}/revoke`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('POST', `Invitation/${umbrellaInvite.id}/resend`, { as: 'acmeClientAdmin' })).toAnswer(404);
    // A user is no administrator at all.
    expect(
      await call('POST', 'Invitation', { as: 'acmeUser', body: { clientId: acme, email: 'x@acme.test' } }),
    ).toAnswer(403);
  });

  it('refuses to invite to a client without sign-up, or an e-mail the client already has', async () => {
    const globex = await clientIdOf(t, 'globex');
    const closed = await call('POST', 'Invitation', { body: { clientId: globex, email: 'new@globex.test' } });
    expect(closed).toAnswer(400);
    expect(closed.json()).toMatchObject({ details: [{ field: 'body.clientId' }] });
    const known = await call('POST', 'Invitation', { body: { clientId: acme, email: 'maria@acme.test' } });
    expect(known).toAnswer(400);
    expect(known.json()).toMatchObject({ details: [{ field: 'body.email' }] });
    const rows = await t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.clientId, acme), eq(invitations.email, 'maria@acme.test')));
    expect(rows).toEqual([]);
  });
});
