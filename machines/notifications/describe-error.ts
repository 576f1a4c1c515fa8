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

/** The longest data text the modal shows in place of a message: enough to quote, never a page of JSON. */
const DATA_TEXT_LIMIT = 500;

/**
 * The failure's data itself, as text, for one that carries no message (public-and-profile §2 "Modal dialog": "The
 * message field is shown if present, else the data itself"): a thrown string as it is, an HTTP failure by its status
 * and code, an Error by its name, anything else as its JSON (shortened), else as `String` makes it.
 */
export function dataText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof ApiError) return `${String(error.status)} ${error.code}`;
  if (error instanceof Error) return error.name;
  let json: string | undefined;
  try {
    json = JSON.stringify(error);
  } catch {
    json = undefined; // a cycle, or a BigInt: String() still says something
  }
  const text = json ?? String(error);
  return text.length > DATA_TEXT_LIMIT ? `${text.slice(0, DATA_TEXT_LIMIT - 1)}…` : text;
}

/**
 * Classifies anything thrown into the spec's error types (TypeError, ReferenceError, HttpError, …); the message is the
 * failure's own, else its data (`dataText`), so the modal never opens on an empty body.
 */
export function describeError(error: unknown): AppError {
  const described = classify(error);
  return described.message.trim() === '' ? { ...described, message: dataText(error) } : described;
}

function classify(error: unknown): AppError {
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
