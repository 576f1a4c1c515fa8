import { and, count, eq, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Client, ClientCreateSchema, ClientUpdateSchema } from '@contracts/admin/clients';
import { RECAPTCHA_FEATURE_SETTING } from '@contracts/resources';
import type { Db, Tx } from '../../db/client';
import { clientApplications, clients, cmsSites, portalSettings } from '../../db/schema';
import { bumpVersion } from '../resources/version';
import {
  createRecord,
  deleteRecord,
  takenWithoutCase,
  updateRecord,
  type CatalogueKind,
} from '../support/catalogue-writes';
import { duplicate, invalidField, stillInUse } from '../support/problems';
import { idpIdentityProviders } from '../../idp/tables';
import { getClient, peopleOf } from './queries';

type ClientInput = v.InferOutput<typeof ClientCreateSchema>;
type ClientEdit = v.InferOutput<typeof ClientUpdateSchema>;

const constraints = {
  clients_portal_alias_unique: { field: 'portalAlias', what: 'portal alias' },
  clients_okta_prefix_unique: { field: 'oktaPrefix', what: 'Okta prefix' },
};

/** Name, portal alias and prefix are each unique whatever their case. */
async function assertUnique(tx: Tx, input: ClientInput, exceptId: string | null): Promise<void> {
  const checks = [
    { column: clients.name, value: input.name, field: 'name', what: 'client name' },
    { column: clients.portalAlias, value: input.portalAlias, field: 'portalAlias', what: 'portal alias' },
    { column: clients.oktaPrefix, value: input.oktaPrefix, field: 'oktaPrefix', what: 'Okta prefix' },
  ];
  for (const check of checks) {
    if (await takenWithoutCase(tx, clients, { id: clients.id, value: check.column }, check.value, exceptId))
      throw duplicate(check.field, check.what);
  }
}

async function assertCmsSite(tx: Tx, cmsClientId: string | null): Promise<void> {
  if (cmsClientId === null) return;
  const [site] = await tx.select({ id: cmsSites.id }).from(cmsSites).where(eq(cmsSites.id, cmsClientId));
  if (site === undefined) throw invalidField('cmsClientId', 'no CMS site has this id');
}

const rowOf = (input: ClientInput) => ({
  name: input.name,
  portalAlias: input.portalAlias,
  oktaPrefix: input.oktaPrefix,
  autoSignUp: input.autoSignUp,
  allowAccountClosing: input.allowAccountClosing,
  cmsSiteId: input.cmsClientId,
  ...(input.scimSignIn === undefined ? {} : { scimSignIn: input.scimSignIn }),
});

/**
 * Points the client's SSOID at an entry of the federation registry (or at none), the same link the registry's
 * `clientIdServed` writes (server/api/identity-providers): a provider signs people into one client, so any other client
 * that named it lets go (a new version for it and its resources). With a real Okta org the registry is Okta's own
 * (`registry: false`): the id is taken as given. The client's own row and resources version are bumped by the caller.
 */
async function pointSsoId(tx: Tx, clientId: string, ssoId: string | null, registry: boolean): Promise<void> {
  if (ssoId !== null) {
    if (registry) {
      const [entry] = await tx
        .select({ id: idpIdentityProviders.id })
        .from(idpIdentityProviders)
        .where(eq(idpIdentityProviders.id, ssoId));
      if (entry === undefined) throw invalidField('ssoId', 'no identity provider of the registry has this id');
    }
    const others = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.ssoId, ssoId), ne(clients.id, clientId)));
    for (const other of others) {
      await tx
        .update(clients)
        .set({ ssoId: null, version: sql`${clients.version} + 1` })
        .where(eq(clients.id, other.id));
      await bumpVersion(tx, other.id);
    }
  }
  await tx.update(clients).set({ ssoId }).where(eq(clients.id, clientId));
}

/** Whether SSOIDs name entries of the embedded identity provider's registry (false with a real Okta org). */
export type ClientWriteOptions = { registry: boolean };

/**
 * The client's own RecaptchaFeatureEnabled setting, as the text the spec compares with "true" (public-and-profile §5),
 * written in the save's transaction so the client's audit row (before/after) records the change. A new version of
 * the client's resources follows, so the sign-up page's cached settings do not keep the old value.
 */
async function writeCaptchaSetting(tx: Tx, clientId: string, on: boolean): Promise<void> {
  const value = on ? 'true' : 'false';
  await tx
    .insert(portalSettings)
    .values({ clientId, key: RECAPTCHA_FEATURE_SETTING, value })
    .onConflictDoUpdate({ target: [portalSettings.key, portalSettings.clientId], set: { value } });
}

/** A client's audit rows are the client's own: its administrators read them in the audit log. */
const clientKind: CatalogueKind<Client, typeof clients> = {
  entity: 'client',
  table: clients,
  constraints,
  read: getClient,
  missing: 'No client has this id.',
  auditClientId: (id) => id,
};

/** POST Client. */
export function createClient(
  db: Db,
  input: ClientInput,
  actor: string,
  options: ClientWriteOptions = { registry: true },
): Promise<Client> {
  return createRecord(db, clientKind, actor, async (tx) => {
    await assertCmsSite(tx, input.cmsClientId);
    await assertUnique(tx, input, null);
    const [inserted] = await tx.insert(clients).values(rowOf(input)).returning({ id: clients.id });
    if (inserted === undefined) throw new Error('inserting the client returned no row');
    await writeCaptchaSetting(tx, inserted.id, input.recaptchaFeatureEnabled);
    if (input.ssoId !== undefined && input.ssoId !== null)
      await pointSsoId(tx, inserted.id, input.ssoId, options.registry);
    return inserted.id;
  });
}

/**
 * PUT Client/{id}. The portal alias never changes once saved (spec §4: public URLs name the client by it); the Okta
 * prefix does not change while people of the client exist (every one of their logins starts with it).
 */
export function updateClient(
  db: Db,
  id: string,
  edit: ClientEdit,
  actor: string,
  options: ClientWriteOptions = { registry: true },
): Promise<Client> {
  return updateRecord(db, clientKind, actor, {
    id,
    version: edit.version,
    check: async (tx, current) => {
      if (edit.portalAlias !== current.portalAlias)
        throw invalidField('portalAlias', 'the portal alias cannot change once saved');
      if (edit.oktaPrefix !== current.oktaPrefix && (await peopleOf(tx, id)) > 0)
        throw invalidField('oktaPrefix', 'the Okta prefix cannot change while the client has people');
      await assertCmsSite(tx, edit.cmsClientId);
      await assertUnique(tx, edit, id);
    },
    write: async (tx, current, before) => {
      await tx
        .update(clients)
        .set({ ...rowOf(edit), version: sql`${clients.version} + 1` })
        .where(eq(clients.id, id));
      // AutoSignUp is part of the client's resources answer (the login page's Sign up link), and the captcha flag of
      // its settings: a new version, so neither the server's cached answers nor the browsers' copies keep the old one.
      if (edit.recaptchaFeatureEnabled !== before.recaptchaFeatureEnabled)
        await writeCaptchaSetting(tx, id, edit.recaptchaFeatureEnabled);
      // The SSOID is in the client's site profile (the `/SSO/{alias}` redirect): a change is a new version too. An
      // absent SSOID keeps the stored one; an unchanged one is not checked again (it may predate the registry).
      const ssoIdChanged = edit.ssoId !== undefined && edit.ssoId !== current.ssoId;
      if (ssoIdChanged) await pointSsoId(tx, id, edit.ssoId ?? null, options.registry);
      if (
        edit.autoSignUp !== current.autoSignUp ||
        edit.recaptchaFeatureEnabled !== before.recaptchaFeatureEnabled ||
        ssoIdChanged
      )
        await bumpVersion(tx, id);
    },
  });
}

/**
 * DELETE Client/{id}. Refused while the client has user profiles (their accounts and data would be orphaned) or
 * offers any application; its switched-off applications and its own resources (labels, lists, logos…) go with it.
 */
export function deleteClient(db: Db, id: string, actor: string): Promise<void> {
  return deleteRecord(db, clientKind, actor, {
    id,
    check: async (tx) => {
      const people = await peopleOf(tx, id);
      if (people > 0)
        throw stillInUse(`The client has ${String(people)} user profile(s); remove them before deleting it.`);
      const [active] = await tx
        .select({ n: count() })
        .from(clientApplications)
        .where(and(eq(clientApplications.clientId, id), eq(clientApplications.active, true)));
      if ((active?.n ?? 0) > 0)
        throw stillInUse(
          `The client has ${String(active?.n)} active application(s); deactivate them before deleting it.`,
        );
    },
  });
}
