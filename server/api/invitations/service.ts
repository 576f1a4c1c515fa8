import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Invitation, InvitationCreate, InviteClient } from '@contracts/invitations';
import { normaliseCulture } from '@contracts/culture';
import type { Db } from '../../db/client';
import { instances, invitations } from '../../db/schema';
import { listClients } from '../clients/queries';
import { notFound, ProblemError, validationFailed } from '../../http/problem';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { auditTrail } from '../support/audit';
import { findClient } from '../profile/service';
import { assertReaches, type AdminReach } from '../support/reach';
import { invitationLink, invitationMail } from './mail';
import { sealInvitation } from './token';
import { invitationView, type InvitationRow } from './view';

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  /** The invitation key (derived from the server secret) and how many days a link lives. */
  key: Uint8Array;
  ttlDays: number;
  publicUrl: string;
}

/** Who acts: the administrator's login (for the row and its audit) and their reach. */
export interface Inviter {
  login: string;
  reach: AdminReach;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole seconds: the token carries its expiry in seconds, and the row must say exactly the same (validity.ts). */
export const expiryFrom = (now: Date, days: number) =>
  new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000);

const closed = () => new ProblemError(409, 'conflict', 'This invitation was already accepted or revoked.');

/**
 * POST Invitation: a client the administrator reaches (another client answers as a missing one) that allows sign-up,
 * an e-mail that has no profile there yet; the row and its audit in one transaction, then the mail.
 */
export async function createInvitation(deps: InvitationDeps, by: Inviter, body: InvitationCreate): Promise<Invitation> {
  const { db } = deps;
  assertReaches(by.reach, body.clientId);
  const client = await findClient(db, body.clientId);
  if (client === undefined) throw notFound('No client has this id.');
  if (!client.autoSignUp)
    throw validationFailed([{ field: 'body.clientId', message: 'does not allow sign-up, so nobody can be invited' }]);
  const email = body.email.trim();
  const [known] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(sql`lower(${instances.email})`, email.toLowerCase())))
    .limit(1);
  if (known !== undefined)
    throw validationFailed([{ field: 'body.email', message: 'already has an account with this client' }]);

  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(invitations)
      .values({
        clientId: client.id,
        email,
        culture: body.culture ?? normaliseCulture(client.defaultCulture),
        createdBy: by.login,
        createdAt: now,
        expiresAt: expiryFrom(now, deps.ttlDays),
        lastSentAt: now,
      })
      .returning();
    if (created === undefined) throw new Error('the invitation insert returned no row');
    const after = invitationView(created, now);
    await auditTrail.record(tx, {
      actor: by.login,
      action: 'create',
      entity: 'invitation',
      entityId: created.id,
      clientId: created.clientId,
      before: null,
      after,
    });
    return created;
  });
  await sendInvitation(deps, row, client.name);
  return invitationView(row, now);
}

/** GET Invitation/clients: the clients within the caller's reach (GET Client's list) that allow sign-up, by name. */
export async function inviteClients(db: Db, reach: AdminReach): Promise<InviteClient[]> {
  const reachable = await listClients(db, reach);
  return reachable.filter((client) => client.autoSignUp).map(({ id, name }) => ({ id, name }));
}

/** GET Invitation?clientId=: the client's invitations, newest first. */
export async function listInvitations(db: Db, reach: AdminReach, clientId: string): Promise<Invitation[]> {
  assertReaches(reach, clientId);
  const rows = await db
    .select()
    .from(invitations)
    .where(eq(invitations.clientId, clientId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(500);
  const now = new Date();
  return rows.map((row) => invitationView(row, now));
}

/**
 * POST Invitation/{id}/resend: a new expiry and a new mail (its token seals the new expiry, so the older link stops
 * opening). Only an invitation not yet accepted or revoked; an expired one comes back to life this way.
 */
export async function resendInvitation(deps: InvitationDeps, by: Inviter, id: string): Promise<Invitation> {
  const now = new Date();
  const row = await changeOpen(deps.db, by, id, 'resend', (before) => ({
    // Always later than the last link's (even twice within a second): the token seals it, so that link stops opening.
    expiresAt: new Date(Math.max(expiryFrom(now, deps.ttlDays).getTime(), before.expiresAt.getTime() + 1000)),
    lastSentAt: now,
  }));
  const client = await findClient(deps.db, row.clientId);
  await sendInvitation(deps, row, client?.name ?? '');
  return invitationView(row, now);
}

/** POST Invitation/{id}/revoke: its link stops opening at once. */
export async function revokeInvitation(db: Db, by: Inviter, id: string): Promise<Invitation> {
  const now = new Date();
  return invitationView(await changeOpen(db, by, id, 'revoke', () => ({ revokedAt: now })), now);
}

/** A change of an invitation still open (not accepted, not revoked), with its audit row, in one transaction. */
async function changeOpen(
  db: Db,
  by: Inviter,
  id: string,
  change: 'resend' | 'revoke',
  set: (before: InvitationRow) => Partial<Pick<InvitationRow, 'expiresAt' | 'lastSentAt' | 'revokedAt'>>,
): Promise<InvitationRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
    if (before === undefined) throw notFound('No invitation has this id.');
    assertReaches(by.reach, before.clientId, 'invitation');
    const [after] = await tx
      .update(invitations)
      .set(set(before))
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning();
    if (after === undefined) throw closed();
    const now = new Date();
    await auditTrail.record(tx, {
      actor: by.login,
      action: 'update',
      entity: 'invitation',
      entityId: id,
      clientId: before.clientId,
      before: invitationView(before, now),
      after: { ...invitationView(after, now), change },
    });
    return after;
  });
}

async function sendInvitation(deps: InvitationDeps, row: InvitationRow, clientName: string): Promise<void> {
  await deps.mailer.send(await invitationMessage(deps, row, clientName));
}

/** The mail of an invitation: its link carries a token sealing the row's id, e-mail, client and expiry. */
export async function invitationMessage(
  deps: Pick<InvitationDeps, 'key' | 'publicUrl' | 'ttlDays'>,
  row: InvitationRow,
  clientName: string,
): Promise<MailMessage> {
  const culture = normaliseCulture(row.culture);
  const token = await sealInvitation(
    { invitationId: row.id, email: row.email, clientId: row.clientId, expiresAt: row.expiresAt },
    deps.key,
  );
  return invitationMail({
    to: row.email,
    culture,
    client: clientName,
    link: invitationLink(deps.publicUrl, row.clientId, token, culture),
    days: deps.ttlDays,
  });
}
