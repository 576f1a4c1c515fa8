/**
 * The initials on the round button (admin-and-board §3): the first letters of the first and last name parts; with
 * exactly four parts (two given names, two surnames: "María José García López"), the first and the second-to-last,
 * so the person's first surname shows.
 */
export function initialsOf(fullName: string): string {
  const parts = fullName
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '');
  const first = parts[0];
  if (first === undefined) return '';
  const last = parts.length === 4 ? parts[2] : parts.length > 1 ? parts.at(-1) : undefined;
  return `${first.charAt(0)}${last?.charAt(0) ?? ''}`.toLocaleUpperCase();
}
