import type { Account, FindAccount } from 'oidc-provider';
import type { Db } from '../../db/client';
import { findUserById } from '../users/directory';
import { allClaims, groupNamesOf } from './claims';

/** The account oidc-provider holds while it issues tokens; `login` spares the token shaper a second lookup. */
export interface IdpAccount extends Account {
  login: string;
}

/**
 * oidc-provider's `findAccount`: the account behind a session, code or token. Only ACTIVE users have one, so a
 * deactivated user's refresh tokens stop working at their next use. Group names cost a query and only the `groups`
 * scope releases them, so they are read only when that scope was granted (the SPA does not ask for it).
 */
export function accountFinder(db: Db): FindAccount {
  return async (_ctx, id): Promise<IdpAccount | undefined> => {
    const user = await findUserById(db, id);
    if (user?.status !== 'ACTIVE') return undefined;
    return {
      accountId: user.id,
      login: user.login,
      // oidc-provider releases only the claims of the granted scopes (the `claims` configuration).
      claims: async (_use, scope) =>
        allClaims(user, scope.split(' ').includes('groups') ? await groupNamesOf(db, user.id) : []),
    };
  };
}
