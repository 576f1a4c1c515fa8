import * as v from 'valibot';
import { AuditRowSchema } from './audit-log';
import { ErrorRowSchema } from './error-log';

/**
 * GET Dashboard/Figures (docs/api.md "Dashboard"): what is happening, for the provider administrator (every client)
 * or a client administrator (their client only, whatever they ask). Times are ISO instants of UTC hours and days.
 */

/** Sign-ins of one hour or one day: succeeded, failed (wrong password, locked out), and accounts locked. */
export const SignInBucketSchema = v.object({
  /** The start of the UTC hour or day. */
  at: v.string(),
  signIns: v.number(),
  failures: v.number(),
  lockouts: v.number(),
});
export type SignInBucket = v.InferOutput<typeof SignInBucketSchema>;

/** A count per client, the client's name with it. */
export const ClientCountSchema = v.object({ clientId: v.string(), clientName: v.string(), count: v.number() });
export type ClientCount = v.InferOutput<typeof ClientCountSchema>;

/** How many recent admin changes and front-end errors the dashboard lists (the logs' pages have the rest). */
export const DASHBOARD_RECENT_ROWS = 5;
export const DASHBOARD_HOURS = 24;
export const DASHBOARD_DAYS = 30;

export const DashboardFiguresSchema = v.object({
  /** The last 24 UTC hours, oldest first, the current hour last. */
  hours: v.array(SignInBucketSchema),
  /** The last 30 UTC days, oldest first, today last. */
  days: v.array(SignInBucketSchema),
  /** Accounts locked over the 30 days. */
  lockouts: v.number(),
  /** People who signed in over the 30 days. */
  activePeople: v.number(),
  /** Access requests waiting for a decision (issue 34 item 4): Manage users lists them. */
  openAccessRequests: v.number(),
  peoplePerClient: v.array(ClientCountSchema),
  /** Applications offered and active, per client. */
  applicationsPerClient: v.array(ClientCountSchema),
  recentChanges: v.array(AuditRowSchema),
  recentErrors: v.array(ErrorRowSchema),
});
export type DashboardFigures = v.InferOutput<typeof DashboardFiguresSchema>;
