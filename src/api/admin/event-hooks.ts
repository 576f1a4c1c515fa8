import * as v from 'valibot';
import {
  EventHookCreatedSchema,
  EventHookDeliveryListSchema,
  EventHookListSchema,
  EventHookSchema,
  type EventHook,
  type EventHookCreate,
  type EventHookCreated,
  type EventHookDelivery,
} from '@contracts/admin/event-hooks';
import type { EventHookChange } from '@machines/event-hooks/event-hooks.machine';
import { http, type CallOptions } from '../http';

const hookPath = (id: string) => `EventHook/${encodeURIComponent(id)}`;

/** GET EventHook: the identity provider's hooks. */
export async function loadEventHooks(options: CallOptions = {}): Promise<EventHook[]> {
  return v.parse(EventHookListSchema, await http.get('EventHook', options).json());
}

/** POST EventHook: the new hook and, this once, its signing secret. */
export async function createEventHook(body: EventHookCreate, options: CallOptions = {}): Promise<EventHookCreated> {
  return v.parse(EventHookCreatedSchema, await http.post('EventHook', { json: body, ...options }).json());
}

/** POST EventHook/{id}/verify, …/activate or …/deactivate: the hook as it is after. */
export async function changeEventHook(
  id: string,
  change: EventHookChange,
  options: CallOptions = {},
): Promise<EventHook> {
  return v.parse(EventHookSchema, await http.post(`${hookPath(id)}/${change}`, options).json());
}

/** DELETE EventHook/{id}. */
export async function deleteEventHook(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(hookPath(id), options);
}

/** GET EventHook/{id}/Delivery: the hook's latest deliveries, the newest first. */
export async function loadEventHookDeliveries(id: string, options: CallOptions = {}): Promise<EventHookDelivery[]> {
  return v.parse(EventHookDeliveryListSchema, await http.get(`${hookPath(id)}/Delivery`, options).json());
}
