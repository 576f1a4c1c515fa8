import type { ImportClient, ImportJob } from '@contracts/user-import';

/** The client people are imported into. */
export const umbrella: ImportClient = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Umbrella Agents',
  oktaPrefix: 'AULUMB',
};
/** A three-row file read: two new people and one row that fails. */
export const importCounts = { total: 3, new: 2, updated: 0, unchanged: 0, failed: 1, done: 0 };
/** Nothing committed yet. */
export const noOutcomes = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
/** An import job for people.csv, previewed and not committed unless `over` says otherwise. */
export const importJob = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  clientId: umbrella.id,
  fileName: 'people.csv',
  createdBy: 'AUL__admin@gatehouse.test',
  createdAt: '2026-11-26T00:00:00.000Z',
  status: 'previewed',
  mode: null,
  columns: ['Email', 'Role'],
  counts: importCounts,
  outcomes: noOutcomes,
  mails: { total: 0, done: 0 },
  finishedAt: null,
  ...over,
});
