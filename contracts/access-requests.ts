import * as v from 'valibot';
import { EntityIdSchema, RowVersionSchema } from './admin/common';
import { detailMessages } from './forms/problem';

/**
 * Access requests (issue 34 item 4, docs/api.md "Access requests"): a person asks from the board for one of their
 * client's active applications they hold no role in; the client's administrators (and the provider administrator)
 * approve it with a role or decline it with a reason.
 */

/** How many requests a person may have open at once; one more answers 409 `access_request_limit`. */
export const ACCESS_REQUEST_OPEN_LIMIT = 3;
export const ACCESS_REQUEST_REASON_MAX = 500;

const reason = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.maxLength(ACCESS_REQUEST_REASON_MAX, detailMessages.maxLength(ACCESS_REQUEST_REASON_MAX)),
);

/** One application on the board the person holds no role in, and whether they have asked for it already. */
export const RequestableApplicationSchema = v.object({
  applicationId: v.string(),
  name: v.string(),
  /** The id of the person's open request for it; null: none open, "Request access" shows. */
  openRequestId: v.nullable(v.string()),
});
export type RequestableApplication = v.InferOutput<typeof RequestableApplicationSchema>;

/** GET MyAccessRequests: what the board offers, and how many requests are open against the limit. */
export const MyAccessRequestsSchema = v.object({
  applications: v.array(RequestableApplicationSchema),
  openCount: v.number(),
  limit: v.number(),
});
export type MyAccessRequests = v.InferOutput<typeof MyAccessRequestsSchema>;

/** POST MyAccessRequests. */
export const AccessRequestCreateSchema = v.object({ applicationId: EntityIdSchema, reason });
export type AccessRequestCreate = v.InferOutput<typeof AccessRequestCreateSchema>;
export const AccessRequestCreatedSchema = v.object({ id: v.string() });

/** One open request as an administrator sees it (GET AccessRequest). */
export const AccessRequestSchema = v.object({
  id: v.string(),
  version: v.number(),
  instanceId: v.string(),
  personName: v.string(),
  email: v.string(),
  clientId: v.string(),
  clientName: v.string(),
  applicationId: v.string(),
  applicationName: v.string(),
  reason: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  /** The application's role URL for this client (null: none), and its default role: the role list of the approval. */
  rolesApiUrl: v.nullable(v.string()),
  defaultRoleValue: v.string(),
  /** Roles the client's site rules exclude in the application: never offered, refused by the server. */
  excludedRoles: v.array(v.string()),
});
export type AccessRequest = v.InferOutput<typeof AccessRequestSchema>;
export const AccessRequestListSchema = v.array(AccessRequestSchema);

export const AccessRequestListQuerySchema = v.object({
  /** The provider administrator's choice of client; a client administrator's own client whatever this says. */
  clientId: v.optional(EntityIdSchema),
});

/** GET AccessRequest/Count: the dashboard's card. */
export const AccessRequestCountSchema = v.object({ open: v.number() });

/** POST AccessRequest/{id}/Approve. */
export const AccessRequestApproveSchema = v.object({
  version: RowVersionSchema,
  roleValue: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, detailMessages.required),
    v.maxLength(100, detailMessages.maxLength(100)),
  ),
});
export type AccessRequestApprove = v.InferOutput<typeof AccessRequestApproveSchema>;

/** POST AccessRequest/{id}/Decline. */
export const AccessRequestDeclineSchema = v.object({ version: RowVersionSchema, reason });
export type AccessRequestDecline = v.InferOutput<typeof AccessRequestDeclineSchema>;
