import * as v from 'valibot';
import {
  AccessRequestCreatedSchema,
  MyAccessRequestsSchema,
  type AccessRequestCreate,
  type MyAccessRequests,
} from '@contracts/access-requests';
import { http, type CallOptions } from './http';

/** GET MyAccessRequests: the applications of the person's client they may ask for, and what they have asked for. */
export async function getMyAccessRequests(options: CallOptions = {}): Promise<MyAccessRequests> {
  return v.parse(MyAccessRequestsSchema, await http.get('MyAccessRequests', options).json());
}

/** POST MyAccessRequests: asks for one application (409 `access_request_limit` past the limit of open requests). */
export async function requestAccess(body: AccessRequestCreate, options: CallOptions = {}): Promise<{ id: string }> {
  return v.parse(AccessRequestCreatedSchema, await http.post('MyAccessRequests', { json: body, ...options }).json());
}
