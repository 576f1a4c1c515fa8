import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * Writes the audit row of an administrative change, inside the change's own transaction: if the audit row cannot be
 * written, the change does not happen. An object (not a bare function) so tests can inject a failure with `vi.spyOn`.
 */
export const auditTrail = {
  async record(tx: Tx, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values(entry);
  },
};
