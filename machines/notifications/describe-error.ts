import * as v from 'valibot';
import { ApiError, CriticalError, isNetworkFailure } from '@contracts/failures';

/**
 * What the error catalogue (spec public-and-profile §8) needs to know about a failure, whatever was thrown.
 * `requestId` is the error id: the request id header of an HTTP failure; for other failures the id the wiring edge
 * attached when it caught them (the last request id, else a generated one).
 */
export type AppError =
  | {
      kind: 'http';
      status: number;
      code: string;
      message: string;
      requestId: string | undefined;
      details: readonly string[];
    }
  | {
      kind: 'network' | 'type' | 'reference' | 'validation' | 'critical' | 'general' | 'unknown';
      message: string;
      requestId: string | undefined;
      details: readonly string[];
    };

/** A string property of whatever was thrown, if it has one. */
const stringProperty = (error: unknown, name: 'requestId' | 'message'): string | undefined => {
  if (typeof error !== 'object' || error === null || !(name in error)) return undefined;
  const value: unknown = (error as Record<typeof name, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/** Classifies anything thrown into the spec's error types (TypeError, ReferenceError, HttpError, …). */
export function describeError(error: unknown): AppError {
  const requestId = stringProperty(error, 'requestId');
  if (error instanceof ApiError) {
    return {
      kind: 'http',
      status: error.status,
      code: error.code,
      message: error.message,
      requestId,
      details: error.details.map((detail) => `${detail.field}: ${detail.message}`),
    };
  }
  // A response that does not match its contract: the issues are the "Following Validation Error(s)" lines.
  if (error instanceof v.ValiError) {
    const lines = error.issues.map((issue: v.BaseIssue<unknown>) => issue.message);
    return { kind: 'validation', message: lines.join('\n'), requestId, details: lines };
  }
  // No answer at all (offline, unreachable, timed out): its own kind, before the TypeError a fetch throws (issue 29 §3).
  if (isNetworkFailure(error)) {
    return { kind: 'network', message: stringProperty(error, 'message') ?? '', requestId, details: [] };
  }
  if (error instanceof CriticalError) return { kind: 'critical', message: error.message, requestId, details: [] };
  if (error instanceof TypeError) return { kind: 'type', message: error.message, requestId, details: [] };
  if (error instanceof ReferenceError) return { kind: 'reference', message: error.message, requestId, details: [] };
  if (error instanceof Error) return { kind: 'general', message: error.message, requestId, details: [] };
  return {
    kind: 'unknown',
    message: typeof error === 'string' ? error : (stringProperty(error, 'message') ?? ''),
    requestId,
    details: [],
  };
}
