import type { Db } from '../db/client';
import { applyPlan } from './apply';
import type { Catalogue } from './format';
import { planImport, type Change } from './plan';

export interface ImportOptions {
  dryRun: boolean;
  prune: boolean;
}

export type ImportOutcome =
  { ok: true; applied: boolean; changes: Change[] } | { ok: false; problems: string[]; changes: Change[] };

/**
 * Plans and applies a parsed catalogue in ONE transaction: the plan is made from the rows the transaction reads, so
 * what is applied is what was planned; a dry run makes the same plan and rolls back; a refused deletion (people's
 * data) or any failed write leaves the database as it was.
 */
export async function importCatalogue(db: Db, file: Catalogue, options: ImportOptions): Promise<ImportOutcome> {
  let outcome: ImportOutcome | undefined;
  try {
    await db.transaction(async (tx) => {
      const plan = await planImport(tx, file, { prune: options.prune });
      if (plan.problems.length > 0) {
        outcome = { ok: false, problems: plan.problems, changes: plan.changes };
        throw rollback;
      }
      if (options.dryRun) {
        outcome = { ok: true, applied: false, changes: plan.changes };
        throw rollback;
      }
      await applyPlan(tx, plan.changes);
      outcome = { ok: true, applied: true, changes: plan.changes };
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  if (outcome === undefined) throw new Error('the import transaction ended without an outcome');
  return outcome;
}

/** Thrown to end a transaction without writing (drizzle rolls back on any throw). */
const rollback = new Error('rollback');

/** The plan as the CLI prints it: one line per change (unchanged records counted only), then the totals. */
export function describePlan(changes: readonly Change[]): string {
  const lines = changes
    .filter((c) => c.action !== 'unchanged')
    .map((c) => `${c.action.padEnd(7)} ${c.list.padEnd(12)} ${c.label} [${c.id}]`);
  const count = (action: Change['action']) => changes.filter((c) => c.action === action).length;
  lines.push(
    `${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged, ${count('delete')} to delete`,
  );
  return `${lines.join('\n')}\n`;
}
