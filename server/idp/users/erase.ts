import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpAuthnTransactions, idpLogEvents, idpOidcModels, idpRateLimits, idpUsers } from '../tables';
import type { IdpUser } from './directory';

/** The target a deletion's own System Log event names: the person is gone, so is every trace of who they were. */
export const erasedUserTarget = { id: 'erased', type: 'User', alternateId: 'erased', displayName: 'Erased user' };

/**
 * Deletes a user for good (the second step of Okta's delete), and with them everything the embedded IdP kept that
 * names them, in one transaction: their factors, one-time tokens and group memberships (cascades), their
 * sign-ins in progress, their oidc-provider sessions, grants and refresh tokens, their attempt counters, and the
 * System Log events they caused or that name them (issue 34 item 3: a closed account leaves no row of the person;
 * the hourly counts keep the numbers without names). A real Okta org keeps its own log; that is its operator's
 * business. The caller flushes the event buffer first, so an event still in memory is erased too.
 */
export async function eraseUser(db: Db, user: IdpUser): Promise<void> {
  const login = user.login.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.delete(idpOidcModels).where(sql`${idpOidcModels.payload}->>'accountId' = ${user.id}`);
    await tx.delete(idpAuthnTransactions).where(eq(idpAuthnTransactions.userId, user.id));
    await tx
      .delete(idpLogEvents)
      .where(
        or(
          eq(idpLogEvents.actorId, user.id),
          sql`lower(${idpLogEvents.actorAlternateId}) = ${login}`,
          sql`${user.id} = any(${idpLogEvents.targetIds})`,
        ),
      );
    // Counters are keyed `{action}:{login in lower case}` (server/idp/rate-limit.ts).
    await tx.delete(idpRateLimits).where(sql`${idpRateLimits.key} like ${`%:${login.replace(/[\\%_]/g, '\\$&')}`}`);
    await tx.delete(idpUsers).where(and(eq(idpUsers.id, user.id), inArray(idpUsers.status, ['DEPROVISIONED'])));
  });
}
