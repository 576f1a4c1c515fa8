import { getLastRequestId, type CallOptions } from '../api/http';
import { identifyError } from './error-id';

/** Runs an admin API call; a failure leaves with its error id (spec §8), as at the shell's edge (src/app/wiring.ts). */
export const identified = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw identifyError(error, getLastRequestId());
  }
};

/** The call options of an actor's abort signal. */
export const signalOf = (signal: AbortSignal): CallOptions => ({ signal });
