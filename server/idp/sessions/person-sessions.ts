import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { forgetGrants } from '../oauth/adapter';
import { idpOidcModels, idpSessionActivity } from '../tables';

/** One of a person's live identity-provider sessions, as the owner's list shows it (docs/api.md "My sessions"). */
export interface PersonSession {
  /** The session's `uid`: the id the list and the delete use, never the cookie's value. */
  id: string;
  createdAt: string | null;
  lastSeenAt: string | null;
  expiresAt: string | null;
  userAgent: string | null;
  ipAddress: string | null;
}

interface SessionRow {
  uid: string | null;
  payload: Record<string, unknown>;
  expiresAt: Date | null;
  userAgent: string | null;
  ipAddress: string | null;
  firstSeen: Date | null;
  lastSeen: Date | null;
}

const live = (now: Date) => or(isNull(idpOidcModels.expiresAt), gt(idpOidcModels.expiresAt, now));
const ownedBy = (userId: string) => sql`${idpOidcModels.payload}->>'accountId' = ${userId}`;

/** The live session rows of a person (oidc-provider's `Session` model), with what was seen of each. */
function sessionRows(db: Db | Tx, userId: string, extra: SQL = sql`true`): Promise<SessionRow[]> {
  return db
    .select({
      uid: idpOidcModels.uid,
      payload: idpOidcModels.payload,
      expiresAt: idpOidcModels.expiresAt,
      userAgent: idpSessionActivity.userAgent,
      ipAddress: idpSessionActivity.ipAddress,
      firstSeen: idpSessionActivity.firstSeen,
      lastSeen: idpSessionActivity.lastSeen,
    })
    .from(idpOidcModels)
    .leftJoin(idpSessionActivity, eq(idpSessionActivity.sessionUid, idpOidcModels.uid))
    .where(and(eq(idpOidcModels.model, 'Session'), ownedBy(userId), live(new Date()), extra))
    .orderBy(desc(idpSessionActivity.lastSeen));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const fromEpoch = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** A person's live sessions, the most recently used first. */
export async function listPersonSessions(db: Db, userId: string): Promise<PersonSession[]> {
  const rows = await sessionRows(db, userId);
  return rows.flatMap((row) =>
    row.uid === null
      ? []
      : [
          {
            id: row.uid,
            createdAt: iso(row.firstSeen) ?? fromEpoch(row.payload['loginTs']),
            lastSeenAt: iso(row.lastSeen),
            expiresAt: iso(row.expiresAt),
            userAgent: row.userAgent,
            ipAddress: row.ipAddress,
          },
        ],
  );
}

/** The grants a session authorized (oidc-provider keeps one per client in `authorizations`). */
function grantsOf(payload: Record<string, unknown>): string[] {
  const authorizations = payload['authorizations'];
  if (typeof authorizations !== 'object' || authorizations === null) return [];
  return Object.values(authorizations as Record<string, { grantId?: unknown }>).flatMap((entry) =>
    typeof entry.grantId === 'string' ? [entry.grantId] : [],
  );
}

/**
 * Ends sessions of a person, in one transaction: each session row, every code and refresh token it issued (found by
 * their `sessionUid`) and every grant it authorized with all that grant's tokens, and what was seen of it. Access
 * tokens are JWTs and live out their hour; the SPA that held a refresh token is refused at its next keep-alive and
 * signs out. Answers the ids of the sessions ended.
 */
async function endSessions(db: Db, userId: string, which: SQL): Promise<string[]> {
  const ended = await db.transaction(async (tx) => {
    const rows = await sessionRows(tx, userId, which);
    const uids = rows.flatMap((row) => (row.uid === null ? [] : [row.uid]));
    if (uids.length === 0) return { uids, grants: [] };
    const grants = rows.flatMap((row) => grantsOf(row.payload));
    const byGrant =
      grants.length === 0
        ? sql`false`
        : or(
            inArray(idpOidcModels.grantId, grants),
            and(eq(idpOidcModels.model, 'Grant'), inArray(idpOidcModels.id, grants)),
          );
    await tx
      .delete(idpOidcModels)
      .where(
        or(
          and(eq(idpOidcModels.model, 'Session'), inArray(idpOidcModels.uid, uids)),
          inArray(sql`${idpOidcModels.payload}->>'sessionUid'`, uids),
          byGrant,
        ),
      );
    await tx.delete(idpSessionActivity).where(inArray(idpSessionActivity.sessionUid, uids));
    return { uids, grants };
  });
  forgetGrants(db, ended.grants);
  return ended.uids;
}

/** Ends one session of its owner; false when the person has no live session by that id (another's, or gone). */
export async function endPersonSession(db: Db, userId: string, sessionUid: string): Promise<boolean> {
  return (await endSessions(db, userId, sql`${idpOidcModels.uid} = ${sessionUid}`)).length > 0;
}

/** Ends every session of a person but the one named (the browser asking): "sign out everywhere else". */
export function endOtherPersonSessions(db: Db, userId: string, keptUid: string): Promise<string[]> {
  return endSessions(db, userId, ne(idpOidcModels.uid, keptUid));
}
