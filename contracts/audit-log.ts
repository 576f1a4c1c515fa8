import * as v from 'valibot';
import { pagedResponse } from './paged-query';
import { logPageQuery, searchText } from './log-query';

/**
 * The audit log (docs/api.md "Logs"): who changed what, when, for which client, with the record before and after.
 * Read by administrators; a client administrator reads only their client's rows, whatever the query says.
 */

/** GET AuditLog (and AuditLog/Export): the filters, the order of time, the page. */
export const AuditQuerySchema = v.object({
  ...logPageQuery,
  /** Contains, in the actor's login. */
  actor: searchText,
  /** Contains, in the entity's name (`client`, `instance`, `label`, …). */
  entity: searchText,
  /** Contains, in the action (`create`, `update`, `delete`, `import.commit`, …). */
  action: searchText,
});
export type AuditQuery = v.InferInput<typeof AuditQuerySchema>;

/** One row of the audit grid. */
export const AuditRowSchema = v.object({
  id: v.string(),
  /** When, as an ISO instant. */
  at: v.string(),
  actor: v.string(),
  action: v.string(),
  entity: v.string(),
  entityId: v.nullable(v.string()),
  /** The changed record's client; null for a provider-wide change. */
  clientId: v.nullable(v.string()),
  clientName: v.nullable(v.string()),
});
export type AuditRow = v.InferOutput<typeof AuditRowSchema>;

export const AuditPageSchema = pagedResponse(AuditRowSchema);
export type AuditPage = v.InferOutput<typeof AuditPageSchema>;

/** GET AuditLog/{id}: the row with the record as it was and as it became (JSON, null on create or delete). */
export const AuditEntrySchema = v.object({
  ...AuditRowSchema.entries,
  before: v.unknown(),
  after: v.unknown(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;
