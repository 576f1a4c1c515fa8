/**
 * System ids of the long-lived singletons the root invokes. Any actor in the system reaches them with
 * `system.get(systemIds.notifications)`; views reach them through the root snapshot's `children`.
 */
export const systemIds = {
  resources: 'resources',
  notifications: 'notifications',
  session: 'session',
} as const;
