import type { Invitation, InviteClient } from '@contracts/invitations';

/** The demo world's clients that allow sign-up, as GET Invitation/clients names them. */
export const acmeClient: InviteClient = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Acme Health' };
export const umbrellaClient: InviteClient = { id: '00000000-0000-4000-8000-0000000000c2', name: 'Umbrella Agents' };

/** An invitation as the server lists it. */
export const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  clientId: umbrellaClient.id,
  email: 'nina@umbrella.test',
  culture: 'es',
  status: 'pending',
  createdBy: 'AUL__admin@gatehouse.test',
  createdAt: '2026-11-27T09:00:00.000Z',
  expiresAt: '2026-12-04T09:00:00.000Z',
  lastSentAt: '2026-11-27T09:00:00.000Z',
  acceptedAt: null,
  revokedAt: null,
  ...over,
});
