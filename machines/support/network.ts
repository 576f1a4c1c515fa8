import { isNetworkFailure } from '@contracts/failures';

/**
 * The one rule for a call that got no answer (issue 29 §3, docs/spa.md "A connection that drops"): it is its own
 * outcome in every flow, beside 401, 404 and validation. A flow that meets it keeps what it has, waits in a state of
 * its own (tagged `offline`) and tries again by itself after `networkRetry`; the connection-lost notice
 * (machines/notifications, `connection` region) says why meanwhile.
 */

/** How long a flow that failed for the network waits before it tries again. */
export const NETWORK_RETRY_MS = 3000;

/** The guard every flow uses on its calls' failures: `{ type: 'isNetworkFailure', params: errorOf }`. */
export const isNetworkFailureGuard = (_: unknown, error: unknown): boolean => isNetworkFailure(error);
