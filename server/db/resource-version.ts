/**
 * Resource versions start at a date written as a number, yyyymmdd (UTC): 22 November 2026 is 20261122. The spec's
 * SPA keeps the higher of that and the stored version, so a stored version is never below the day it was made.
 */
export function dateVersion(date: Date = new Date()): number {
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}
