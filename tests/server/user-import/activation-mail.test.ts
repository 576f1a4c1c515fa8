import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, mailOutbox } from '@server/db/schema';
import { idpUsers } from '@server/idp/tables';
import { databaseKinds } from '../support/database';
import { file, row, importWorld } from './harness';

/**
 * The activation mail of an imported person: through the outbox (no SMTP in tests), in the person's culture (their
 * client's default), with the embedded identity provider's activation link, which sets the first password and makes
 * the account active. Re-running the file mails nobody again.
 */
describe.each(databaseKinds)('user import: activation mails (%s)', (kind) => {
  const world = importWorld(kind);

  const mailsTo = (to: string) => world.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const importPeople = async (...emails: string[]) => {
    const preview = await world.io.preview(world.umbrella, file(...emails.map((email) => row(email, { Role: '' }))));
    return world.io.commit(preview.job.id, 'upsert');
  };
  const authn = async (path: string, body: Record<string, unknown>) => {
    const response = await world.t.app.inject({ method: 'POST', url: `/api/v1/authn${path}`, payload: body });
    return response.json<{ status: string; stateToken?: string }>();
  };

  it('mails each new person a link that sets their first password, once', async () => {
    const done = await importPeople('mia@umbrella.test', 'noe@umbrella.test');
    expect(done.outcomes.created).toBe(2);
    const [mail] = await mailsTo('mia@umbrella.test');
    expect(mail?.subject).toBe('Activate your Umbrella Agents account');
    expect(mail?.text).toContain('Hello Ana,');
    expect(await mailsTo('noe@umbrella.test')).toHaveLength(1);
    const link = /http:\/\/localhost\/signin\/reset-password\/(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const [staged] = await world.t.database.db
      .select()
      .from(idpUsers)
      .where(eq(idpUsers.login, 'AULUMB__mia@umbrella.test'));
    expect(staged?.status).toBe('PROVISIONED');

    const recovery = await authn('/recovery/token', { recoveryToken: decodeURIComponent(link?.[1] ?? '') });
    expect(recovery.status).toBe('PASSWORD_RESET');
    const reset = await authn('/credentials/reset_password', {
      stateToken: recovery.stateToken,
      newPassword: 'First-Choice-5',
    });
    expect(reset.status).toBe('SUCCESS');
    const [active] = await world.t.database.db
      .select()
      .from(idpUsers)
      .where(eq(idpUsers.id, staged?.id ?? ''));
    expect(active?.status).toBe('ACTIVE');

    const again = await importPeople('mia@umbrella.test', 'noe@umbrella.test');
    expect(again.outcomes).toMatchObject({ created: 0, unchanged: 2 });
    expect(await mailsTo('mia@umbrella.test')).toHaveLength(1);
    expect(await mailsTo('noe@umbrella.test')).toHaveLength(1);
  });

  it("writes in the person's culture", async () => {
    await world.t.database.db.update(clients).set({ defaultCulture: 'es' }).where(eq(clients.id, world.umbrella));
    try {
      await importPeople('pia@umbrella.test');
    } finally {
      await world.t.database.db.update(clients).set({ defaultCulture: 'en-us' }).where(eq(clients.id, world.umbrella));
    }
    const [mail] = await mailsTo('pia@umbrella.test');
    expect(mail?.subject).toBe('Activa tu cuenta de Umbrella Agents');
    expect(mail?.text).toContain('Hola Ana:');
    expect(mail?.text).toContain('http://localhost/signin/reset-password/');
  });
});
