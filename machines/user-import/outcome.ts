import type { ImportCounts, ImportJob, ImportMode } from '@contracts/user-import';

/**
 * What a committed import did, by the server's counts (issue 29 §4: "0 created, 4 failed" is never "imported
 * successfully"): `nothing` when nobody was created or updated, `partly` when people were imported and rows failed,
 * `succeeded` when people were imported and no row failed.
 */
export const importOutcomes = ['succeeded', 'partly', 'nothing'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export function outcomeOf(job: ImportJob): ImportOutcome {
  const imported = job.outcomes.created + job.outcomes.updated;
  if (imported === 0) return 'nothing';
  return job.outcomes.failed > 0 ? 'partly' : 'succeeded';
}

/**
 * The rows of a preview a commit in `mode` would import: the new people (create, upsert) and the people to update
 * (update, upsert). Unchanged and failing rows import nobody, so a preview with none of these has nothing to import.
 */
export function importableRows(counts: ImportCounts, mode: ImportMode): number {
  return (mode === 'update' ? 0 : counts.new) + (mode === 'create' ? 0 : counts.updated);
}
