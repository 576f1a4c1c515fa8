import type { Invitation, InvitationStatus } from '@contracts/invitations';
import { normaliseCulture } from '@contracts/culture';
import type { invitations } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** Where an invitation is in its life at `now` (accepted and revoked stay so; a pending one past its expiry expired). */
export function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt !== null) return 'accepted';
  if (row.revokedAt !== null) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** An invitation as the administrator sees it (and as its audit rows keep it). */
export const invitationView = (row: InvitationRow, now: Date): Invitation => ({
  id: row.id,
  clientId: row.clientId,
  email: row.email,
  culture: normaliseCulture(row.culture),
  status: statusOf(row, now),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastSentAt: row.lastSentAt.toISOString(),
  acceptedAt: iso(row.acceptedAt),
  revokedAt: iso(row.revokedAt),
});
