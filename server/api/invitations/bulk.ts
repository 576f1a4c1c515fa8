import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { Tx } from '../../db/client';
import { instances, invitations } from '../../db/schema';
import { expiryFrom } from './service';
import type { InvitationRow } from './view';

/** One person to invite: the e-mail, and the language of the mail and of the sign-up page. */
export interface Invitee {
  email: string;
  culture: Culture;
}

/** What a bulk invitation did: the rows it inserted, and the people it skipped and why. */
export interface BulkInvitation {
  created: InvitationRow[];
  alreadyInvited: number;
  alreadyMembers: number;
}

/** E-mails per lookup and rows per insert: each statement stays far under the databases' bound-parameter limit. */
const CHUNK = 1000;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(items.slice(at, at + CHUNK));
  return out;
};

/** Of these lower-cased e-mails, those `query` finds (a chunk at a time), lower-cased. */
async function found(emails: readonly string[], query: (chunk: string[]) => Promise<{ email: string }[]>) {
  const hits = new Set<string>();
  for (const chunk of chunks(emails)) for (const row of await query(chunk)) hits.add(row.email.toLowerCase());
  return hits;
}

/**
 * Invites many people to one client inside the caller's transaction (its audit goes with it, the mails after it):
 * an e-mail that already belongs to a person of the client, or that has an invitation still open there (not accepted,
 * not revoked, not expired), is skipped and counted; the same e-mail twice is invited once. The others get one
 * invitation each, inserted a chunk at a time. E-mails compare without case, as everywhere in the portal.
 */
export async function insertInvitations(
  tx: Tx,
  by: { login: string; clientId: string; ttlDays: number; now: Date },
  invitees: readonly Invitee[],
): Promise<BulkInvitation> {
  const { login, clientId, ttlDays, now } = by;
  const unique = new Map<string, Invitee>();
  for (const invitee of invitees) {
    const key = invitee.email.trim().toLowerCase();
    if (key !== '' && !unique.has(key)) unique.set(key, { ...invitee, email: invitee.email.trim() });
  }
  const emails = [...unique.keys()];
  const members = await found(emails, (chunk) =>
    tx
      .select({ email: instances.email })
      .from(instances)
      .where(and(eq(instances.clientId, clientId), inArray(sql`lower(${instances.email})`, chunk))),
  );
  const invited = await found(emails, (chunk) =>
    tx
      .select({ email: invitations.email })
      .from(invitations)
      .where(
        and(
          eq(invitations.clientId, clientId),
          inArray(sql`lower(${invitations.email})`, chunk),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      ),
  );
  const alreadyMembers = emails.filter((email) => members.has(email)).length;
  const alreadyInvited = emails.filter((email) => !members.has(email) && invited.has(email)).length;
  const fresh = [...unique].filter(([email]) => !members.has(email) && !invited.has(email)).map(([, who]) => who);
  const expiresAt = expiryFrom(now, ttlDays);
  const created: InvitationRow[] = [];
  for (const chunk of chunks(fresh))
    created.push(
      ...(await tx
        .insert(invitations)
        .values(
          chunk.map(({ email, culture }) => ({
            clientId,
            email,
            culture,
            createdBy: login,
            createdAt: now,
            expiresAt,
            lastSentAt: now,
          })),
        )
        .returning()),
    );
  return { created, alreadyInvited, alreadyMembers };
}
