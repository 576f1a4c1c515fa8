/**
 * System ids of the long-lived singletons the root starts, for the inspector and dev tools only: flows reach the
 * singletons through the ports in their input (machines/support/ports.ts), views through the root snapshot's
 * `children` (app.selectors.ts). Nothing looks them up by id.
 */
export const systemIds = {
  resources: 'resources',
  notifications: 'notifications',
  session: 'session',
} as const;
