import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { DirectoryPort } from '../../directory/port';
import { notFound } from '../../http/problem';
import { auditTrail } from '../support/audit';
import type { AdminReach } from '../support/reach';
import { reachablePerson } from './service';

/** What an administrator may reset of a person's sign-in from the user dialog (issue 31 items 2 and 3). */
export type SignInReset = 'clearSessions' | 'resetFactors';

export interface SignInResetDeps {
  db: Db;
  directory: DirectoryPort;
}

/** The message when the profile has no identity-provider user to reset (the SPA shows Global_Error_not_found). */
export const NO_SIGN_IN_MESSAGE = 'This person has no sign-in account.';

/**
 * POST ManageUsers/{id}/ClearSessions and …/ResetFactors (docs/api.md "Users"): an administrator ends every session
 * of a person they reach — their grants and refresh tokens with them, so no application renews a sign-in — or
 * removes every factor they enrolled (they enrol again at their next sign-in). Out of reach reads as missing (404),
 * as every user-dialog action. The identity provider is called first and outside any transaction (the embedded one
 * shares PGlite's single connection); the audit row follows, and the identity provider's System Log has its own.
 */
export async function resetSignIn(
  { db, directory }: SignInResetDeps,
  caller: Principal,
  reach: AdminReach,
  id: string,
  reset: SignInReset,
): Promise<void> {
  const person = await reachablePerson(db, reach, id);
  const idpUser = await directory.getUser(person.idpUserId ?? person.idpLogin);
  if (idpUser === null) throw notFound(NO_SIGN_IN_MESSAGE);
  if (reset === 'clearSessions') await directory.clearSessions(idpUser.id);
  else await directory.resetFactors(idpUser.id);
  await db.transaction((tx) =>
    auditTrail.record(tx, {
      actor: caller.login,
      action: reset === 'clearSessions' ? 'sessions.clear' : 'factors.reset',
      entity: 'instance',
      entityId: person.id,
      clientId: person.clientId,
      before: null,
      after: null,
    }),
  );
}
