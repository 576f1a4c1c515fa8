import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../db/per-database';
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
  await insertFor(db).execute({ tokenHash: hashToken(token), kind, userId, expiresAt, amr });
  return { token, expiresAt };
}

/** Prepared once per database: every sign-in and every activation of an import issues one (drizzle builds it once). */
const insertFor = perDatabase((db: Db) =>
  db
    .insert(idpOneTimeTokens)
    .values({
      tokenHash: sql.placeholder('tokenHash'),
      kind: sql.placeholder('kind'),
      userId: sql.placeholder('userId'),
      expiresAt: sql.placeholder('expiresAt'),
      amr: sql.placeholder('amr'),
    })
    .prepare('idp_one_time_token_insert'),
);

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
