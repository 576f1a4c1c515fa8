import { and, eq, ne, sql } from 'drizzle-orm';
import { cultures, normaliseCulture } from '@contracts/culture';
import type { FormDefinition } from '@contracts/profile-form';
import type { Db } from '../db/client';
import { instances } from '../db/schema';
import type { DirectoryPort } from '../directory/port';
import { createInstance } from '../api/instance/create';
import { readFormDefinition } from '../api/instance/form-queries';
import { adminAccess, rolesOf, saveInstance } from '../api/instance/service';
import { auditTrail } from '../api/support/audit';
import { reachOf } from '../api/support/reach';
import { deleteUser } from '../api/users/service';
import type { ScimCaller } from './auth';
import { ScimError } from './errors';
import { filterSql, userFilter } from './filter-sql';
import { groupsOfPeople } from './groups-service';
import { pageOf } from './paging';
import { listResponse } from './schemas';
import { assertIfMatch, isPersonId } from './versions';
import {
  countPeople,
  profilesOf,
  readPeople,
  toScimUser,
  type DesiredUser,
  type PersonRow,
  type ScimUser,
} from './user-resource';

/**
 * The Users endpoint's work, done by the portal's own services so a person provisioned here is the same as one an
 * administrator makes on the users page: `createInstance` (the form's rules, the directory port, one unit across the
 * profile and the identity provider, the audit row), `saveInstance` (the same rules and the version check) and
 * `deleteUser`. SCIM only adds what the portal has no page for: the external id, and `active` (deactivate, activate),
 * each with its audit row and a new row version, so the ETag changes with every change.
 */

export interface ScimDeps {
  db: Db;
  directory: DirectoryPort;
  providerPrefix: string;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

export interface ScimContext extends ScimCaller {
  /** The client's form as an administrator sees it: the extension's attributes and the rules values are checked by. */
  form: FormDefinition;
  /** `{PUBLIC_URL}/scim/v2[/{alias}]`, the base of every `location`. */
  base: string;
}

export async function scimContext(db: Db, caller: ScimCaller, base: string): Promise<ScimContext> {
  const form = await readFormDefinition(db, caller.client, adminAccess(caller.principal).viewer, null);
  return { ...caller, form, base };
}

const notFound = () => new ScimError(404, 'No user has this id in this client.');

export async function findPerson(db: Db, context: ScimContext, id: string): Promise<PersonRow> {
  if (!isPersonId(id)) throw notFound();
  const [person] = await readPeople(db, context.client, eq(instances.id, id), { offset: 0, limit: 1 });
  // A client administrator never manages a provider administrator's profile (as on the users page).
  if (person === undefined || (person.isAulAdmin && context.principal.role !== 'admin')) throw notFound();
  return person;
}

export async function userResource(db: Db, context: ScimContext, person: PersonRow): Promise<ScimUser> {
  const profiles = await profilesOf(db, context.form, [person.id]);
  const groups = await groupsOfPeople(db, context, [person]);
  return toScimUser(person, profiles.get(person.id) ?? {}, groups.get(person.id) ?? [], context.base);
}

/** GET /Users: `filter`, then `startIndex` (1-based) and `count` (RFC 7644 §3.4.2.4), oldest first. */
export async function listUsers(db: Db, context: ScimContext, query: Record<string, unknown>) {
  const { startIndex, count, filter } = pageOf(query);
  const where = filter === null ? undefined : filterSql(filter, userFilter);
  const total = await countPeople(db, context.client, where);
  const people =
    count === 0 ? [] : await readPeople(db, context.client, where, { offset: startIndex - 1, limit: count });
  const profiles = await profilesOf(
    db,
    context.form,
    people.map((person) => person.id),
  );
  const groups = await groupsOfPeople(db, context, people);
  const resources = people.map((person) =>
    toScimUser(person, profiles.get(person.id) ?? {}, groups.get(person.id) ?? [], context.base),
  );
  return listResponse(resources, total, startIndex);
}

/** The form's values a body gives: the extension's, and the name's parts on the FirstName/LastName fields. */
function fieldsOf(form: FormDefinition, desired: DesiredUser, replace: boolean): Record<string, string> {
  const values: Record<string, string> = replace
    ? Object.fromEntries(form.fields.filter((f) => !f.fieldDisable).map((f) => [f.fieldName, '']))
    : {};
  Object.assign(values, desired.profile);
  const tagged = (tag: string) => form.fields.find((field) => field.metaTag === tag)?.fieldName;
  const first = tagged('FirstName');
  const last = tagged('LastName');
  if (first !== undefined && desired.givenName !== null) values[first] = desired.givenName;
  if (last !== undefined && desired.familyName !== null) values[last] = desired.familyName;
  return values;
}

const cultureOf = (desired: DesiredUser, fallback: string) => {
  if (desired.preferredLanguage === null) return normaliseCulture(fallback);
  const wanted = desired.preferredLanguage.toLowerCase().split(/[-_]/)[0] ?? '';
  const culture = cultures.find((c) => c.toLowerCase().startsWith(wanted));
  if (culture === undefined)
    throw new ScimError(400, `preferredLanguage must be one of ${cultures.join(', ')}`, 'invalidValue');
  return culture;
};

async function refuseTakenExternalId(db: Db, context: ScimContext, externalId: string | null, except?: string) {
  if (externalId === null) return;
  const [taken] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(
        eq(instances.clientId, context.client.id),
        eq(instances.scimExternalId, externalId),
        except === undefined ? undefined : ne(instances.id, except),
      ),
    )
    .limit(1);
  if (taken !== undefined) throw new ScimError(409, 'externalId is already taken in this client', 'uniqueness');
}

/** POST /Users. How the person signs in first is the client's setting (`clients.scim_sign_in`). */
export async function createUser(deps: ScimDeps, context: ScimContext, desired: DesiredUser): Promise<PersonRow> {
  const { db } = deps;
  const immediate = context.client.scimSignIn === 'immediate';
  if (immediate && desired.password === null)
    throw new ScimError(400, 'password is required: people of this client sign in at once', 'invalidValue');
  if (!immediate && desired.password !== null)
    throw new ScimError(
      400,
      'password is not taken: people of this client set their own through the activation mail',
      'invalidValue',
    );
  await refuseTakenExternalId(db, context, desired.externalId);
  const created = await createInstance(
    { db, directory: deps.directory, log: deps.log, providerPrefix: deps.providerPrefix },
    context.principal,
    {
      clientId: context.client.id,
      email: desired.userName,
      culture: cultureOf(desired, context.client.defaultCulture),
      fields: fieldsOf(context.form, desired, false),
      applicationRoles: [],
    },
    {
      identity:
        immediate && desired.password !== null
          ? { kind: 'password', password: desired.password }
          : { kind: 'activationMail' },
      scimExternalId: desired.externalId,
      detail: { via: 'scim', tokenId: context.tokenId },
    },
  );
  if (!desired.active) await setActive(deps, context, { ...created, active: true }, false);
  return findPerson(db, context, created.id);
}

/** If-Match (RFC 7644 §3.14) of a person. */
export const checkIfMatch = (ifMatch: string | undefined, person: PersonRow) =>
  assertIfMatch(ifMatch, person.version, 'user');

/**
 * PUT /Users/{id}, and a PATCH's result: the person as the body says. userName cannot change (the login is made of
 * it): `mutability`. The profile is saved by `saveInstance` (the form's rules, the version), `active` after it.
 */
export async function replaceUser(
  deps: ScimDeps,
  context: ScimContext,
  person: PersonRow,
  desired: DesiredUser,
  { replace }: { replace: boolean },
): Promise<PersonRow> {
  const { db } = deps;
  if (desired.userName.toLowerCase() !== person.email.toLowerCase())
    throw new ScimError(400, 'userName cannot change: the person signs in with it', 'mutability');
  if (desired.password !== null)
    throw new ScimError(400, 'password is set by the person, not by a replace', 'mutability');
  await refuseTakenExternalId(db, context, desired.externalId, person.id);
  const access = adminAccess(context.principal);
  const culture = cultureOf(desired, person.culture);
  const fields = fieldsOf(context.form, desired, replace);
  // A request that only changes `active` or the external id leaves the profile (and its audit) alone.
  const stored = (await profilesOf(db, context.form, [person.id])).get(person.id) ?? {};
  const namesKept =
    (desired.givenName ?? person.firstName) === person.firstName &&
    (desired.familyName ?? person.lastName) === person.lastName;
  const fieldsKept = Object.entries(fields).every(([name, value]) => (stored[name] ?? '') === value);
  let version = person.version;
  if (!namesKept || !fieldsKept || culture !== person.culture) {
    const roles = await rolesOf(db, person.id);
    const saved = await saveInstance(
      { db, directory: deps.directory, actor: context.principal.login },
      person,
      access,
      {
        version: person.version,
        culture,
        fields,
        applicationRoles: roles.map(({ applicationId, roleValue }) => ({ applicationId, roleValue })),
      },
    );
    version = saved.version;
  }
  if (desired.externalId !== person.scimExternalId)
    await db.transaction(async (tx) => {
      await tx
        .update(instances)
        .set({ scimExternalId: desired.externalId, version: sql`${instances.version} + 1`, updatedAt: new Date() })
        .where(eq(instances.id, person.id));
      await auditTrail.record(tx, {
        actor: context.principal.login,
        action: 'update',
        entity: 'instance',
        entityId: person.id,
        clientId: person.clientId,
        before: { externalId: person.scimExternalId },
        after: { externalId: desired.externalId, via: 'scim' },
      });
    });
  if (desired.active !== person.active) await setActive(deps, context, { ...person, version }, desired.active);
  return findPerson(db, context, person.id);
}

/**
 * `active`: false deactivates the person in the identity provider (their sessions end, they cannot sign in); true
 * activates them again, by the client's setting (an activation mail, or a link nobody is sent when they already had a
 * password). The profile's version rises and the change has its audit row.
 */
async function setActive(deps: ScimDeps, context: ScimContext, person: PersonRow, active: boolean) {
  const idpUser = person.idpUserId ?? person.idpLogin;
  if (active) await deps.directory.activate(idpUser, { sendEmail: context.client.scimSignIn === 'activationMail' });
  else await deps.directory.deactivate(idpUser);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(instances)
      .set({ version: sql`${instances.version} + 1`, updatedAt: new Date() })
      .where(eq(instances.id, person.id));
    await auditTrail.record(tx, {
      actor: context.principal.login,
      action: active ? 'activate' : 'deactivate',
      entity: 'instance',
      entityId: person.id,
      clientId: person.clientId,
      before: { active: !active },
      after: { active, via: 'scim', tokenId: context.tokenId },
    });
  });
}

/** DELETE /Users/{id}: the users page's delete (identity user deactivated and deleted, profile deleted, audited). */
export async function removeUser(deps: ScimDeps, context: ScimContext, person: PersonRow): Promise<void> {
  const reach = await reachOf(deps.db, context.principal, deps.providerPrefix);
  await deleteUser(deps, context.principal, reach, person.id);
}
