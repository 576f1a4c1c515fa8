import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashToken, newRecoveryToken, newSessionToken } from './ids';
import { idpOneTimeTokens, type OneTimeTokenKind } from './tables';

/** Okta's session tokens live five minutes and work once (okta-compat A1). */
export const SESSION_TOKEN_TTL_MS = 5 * 60_000;

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

const makers: Record<OneTimeTokenKind, () => string> = { session: newSessionToken, recovery: newRecoveryToken };

export async function issueOneTimeToken(
  db: Db,
  kind: OneTimeTokenKind,
  userId: string,
  { ttlMs, amr = [], now = new Date() }: { ttlMs: number; amr?: string[]; now?: Date },
): Promise<IssuedToken> {
  const token = makers[kind]();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(idpOneTimeTokens).values({ tokenHash: hashToken(token), kind, userId, expiresAt, amr });
  return { token, expiresAt };
}

export interface RedeemedToken {
  userId: string;
  amr: string[];
}

/**
 * Uses a token up. One conditional UPDATE does check and consume together, so two requests racing with the same
 * token (or two server processes) cannot both succeed. Unknown, expired, used and wrong-kind tokens all give undefined.
 */
export async function redeemOneTimeToken(
  db: Db,
  kind: OneTimeTokenKind,
  token: string,
  now: Date = new Date(),
): Promise<RedeemedToken | undefined> {
  const [row] = await db
    .update(idpOneTimeTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(idpOneTimeTokens.tokenHash, hashToken(token)),
        eq(idpOneTimeTokens.kind, kind),
        isNull(idpOneTimeTokens.consumedAt),
        gt(idpOneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: idpOneTimeTokens.userId, amr: idpOneTimeTokens.amr });
  return row;
}
