import * as v from 'valibot';
import {
  AccessRequestListSchema,
  type AccessRequest,
  type AccessRequestApprove,
  type AccessRequestDecline,
} from '@contracts/access-requests';
import { http, type CallOptions } from '../http';

/** GET AccessRequest: the open requests of the clients the administrator reaches, oldest first. */
export async function listAccessRequests(options: CallOptions = {}): Promise<AccessRequest[]> {
  return v.parse(AccessRequestListSchema, await http.get('AccessRequest', options).json());
}

/** POST AccessRequest/{id}/Approve with the role chosen (409 `stale_update` when decided or changed meanwhile). */
export async function approveAccessRequest(id: string, body: AccessRequestApprove, options: CallOptions = {}) {
  await http.post(`AccessRequest/${encodeURIComponent(id)}/Approve`, { json: body, ...options });
}

/** POST AccessRequest/{id}/Decline with the reason (mailed to the person). */
export async function declineAccessRequest(id: string, body: AccessRequestDecline, options: CallOptions = {}) {
  await http.post(`AccessRequest/${encodeURIComponent(id)}/Decline`, { json: body, ...options });
}
