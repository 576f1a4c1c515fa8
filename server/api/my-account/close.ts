import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { Db, Tx } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import {
  auditLog,
  clients,
  errorLog,
  importJobRows,
  instanceApplicationRoles,
  instances,
  invitations,
  mailOutbox,
  passwordResetCodes,
  portalRateLimits,
} from '../../db/schema';
import type { DirectoryPort } from '../../directory/port';
import { staleUpdate } from '../../http/problem';
import type { Mailer } from '../../mail/mailer';
import { auditTrail } from '../support/audit';
import { accountClosedMail } from './mails';

export interface CloseDeps {
  db: Db;
  directory: DirectoryPort;
  mailer: Mailer;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

/** Who closed the account: the person themselves, or an administrator (their login is kept; it is not the person's). */
export type ClosedBy = { kind: 'self' } | { kind: 'administrator'; login: string };

/**
 * Closes an account for good (issue 34 item 3, docs/flows/my-account.md). The caller has checked the right to
 * (the person's password and the client's setting, or an administrator's reach). In an order where every failure
 * before the end leaves the person whole, as the administrator's delete does (server/api/users/service.ts):
 * 1. the identity-provider user is deactivated: they can no longer sign in, and every session, grant and refresh
 *    token of theirs ends (signed out everywhere);
 * 2. one portal transaction removes the profile (its field values, roles, API tokens, link tokens and reset codes go
 *    with it by cascade) and every other row naming the person — invitations, queued mail, error reports, import
 *    rows, attempt counters — and rewrites the audit rows about them without personal data, adding one for the closing;
 * 3. the identity-provider user is deleted, which erases their factors, tokens and System Log events
 *    (server/idp/users/erase.ts); a failure here is logged: the user is deactivated and can no longer sign in;
 * 4. the notice is mailed (the outbox keeps only it).
 * A failure in 2 activates the user again and answers the error.
 */
export async function closeAccount(deps: CloseDeps, person: InstanceRow, closedBy: ClosedBy): Promise<void> {
  const { db, directory, log } = deps;
  const idpUser = await directory.getUser(person.idpUserId ?? person.idpLogin);
  const wasActive = idpUser !== null && idpUser.status !== 'DEPROVISIONED';
  if (idpUser !== null && wasActive) await directory.deactivate(idpUser.id);
  let clientName: string;
  try {
    clientName = await db.transaction(async (tx) => {
      const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, person.clientId));
      await eraseProfile(tx, person, idpUser?.id ?? null);
      await auditTrail.record(tx, {
        actor: closedBy.kind === 'self' ? 'self' : closedBy.login,
        action: 'close',
        entity: 'account',
        entityId: randomUUID(),
        clientId: person.clientId,
        before: { closedBy: closedBy.kind },
        after: null,
      });
      return client?.name ?? '';
    });
  } catch (error) {
    if (idpUser !== null && wasActive)
      await directory.activate(idpUser.id, { sendEmail: false }).catch((cause: unknown) => {
        log.warn({ idpUserId: idpUser.id, cause }, 'my-account: could not activate again the user of a failed closing');
      });
    throw error;
  }
  if (idpUser !== null)
    await directory.deleteUser(idpUser.id).catch((cause: unknown) => {
      log.warn({ idpUserId: idpUser.id, cause }, 'my-account: the profile is closed, its deactivated user is left');
    });
  await deps.mailer
    .send(accountClosedMail(person.email, person.culture as Culture, clientName))
    .catch((cause: unknown) => {
      log.warn({ cause }, 'my-account: the closing notice could not be mailed');
    });
}

/** Every portal row naming the person, removed or made anonymous, in the closing's transaction. */
async function eraseProfile(tx: Tx, person: InstanceRow, idpUserId: string | null): Promise<void> {
  const email = person.email.toLowerCase();
  const names = [
    person.id,
    email,
    person.idpLogin.toLowerCase(),
    ...(idpUserId === null ? [] : [idpUserId.toLowerCase()]),
  ];
  const mentions = (column: unknown) =>
    or(...names.map((name) => sql`position(${name} in lower(${column}::text)) > 0`));

  await tx.delete(instanceApplicationRoles).where(eq(instanceApplicationRoles.instanceId, person.id));
  const deleted = await tx
    .delete(instances)
    .where(and(eq(instances.id, person.id), eq(instances.version, person.version)))
    .returning({ id: instances.id });
  if (deleted.length !== 1) throw staleUpdate();
  // A code asked for before the profile existed has no instance id; its key is `{clientId}:{email}` (password-reset).
  await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.accountKey, `${person.clientId}:${email}`));
  await tx
    .delete(invitations)
    .where(and(eq(invitations.clientId, person.clientId), sql`lower(${invitations.email}) = ${email}`));
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email}`);
  await tx
    .delete(importJobRows)
    .where(or(eq(importJobRows.instanceId, person.id), sql`lower(${importJobRows.email}) = ${email}`));
  await tx.delete(errorLog).where(idpUserId === null ? sql`false` : eq(errorLog.userId, idpUserId));
  await tx.delete(portalRateLimits).where(mentions(portalRateLimits.key));
  // The audit keeps that changes happened, by whom (an administrator) and to which client, never who the person was.
  await tx
    .update(auditLog)
    .set({
      entityId: sql`case when ${mentions(auditLog.entityId)} then 'erased' else ${auditLog.entityId} end`,
      actor: sql`case when ${mentions(auditLog.actor)} then 'erased' else ${auditLog.actor} end`,
      before: sql`case when ${mentions(auditLog.before)} then '{"erased":true}'::jsonb else ${auditLog.before} end`,
      after: sql`case when ${mentions(auditLog.after)} then '{"erased":true}'::jsonb else ${auditLog.after} end`,
    })
    .where(
      or(mentions(auditLog.entityId), mentions(auditLog.actor), mentions(auditLog.before), mentions(auditLog.after)),
    );
}
