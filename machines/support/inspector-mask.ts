/**
 * What a flow's context or event looks like once it may leave the tab for the flow inspector (src/inspector/): plain
 * JSON that a BroadcastChannel or the Stately inspector can carry, with every secret replaced by {@link MASK}.
 *
 * A value is a secret when its key says so (password, token, code, answer, secret, otp, credential, challenge, in any
 * case and inside longer names: `recoveryToken`, `newPassword`, `securityAnswer`) or when it reads as a JWT wherever it
 * sits. Masking by name errs on the side of hiding (`errorCode` is hidden too); booleans stay, because a flag such as
 * `hasToken` tells the designer something and gives nothing away. Actor references, functions, cycles and very deep
 * values are named instead of copied, so a context that holds ports or children still travels.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const MASK = '••••';

const SECRET_KEY = /pass(word|phrase|code)?|token|code|answer|secret|otp|credential|challenge/i;
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
const MAX_DEPTH = 8;
const MAX_ITEMS = 50;
const MAX_TEXT = 500;

export const isSecretKey = (key: string) => SECRET_KEY.test(key);

export function maskSecrets(value: unknown): Json {
  return copy(value, 0, new WeakSet());
}

function copy(value: unknown, depth: number, seen: WeakSet<object>): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return JWT.test(value) ? MASK : value.slice(0, MAX_TEXT);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') return '[function]';
  if (typeof value !== 'object') return `[${typeof value}]`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (isActorRef(value)) return { actor: value.id };
  if (value instanceof Error) return { error: value.name };
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  try {
    if (value instanceof Map)
      return copyEntries(
        [...value.entries()].map(([k, v]) => [String(k), v]),
        depth,
        seen,
      );
    if (Array.isArray(value) || value instanceof Set) {
      return [...value].slice(0, MAX_ITEMS).map((item) => copy(item, depth + 1, seen));
    }
    // Only plain records are copied: an element, a client or a promise is named, never walked (an element's React
    // properties alone would be a tree of thousands of objects).
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return `[${value.constructor.name || 'object'}]`;
    return copyEntries(Object.entries(value), depth, seen);
  } finally {
    seen.delete(value);
  }
}

function copyEntries(entries: [string, unknown][], depth: number, seen: WeakSet<object>): { [key: string]: Json } {
  const result: { [key: string]: Json } = {};
  for (const [key, item] of entries) {
    if (item === undefined) continue;
    result[key] = isSecretKey(key) && item !== null && typeof item !== 'boolean' ? MASK : copy(item, depth + 1, seen);
  }
  return result;
}

function isActorRef(value: object): value is { id: string } {
  return 'sessionId' in value && 'send' in value && typeof value.send === 'function' && 'id' in value;
}
