import type { DashboardFigures, SignInBucket } from '@contracts/dashboard';
import type { EditScopeChoices } from '@contracts/resource-edit';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const END = Date.parse('2026-11-27T12:00:00Z');

const buckets = (count: number, unit: number, counts: (index: number) => Omit<SignInBucket, 'at'>): SignInBucket[] =>
  Array.from({ length: count }, (_, index) => ({
    at: new Date(END - (count - 1 - index) * unit).toISOString(),
    ...counts(index),
  }));

/** Figures as the server answers them: a busy last hour, some failures, one lockout, a change and an error. */
export function dashboardFigures(overrides: Partial<DashboardFigures> = {}): DashboardFigures {
  return {
    hours: buckets(24, HOUR, (i) => ({ signIns: i === 23 ? 7 : i % 3, failures: i === 23 ? 2 : 0, lockouts: 0 })),
    days: buckets(30, DAY, (i) => ({ signIns: 10 + i, failures: i % 4, lockouts: i === 25 ? 1 : 0 })),
    lockouts: 1,
    activePeople: 42,
    openAccessRequests: 2,
    peoplePerClient: [
      { clientId: 'c-acme', clientName: 'Acme Health', count: 120 },
      { clientId: 'c-globex', clientName: 'Globex', count: 35 },
    ],
    applicationsPerClient: [
      { clientId: 'c-acme', clientName: 'Acme Health', count: 3 },
      { clientId: 'c-globex', clientName: 'Globex', count: 1 },
    ],
    recentChanges: [
      {
        id: 'a1',
        at: '2026-11-27T11:58:00.000Z',
        actor: 'AUL__admin@gatehouse.test',
        action: 'update',
        entity: 'client',
        entityId: 'c-acme',
        clientId: 'c-acme',
        clientName: 'Acme Health',
      },
    ],
    recentErrors: [
      {
        id: 'e1',
        at: '2026-11-27T11:50:00.000Z',
        level: 'ERROR',
        code: 'HttpError',
        message: 'The server did not answer',
        locationUrl: 'http://localhost:3000/board/index',
        deviceInfo: 'Firefox 133',
        clientId: 'c-acme',
        clientName: 'Acme Health',
      },
    ],
    ...overrides,
  };
}

/**
 * The scopes a provider administrator may choose in Edit Mode's "Applies to" (issue 29 §4), as GET resource/label
 * answers them: all clients and each client by name.
 */
export const providerEditChoices: EditScopeChoices = {
  global: true,
  clients: [
    { id: 'c-acme', name: 'Acme Health', portalAlias: 'acme' },
    { id: 'c-globex', name: 'Globex', portalAlias: 'globex' },
  ],
};

/** A client administrator's: their own client only. */
export const clientAdminEditChoices: EditScopeChoices = {
  global: false,
  clients: [{ id: 'c-acme', name: 'Acme Health', portalAlias: 'acme' }],
};
