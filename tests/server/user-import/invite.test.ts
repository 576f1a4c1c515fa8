import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvitationEmailAnswerSchema } from '@contracts/invitations';
import { ImportInvitedSchema } from '@contracts/user-import';
import { auditTrail } from '@server/api/support/audit';
import { importJobs, invitations, mailOutbox } from '@server/db/schema';
import { auditRowsOf, clientIdOf, problemOf } from '../admin/harness';
import { decrypt, invitationLinkTo } from '../invitations/harness';
import { databaseKinds } from '../support/database';
import { demoImportRoles, HEADER, row, importWorld } from './harness';

/** Umbrella's header with the optional Culture column, and a row of it. */
const withCulture = (...rows: [email: string, culture: string, over?: Record<string, string>][]) =>
  [`${HEADER},Culture`, ...rows.map(([email, culture, over]) => `${row(email, over)},${culture}`)].join('\r\n') +
  '\r\n';

describe.each(databaseKinds)('user import: invite the new people instead of creating them (%s)', (kind) => {
  let roles: { applicationId: string; roles: string[] }[];

  const invite = (jobId: string, as: 'admin' | 'acmeClientAdmin' = 'admin', culture = 'en-us') =>
    world.io.call('POST', `UserImport/jobs/${jobId}/invite`, { as, body: { culture } });
  const invited = async (jobId: string, culture = 'en-us') => {
    const response = await invite(jobId, 'admin', culture);
    expect(response).toAnswer(200);
    return v.parse(ImportInvitedSchema, response.json());
  };
  const invitationsTo = (emails: string[]) =>
    world.t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.clientId, world.umbrella), inArray(sql`lower(${invitations.email})`, emails)));
  const mailsTo = (emails: string[]) =>
    world.t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));

  const world = importWorld(kind);
  beforeAll(async () => {
    roles = await demoImportRoles(world.t);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('invites each new person once, in the row’s language or the administrator’s, skipping members and the invited', async () => {
    const preview = await world.io.preview(
      world.umbrella,
      withCulture(
        ['inv-ana@umbrella.test', 'es-MX'],
        ['inv-ben@umbrella.test', ''],
        ['inv-cy@umbrella.test', 'en-us'],
        ['inv-dee@umbrella.test', ''],
        ['inv-eve@umbrella.test', 'es'],
        ['lee@umbrella.test', '', { FirstName: 'Lee' }],
        ['not-an-email', ''],
      ),
      { roles },
    );
    expect(preview.job.counts).toMatchObject({ total: 7, new: 5, failed: 1 });
    // Since the dry run: Dee was invited by hand, and Eve's account was created by another import.
    expect(
      await world.io.call('POST', 'Invitation', { body: { clientId: world.umbrella, email: 'INV-dee@umbrella.test' } }),
    ).toAnswer(201);
    const other = await world.io.preview(world.umbrella, withCulture(['inv-eve@umbrella.test', '']), { roles });
    expect((await world.io.commit(other.job.id, 'create')).outcomes.created).toBe(1);

    expect(await invited(preview.job.id, 'es')).toEqual({ invited: 3, alreadyInvited: 1, alreadyMembers: 1 });

    const rows = await invitationsTo(['inv-ana@umbrella.test', 'inv-ben@umbrella.test', 'inv-cy@umbrella.test']);
    expect(rows.map((each) => [each.email, each.culture, each.createdBy]).sort()).toEqual([
      ['inv-ana@umbrella.test', 'es', 'AUL__admin@gatehouse.test'],
      ['inv-ben@umbrella.test', 'es', 'AUL__admin@gatehouse.test'],
      ['inv-cy@umbrella.test', 'en-us', 'AUL__admin@gatehouse.test'],
    ]);
    expect(await invitationsTo(['inv-eve@umbrella.test', 'lee@umbrella.test'])).toEqual([]);
    expect(await invitationsTo(['inv-dee@umbrella.test'])).toHaveLength(1);
  });

  it('mails each invitee through the outbox a SignUp link whose token opens for that e-mail only', async () => {
    const preview = await world.io.preview(world.umbrella, withCulture(['mail-fay@umbrella.test', 'es']), { roles });
    expect(await invited(preview.job.id)).toEqual({ invited: 1, alreadyInvited: 0, alreadyMembers: 0 });
    const link = await invitationLinkTo(world.t, 'mail-fay@umbrella.test');
    expect(link.url.pathname).toBe(`/SignUp/${world.umbrella}`);
    expect(link.culture).toBe('es');
    expect(link.mail.subject).toBe('Te invitan a Umbrella Agents');
    const answer = await decrypt(world.t, link.token, world.umbrella);
    expect(answer).toAnswer(200);
    expect(v.parse(InvitationEmailAnswerSchema, answer.json())).toEqual({ email: 'mail-fay@umbrella.test' });
  });

  it('invites nobody twice when the same import is invited again, and sends no second mail', async () => {
    const emails = ['again-gil@umbrella.test', 'again-hal@umbrella.test'];
    const preview = await world.io.preview(world.umbrella, withCulture([emails[0] ?? '', ''], [emails[1] ?? '', '']), {
      roles,
    });
    expect(await invited(preview.job.id)).toEqual({ invited: 2, alreadyInvited: 0, alreadyMembers: 0 });
    const [first, second] = await Promise.all([invite(preview.job.id), invite(preview.job.id)]);
    for (const response of [first, second])
      expect(v.parse(ImportInvitedSchema, response.json())).toEqual({
        invited: 0,
        alreadyInvited: 2,
        alreadyMembers: 0,
      });
    expect(await invitationsTo(emails)).toHaveLength(2);
    expect(await mailsTo(emails)).toHaveLength(2);
  });

  it('audits the invitation of an import as one entry with its counts and invitations', async () => {
    const preview = await world.io.preview(world.umbrella, withCulture(['audit-ivy@umbrella.test', '']), { roles });
    await invited(preview.job.id);
    const entries = (await auditRowsOf(world.t, 'user_import', preview.job.id)).filter(
      (entry) => entry.action === 'import.invite',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'AUL__admin@gatehouse.test',
      clientId: world.umbrella,
      before: null,
      after: { invited: 1, alreadyInvited: 0, alreadyMembers: 0 },
    });
    const after = entries[0]?.after as { invitations: { email: string; status: string }[] };
    expect(after.invitations.map((each) => [each.email, each.status])).toEqual([
      ['audit-ivy@umbrella.test', 'pending'],
    ]);
  });

  it('answers 404 to a client administrator of another client, and to an unknown import, inviting nobody', async () => {
    const preview = await world.io.preview(world.umbrella, withCulture(['reach-jo@umbrella.test', '']), { roles });
    const refused = await invite(preview.job.id, 'acmeClientAdmin');
    expect(refused).toAnswer(404);
    expect(problemOf(refused).message).toBe('No import has this id.');
    expect(await invite('00000000-0000-4000-8000-000000000000')).toAnswer(404);
    expect(await invitationsTo(['reach-jo@umbrella.test'])).toEqual([]);
    expect(await mailsTo(['reach-jo@umbrella.test'])).toEqual([]);
  });

  it('refuses an import whose client does not allow sign-up, and one being committed', async () => {
    const provider = await clientIdOf(world.t, 'provider');
    const closed = await world.io.preview(provider, 'Email\r\nclosed-kai@provider.test\r\n');
    const refused = await invite(closed.job.id);
    expect(refused).toAnswer(400);
    expect(problemOf(refused).details?.[0]?.message).toMatch(/does not allow sign-up/);

    const busy = await world.io.preview(world.umbrella, withCulture(['busy-lou@umbrella.test', '']), { roles });
    await world.t.database.db.update(importJobs).set({ status: 'committing' }).where(eq(importJobs.id, busy.job.id));
    expect(await invite(busy.job.id)).toAnswer(409);
    expect(await invitationsTo(['closed-kai@provider.test', 'busy-lou@umbrella.test'])).toEqual([]);
  });

  it('writes no invitation and sends no mail when the audit row cannot be written', async () => {
    const preview = await world.io.preview(world.umbrella, withCulture(['fail-max@umbrella.test', '']), { roles });
    vi.spyOn(auditTrail, 'record').mockRejectedValueOnce(new Error('audit log unavailable'));
    expect(await invite(preview.job.id)).toAnswer(500);
    expect(await invitationsTo(['fail-max@umbrella.test'])).toEqual([]);
    expect(await mailsTo(['fail-max@umbrella.test'])).toEqual([]);
  });
});
