import * as v from 'valibot';
import { AuditQuerySchema } from '@contracts/audit-log';
import { DASHBOARD_RECENT_ROWS, type DashboardFigures } from '@contracts/dashboard';
import { ErrorQuerySchema } from '@contracts/error-log';
import type { Db } from '../../db/client';
import type { SignInCountsPort } from '../../directory/sign-in-counts';
import { countOpenRequests } from '../access-requests/service';
import { readAuditPage } from '../audit-log/queries';
import { readErrorPage } from '../error-log/queries';
import { applicationsPerClient, clientKeyOfClient, peoplePerClient } from './queries';
import { figuresSince, signInSeries } from './series';

/** The first page of a log grid, as the grid itself would read it (the dashboard links to the rest). */
const recentQuery = { size: String(DASHBOARD_RECENT_ROWS) };

/**
 * The dashboard's figures for one client or every client (`clientId` null), as of `now`. The sign-in figures come
 * from the identity side's counts (the IdentityProvider's signInCounts), the rest from the portal's own tables; the reads run
 * side by side.
 */
export async function dashboardFigures(
  { db, signInCounts }: { db: Db; signInCounts: SignInCountsPort },
  clientId: string | null,
  now: Date,
): Promise<DashboardFigures> {
  const clientKey = await clientKeyOfClient(db, clientId);
  const since = figuresSince(now);
  const [hours, activePeople, people, applications, changes, errors, openAccessRequests] = await Promise.all([
    signInCounts.hours(since, clientKey),
    signInCounts.activePeople(since, clientKey),
    peoplePerClient(db, clientId),
    applicationsPerClient(db, clientId),
    readAuditPage(db, { query: v.parse(AuditQuerySchema, recentQuery), clientId }),
    readErrorPage(db, { query: v.parse(ErrorQuerySchema, recentQuery), clientId }),
    countOpenRequests(db, clientId === null ? { kind: 'all' } : { kind: 'client', clientId }),
  ]);
  const series = signInSeries(hours, now);
  return {
    ...series,
    lockouts: series.days.reduce((sum, day) => sum + day.lockouts, 0),
    activePeople,
    openAccessRequests,
    peoplePerClient: people,
    applicationsPerClient: applications,
    recentChanges: changes.rows,
    recentErrors: errors.rows,
  };
}
