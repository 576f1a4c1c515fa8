/** Today as the number yyyymmdd, the default resource version (spec public-and-profile §7). */
export function todayVersion(now: Date): number {
  return now.getFullYear() * 10_000 + (now.getMonth() + 1) * 100 + now.getDate();
}

/** The version resources are cached under: the higher of today's and the stored one wins (spec §7). */
export function initialVersion(today: number, stored: number | undefined): number {
  return stored !== undefined && stored > today ? stored : today;
}
