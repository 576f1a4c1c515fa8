import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type CatalogueEntity = 'application' | 'client' | 'client_application' | 'field' | 'template';

export interface CatalogueChange {
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: CatalogueEntity;
  entityId: string;
  /** The row (with its children) as it was; null on create. */
  before: unknown;
  /** The row as it is now; null on delete. */
  after: unknown;
}

/**
 * The audit row of one catalogue change, written in the change's own transaction: no change without its row. An
 * object (not a bare function) so a test can make it fail with `vi.spyOn` and see that nothing was written.
 */
export const catalogueAudit = {
  async record(tx: Tx, change: CatalogueChange): Promise<void> {
    await tx.insert(auditLog).values(change);
  },
};
