import type { ActorRef, Snapshot } from 'xstate';
import type { NotificationsEvent } from '../notifications/notifications.types';

/**
 * The notifications singleton as a flow sees it: a ref it may send reports to, handed over in its input rather than
 * found with `system.get`, so a flow declares what it needs and a test passes a recording fake.
 */
export type NotificationsPort = ActorRef<Snapshot<unknown>, NotificationsEvent>;
