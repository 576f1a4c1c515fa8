import { and, eq, sql } from 'drizzle-orm';
import type { SecurityRecord } from '@contracts/profile';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { instances } from '../../db/schema';
import type { DirectoryPort } from '../../directory/port';
import { forbidden, notFound } from '../../http/problem';
import { findClient } from './service';

/**
 * May the caller read the security record of `email` in `client`? Their own record; or any, as the provider
 * administrator; or any of their client, as its client administrator (restriction `{PROVIDER_PREFIX}__{OktaPrefix}`).
 */
function mayRead(
  caller: Principal & { email: string },
  client: { id: string; oktaPrefix: string } | undefined,
  email: string,
  providerPrefix: string,
): boolean {
  if (caller.role === 'admin') return true;
  if (client === undefined || client.id !== caller.clientId) return false;
  if (caller.email.toLowerCase() === email.toLowerCase()) return true;
  return (
    caller.role === 'clientadmin' &&
    caller.clientRestriction?.toUpperCase() === `${providerPrefix}__${client.oktaPrefix}`.toUpperCase()
  );
}

/**
 * GET Security/{email}/{clientId} (spec §3 "Security record read"): the recovery question (from the directory, the
 * only place it lives) and whether the person signs in through their client's own identity provider. Authorisation
 * comes before any lookup, so a refused caller cannot learn whether a person exists.
 */
export async function readSecurityRecord(
  db: Db,
  directory: DirectoryPort,
  {
    caller,
    email,
    clientRef,
    providerPrefix,
  }: { caller: Principal; email: string; clientRef: string; providerPrefix: string },
): Promise<SecurityRecord> {
  const [self] = await db.select({ email: instances.email }).from(instances).where(eq(instances.id, caller.userId));
  const client = await findClient(db, clientRef);
  if (!mayRead({ ...caller, email: self?.email ?? '' }, client, email, providerPrefix)) throw forbidden();
  if (client === undefined) throw notFound();
  const [person] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(sql`lower(${instances.email})`, email.toLowerCase())))
    .limit(1);
  if (person === undefined) throw notFound();
  // SSO people have no password or recovery question here (spec §5: those controls are disabled for them).
  if (person.ssoUser) return { recoveryQuestion: null, ssoUser: true };
  const account = await directory.getUser(person.idpUserId ?? person.idpLogin);
  return { recoveryQuestion: account?.recoveryQuestion ?? null, ssoUser: false };
}
