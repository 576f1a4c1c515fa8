import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** One administrative change, as its audit row records it (docs/architecture.md "The audit trail"). */
export interface AuditChange {
  /** The administrator's login (`system` for the server itself). */
  actor: string;
  /** `create`, `update`, `delete`, or a step of a longer job (`import.preview`, `import.commit`, …). */
  action: string;
  /** The table or aggregate changed: `client`, `application`, `label`, `instance`, `user_import`, … */
  entity: string;
  entityId: string;
  /**
   * The client the changed record belongs to, so that client's administrators see the change in their audit log;
   * null for a provider-wide change (an application, a field, a template, a label of every client).
   */
  clientId: string | null;
  /** The record as it was; null on create. */
  before: unknown;
  /** The record as it is now; null on delete. */
  after: unknown;
}

/**
 * The one writer of audit rows: every administrative change records itself through it, inside the change's own
 * transaction, so no change happens without its row (a failed insert rolls the change back). An object (not a bare
 * function) so a test can make it fail with `vi.spyOn` and see that nothing was written. Several changes (a batch of
 * imported people) go in one insert.
 */
export const auditTrail = {
  async record(tx: Tx, change: AuditChange | readonly AuditChange[]): Promise<void> {
    const changes: readonly AuditChange[] = isMany(change) ? change : [change];
    if (changes.length === 0) return;
    await tx.insert(auditLog).values([...changes]);
  },
};

const isMany = (change: AuditChange | readonly AuditChange[]): change is readonly AuditChange[] =>
  Array.isArray(change);
