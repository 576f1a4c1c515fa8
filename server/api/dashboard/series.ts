import { DASHBOARD_DAYS, DASHBOARD_HOURS, type SignInBucket } from '@contracts/dashboard';
import type { SignInHour } from '../../directory/sign-in-counts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const startOf = (at: Date, unit: number) => Math.floor(at.getTime() / unit) * unit;

/** The first hour the figures read: the start of the oldest of the 30 UTC days (today included). */
export const figuresSince = (now: Date) => new Date(startOf(now, DAY_MS) - (DASHBOARD_DAYS - 1) * DAY_MS);

/** `count` buckets of `unit` ending with the one `now` falls in, each summing the hours that start within it. */
function buckets(hours: readonly SignInHour[], now: Date, unit: number, count: number): SignInBucket[] {
  const first = startOf(now, unit) - (count - 1) * unit;
  const series = Array.from({ length: count }, (_, index) => ({
    at: new Date(first + index * unit).toISOString(),
    signIns: 0,
    failures: 0,
    lockouts: 0,
  }));
  for (const hour of hours) {
    const bucket = series[Math.floor((hour.hour.getTime() - first) / unit)];
    if (bucket === undefined) continue; // before the window (or a clock ahead of ours)
    bucket.signIns += hour.signIns;
    bucket.failures += hour.failures;
    bucket.lockouts += hour.lockouts;
  }
  return series;
}

/** The hourly counts as the dashboard's two series: the last 24 hours and the last 30 days, empty ones included. */
export function signInSeries(hours: readonly SignInHour[], now: Date) {
  return {
    hours: buckets(hours, now, HOUR_MS, DASHBOARD_HOURS),
    days: buckets(hours, now, DAY_MS, DASHBOARD_DAYS),
  };
}
