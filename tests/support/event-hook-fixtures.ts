import type { EventHook, EventHookCreated, EventHookDelivery } from '@contracts/admin/event-hooks';

/** Event-hook test data (issue 33 item 4): a verified, active hook and one of its deliveries. */
export const eventHook = (overrides: Partial<EventHook> = {}): EventHook => ({
  id: 'whoSiemFeed000000001',
  name: 'SIEM feed',
  uri: 'https://siem.example.com/okta/events',
  eventTypes: ['user.session.start', 'user.account.lock'],
  status: 'ACTIVE',
  verificationStatus: 'VERIFIED',
  authHeader: 'Authorization',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** A second hook, registered and not yet verified: offers Verify. */
export const newHook = (name = 'HR bridge'): EventHook =>
  eventHook({ id: 'whoHrBridge000000002', name, verificationStatus: 'UNVERIFIED', authHeader: null });

export const createdHook = (name = 'HR bridge'): EventHookCreated => ({
  hook: newHook(name),
  signingSecret: 'sig-secret-abcdefghijklmnopqrstuvwxyz012345',
});

export const delivery = (overrides: Partial<EventHookDelivery> = {}): EventHookDelivery => ({
  id: '7',
  eventId: '6c4d1f5e-0000-4000-8000-000000000007',
  eventType: 'user.account.lock',
  status: 'FAILED',
  attempts: 8,
  createdAt: '2026-11-02T09:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  lastError: 'the receiver answered 503',
  ...overrides,
});
