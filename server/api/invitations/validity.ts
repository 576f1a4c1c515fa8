import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invitations } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import { findClient } from '../profile/service';
import { openInvitation, type InvitationClaims } from './token';

/** An invitation that may still be accepted: its id, the invited e-mail and the client's id. */
export interface AcceptableInvitation {
  id: string;
  email: string;
  clientId: string;
}

/**
 * The one answer for every token that does not open sign-up — tampered, expired, used, revoked, or for another
 * client — so the answer tells nobody which of these it was (no oracle).
 */
export const invalidInvitation = () =>
  new ProblemError(400, 'invitation_invalid', 'This invitation is invalid or has expired.');

const stillOpen = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/**
 * What a token that does not open is looked up as: ids no invitation or client has (the nil UUID), an e-mail no row
 * has and an expiry long past. The lookups still run, so they cost what a genuine token's cost (see below).
 */
const NO_CLAIMS: InvitationClaims = {
  invitationId: '00000000-0000-0000-0000-000000000000',
  email: '',
  clientId: '00000000-0000-0000-0000-000000000000',
  expiresAt: new Date(0),
};

/**
 * The invitation a token names, when it may still be accepted for the client `clientRef` (UUID or portal alias): the
 * token opens under the key, it was sealed for that client and has not expired, and its row agrees (same e-mail and
 * client, the expiry the last mail carried, not accepted, not revoked). Anything else: null.
 *
 * Every token costs the same work (issue 29 §7): the client's and the invitation's lookups run whether the token opens
 * or not, expired or not, for its client or not, and only then is the answer decided. A forged token's refusal used
 * to skip both queries and came back measurably sooner (6–7 ms) than a genuine closed one's (9–12 ms), which told an
 * attacker whether a token was real. tests/server/invitations/invitations.test.ts counts the lookups.
 */
export async function acceptableInvitation(
  db: Db,
  key: Uint8Array,
  token: string,
  clientRef: string,
  now = new Date(),
): Promise<AcceptableInvitation | null> {
  const opened = await openInvitation(token, key);
  const claims = opened ?? NO_CLAIMS;
  const [client, [row]] = await Promise.all([
    findClient(db, clientRef),
    db
      .select({ id: invitations.id, email: invitations.email, clientId: invitations.clientId })
      .from(invitations)
      .where(
        and(
          eq(invitations.id, claims.invitationId),
          eq(invitations.clientId, claims.clientId),
          eq(sql`lower(${invitations.email})`, claims.email.toLowerCase()),
          // A resend seals a new expiry (whole seconds, as the token carries it): the older link no longer opens.
          eq(invitations.expiresAt, claims.expiresAt),
          stillOpen(now),
        ),
      )
      .limit(1),
  ]);
  if (opened === null || opened.expiresAt <= now || client?.id !== opened.clientId) return null;
  return row ?? null;
}

/**
 * Spends the invitation inside the registration's transaction: true when this call accepted it, false when another
 * registration, a revoke or the clock got there first (the caller then refuses, and its transaction rolls back).
 */
export async function consumeInvitation(tx: Tx, id: string, now = new Date()): Promise<boolean> {
  const spent = await tx
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), stillOpen(now)))
    .returning({ id: invitations.id });
  return spent.length === 1;
}
