import type { AdapterPayload } from 'oidc-provider';

/**
 * How long a grant read or written by this process answers from memory. A refresh reads its grant every time, and a
 * sign-in reads in its token request the grant its authorization wrote a moment before. Kept short because another
 * process may change the grant meanwhile: a new scope added there is seen here at most this much later. Revocation
 * is not delayed: it deletes the grant's tokens and codes too, and those are always read from the database.
 */
export const GRANT_MEMO_MS = 5_000;
/** Enough for every grant in use within GRANT_MEMO_MS on a busy process; the oldest go first beyond it. */
const MAX_GRANTS = 10_000;

interface Remembered {
  /** A copy: oidc-provider changes the payloads it is given and hands in. */
  payload: AdapterPayload;
  until: number;
}

/** The grants this process wrote or read lately, by id (the adapter's `Grant` model). */
export class GrantMemo {
  private readonly grants = new Map<string, Remembered>();

  constructor(
    private readonly ttlMs = GRANT_MEMO_MS,
    private readonly now: () => number = Date.now,
  ) {}

  remember(id: string, payload: AdapterPayload, expiresInSeconds: number): void {
    const expiresAt = expiresInSeconds > 0 ? this.now() + expiresInSeconds * 1000 : Infinity;
    this.grants.delete(id);
    this.grants.set(id, { payload: structuredClone(payload), until: Math.min(this.now() + this.ttlMs, expiresAt) });
    if (this.grants.size > MAX_GRANTS) this.grants.delete(this.grants.keys().next().value as string);
  }

  recall(id: string): AdapterPayload | undefined {
    const remembered = this.grants.get(id);
    if (remembered === undefined) return undefined;
    if (remembered.until <= this.now()) {
      this.grants.delete(id);
      return undefined;
    }
    return structuredClone(remembered.payload);
  }

  forget(id: string): void {
    this.grants.delete(id);
  }
}
