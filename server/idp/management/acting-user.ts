import type { Db } from '../../db/client';
import { userActor, type LogActor } from '../events/catalogue';
import { findUserByLogin } from '../users/directory';
import type { ActingUserResolver } from './guard';

/** Accounts that cannot sign in now, so nobody signed in to the portal acts as them. */
const notActing = new Set(['STAGED', 'PROVISIONED', 'SUSPENDED', 'DEPROVISIONED']);

/** The portal names its signed-in person by their identity-provider login (the principal's `login`). */
export const actingUserResolver =
  (db: Db): ActingUserResolver =>
  async (login: string): Promise<LogActor | null> => {
    const person = await findUserByLogin(db, login);
    return person === undefined || notActing.has(person.status) ? null : userActor(person);
  };
