import { eq, sql } from 'drizzle-orm';
import type { BootstrapAdminConfig } from '../../config';
import type { Db } from '../../db/client';
import { clients, instances } from '../../db/schema';
import { idpLoginOf } from '../../db/seed';
import { createUser, findUserByLogin } from '../users/directory';

/** Orders concurrent starts (several workers, several hosts on one PostgreSQL): one of them creates, the rest see it. */
const BOOTSTRAP_LOCK = 7_240_533;

/** What the start did with BOOTSTRAP_ADMIN_*: created the administrator, or ignored the settings since one exists. */
export type BootstrapOutcome = { created: true; login: string } | { created: false };

/** Thrown when the bootstrap login already belongs to someone (an account or a profile): nothing is taken over. */
export class BootstrapLoginTakenError extends Error {
  constructor(login: string) {
    super(
      `BOOTSTRAP_ADMIN_EMAIL names the login ${login}, which already belongs to someone; ` +
        'choose another address or make that person a provider administrator in the admin area.',
    );
    this.name = 'BootstrapLoginTakenError';
  }
}

/**
 * The first provider administrator of a database that has none (a production start without the demo world), from
 * BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD: the provider's own client (PROVIDER_PREFIX) when it is missing,
 * the administrator's profile (IsAulAdmin) and their account in the embedded IdP, whose status PASSWORD_EXPIRED makes
 * the first sign-in choose a new password (authn's PASSWORD_EXPIRED state, as Okta's "expire password"). All in one
 * transaction, so a failed start leaves nothing half made.
 *
 * Once any provider administrator exists the settings change nothing — not the password, not the account — so
 * leaving them set opens nothing: the start says they were ignored (server/run.ts logs it).
 */
export async function bootstrapAdministrator(
  db: Db,
  { email, password }: BootstrapAdminConfig,
  providerPrefix: string,
): Promise<BootstrapOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const [administrator] = await tx
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.isAulAdmin, true))
      .limit(1);
    if (administrator !== undefined) return { created: false };

    const login = idpLoginOf(providerPrefix, email);
    const [profile] = await tx
      .select({ id: instances.id })
      .from(instances)
      .where(eq(sql`lower(${instances.idpLogin})`, login.toLowerCase()))
      .limit(1);
    if (profile !== undefined || (await findUserByLogin(tx, login)) !== undefined) {
      throw new BootstrapLoginTakenError(login);
    }
    const [existingProvider] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(sql`upper(${clients.oktaPrefix})`, providerPrefix.toUpperCase()))
      .limit(1);
    const providerId =
      existingProvider?.id ??
      (
        await tx
          .insert(clients)
          .values({ name: providerPrefix, oktaPrefix: providerPrefix, portalAlias: providerPrefix.toLowerCase() })
          .returning({ id: clients.id })
      )[0]?.id;
    if (providerId === undefined) throw new Error('the provider client could not be created');

    const account = await createUser(tx, { login, email, password, status: 'PASSWORD_EXPIRED' });
    await tx.insert(instances).values({
      clientId: providerId,
      email,
      idpLogin: login,
      idpUserId: account.id,
      isAulAdmin: true,
    });
    return { created: true, login };
  });
}
