import { and, eq } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import type { FormMode, FormViewer } from '@contracts/forms/profile-rules';
import { detailMessages } from '@contracts/forms/problem';
import type { ApplicationRole, InstanceRecord, InstanceUpdate } from '@contracts/instance';
import type { FormDefinition } from '@contracts/profile-form';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { applications, clients, instanceApplicationRoles, instances } from '../../db/schema';
import type { ClientRow, InstanceRow } from '../../db/rows';
import { ADMIN_APPLICATION_NAME } from '../../db/seed';
import { DirectoryRefusal } from '../../directory/errors';
import type { DirectoryPort } from '../../directory/port';
import { notFound, staleUpdate, validationFailed } from '../../http/problem';
import { auditTrail } from '../support/audit';
import { reachOf, reaches } from '../support/reach';
import {
  checkFields,
  checkSecurity,
  fixedInputRules,
  namesOf,
  passwordOwnerOf,
  Refusals,
  valuesToSave,
} from './boundary';
import { clearRoles, replaceFieldValues } from './writes';
import { readFormDefinition } from './form-queries';

/** How the caller works on a profile: their own (Edit), as an administrator (Admin) or as an agent (Agent). */
export interface Access {
  mode: Extract<FormMode, 'Edit' | 'Agent' | 'Admin'>;
  viewer: FormViewer;
  /** May grant roles in the admin application (the provider administrator only). */
  grantsAdminApplication: boolean;
}

/** How an administrator works on a profile of a client they reach (and creates one there). */
export const adminAccess = (caller: Principal): Access => ({
  mode: 'Admin',
  viewer: { admin: true, role: caller.role },
  grantsAdminApplication: caller.role === 'admin',
});

export async function findInstance(db: Db, id: string): Promise<InstanceRow | undefined> {
  const [row] = await db.select().from(instances).where(eq(instances.id, id)).limit(1);
  return row;
}

async function clientOf(db: Db, clientId: string): Promise<ClientRow> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (client === undefined) throw notFound();
  return client;
}

/** An administrator's profile: the provider administrator's (isAulAdmin) or a client administrator's (a restriction). */
const isAdministrator = (instance: InstanceRow) => instance.isAulAdmin || instance.clientRestrictionFilter !== null;

/**
 * Who may work on a profile: the person themselves; an administrator whose reach includes its client (the provider
 * administrator: all; a client administrator: their own client, but never a provider administrator's profile); an
 * agent of the same client, but never an administrator's profile (provider or client). Anyone else gets the answer of
 * a missing profile (404), so a refusal tells nothing about who exists.
 */
export async function accessTo(
  db: Db,
  caller: Principal,
  instance: InstanceRow | undefined,
  providerPrefix: string,
  missing = 'No profile has this id.',
): Promise<Access> {
  if (instance === undefined) throw notFound(missing);
  if (caller.userId === instance.id)
    return { mode: 'Edit', viewer: { admin: false, role: caller.role }, grantsAdminApplication: false };
  if (reaches(await reachOf(db, caller, providerPrefix), instance.clientId)) {
    if (instance.isAulAdmin && caller.role !== 'admin') throw notFound(missing);
    return adminAccess(caller);
  }
  if (caller.role === 'agent' && caller.clientId === instance.clientId && !isAdministrator(instance))
    return { mode: 'Agent', viewer: { admin: false, role: caller.role }, grantsAdminApplication: false };
  throw notFound(missing);
}

/**
 * The profile as `viewer` may see it: the field values of the fields the form shows them only (template-hidden and
 * admin-only values stay out for the person themselves and for agents, as in `instanceForm`).
 */
/** A person's roles, one per application, by application name. */
export function rolesOf(db: Db, instanceId: string): Promise<ApplicationRole[]> {
  return db
    .select({
      applicationId: applications.id,
      application: applications.name,
      roleValue: instanceApplicationRoles.roleValue,
    })
    .from(instanceApplicationRoles)
    .innerJoin(applications, eq(applications.id, instanceApplicationRoles.applicationId))
    .where(eq(instanceApplicationRoles.instanceId, instanceId))
    .orderBy(applications.name);
}

export async function instanceRecord(db: Db, instance: InstanceRow, viewer: FormViewer): Promise<InstanceRecord> {
  const client = await clientOf(db, instance.clientId);
  const form = await readFormDefinition(db, client, viewer, instance);
  const roles = await rolesOf(db, instance.id);
  return {
    id: instance.id,
    clientId: client.id,
    clientName: client.name,
    email: instance.email,
    firstName: instance.firstName,
    lastName: instance.lastName,
    culture: normaliseCulture(instance.culture),
    ssoUser: instance.ssoUser,
    fields: Object.fromEntries(form.fields.filter((f) => f.value !== '').map((f) => [f.fieldName, f.value])),
    applicationRoles: roles,
    version: instance.version,
  };
}

/** The person's form with their values, as the caller may see it. */
export async function instanceForm(db: Db, instance: InstanceRow, access: Access): Promise<FormDefinition> {
  return readFormDefinition(db, await clientOf(db, instance.clientId), access.viewer, instance);
}

/** An empty form of a client (Admin/Agent creating someone): the caller's own client, or one an administrator reaches. */
export async function clientForm(db: Db, caller: Principal, client: ClientRow, providerPrefix: string) {
  const admin = reaches(await reachOf(db, caller, providerPrefix), client.id);
  if (!admin && caller.clientId !== client.id) throw notFound('No client has this id.');
  return readFormDefinition(db, client, { admin, role: caller.role }, null);
}

/**
 * Roles an Agent/Admin save sets: the client's active applications only; the admin application only for the provider
 * admin; no Agent role from an agent (an agent does not make agents), which names `body.applicationRoles`; and no role
 * the client's site rules exclude in that application (spec §6 "Role lists … exclude, per application, the role named
 * in the site rules"), unless the person holds it already — the role lists keep a held role, so keeping it is no
 * grant. (One's own profile is Edit mode, which sets no roles at all.)
 */
/** A role the site rules exclude in the application, and not the one the person holds there (case and spaces aside). */
function isExcluded(roleValue: string, application: FormDefinition['applications'][number]): boolean {
  const role = roleValue.trim().toLowerCase();
  if (role === '' || role === (application.roleValue ?? '').trim().toLowerCase()) return false;
  return application.excludedRoles.some((excluded) => excluded.trim().toLowerCase() === role);
}

export function checkRoles(
  refusals: Refusals,
  form: FormDefinition,
  roles: NonNullable<InstanceUpdate['applicationRoles']>,
  access: Access,
) {
  if (access.mode === 'Agent' && roles.some((role) => role.roleValue.trim().toLowerCase() === 'agent'))
    refusals.add('body.applicationRoles', detailMessages.invalid);
  roles.forEach((role, index) => {
    const application = form.applications.find((app) => app.applicationId === role.applicationId);
    const allowed =
      application !== undefined &&
      (application.applicationName !== ADMIN_APPLICATION_NAME || access.grantsAdminApplication);
    if (!allowed) refusals.add(`body.applicationRoles.${String(index)}.applicationId`, detailMessages.invalid);
    else if (isExcluded(role.roleValue, application)) {
      refusals.add(`body.applicationRoles.${String(index)}.roleValue`, detailMessages.invalid);
    }
  });
}

export interface SaveDeps {
  db: Db;
  directory: DirectoryPort;
  /** The caller's login, for the audit row of the save. */
  actor: string;
}

/**
 * PUT Instance/{id}: the form's rules first (one 400 naming every input), then the version (409 before anything
 * changes), then the identity side — the person's own password and recovery question, checked by the current
 * password (Edit), or set on their behalf by an agent (Agent, no current password), and the name the identity
 * provider carries (so a refreshed login has the new name) — and last the profile, its field values and roles in one
 * transaction that re-checks the version. Should that transaction lose a race, the
 * name given to the identity provider is put back; a password already changed stays changed (it was the person's own,
 * proven by their current one, or set by an agent on their behalf).
 */
export async function saveInstance(
  { db, directory, actor }: SaveDeps,
  instance: InstanceRow,
  access: Access,
  update: InstanceUpdate,
): Promise<InstanceRow> {
  const form = await instanceForm(db, instance, access);
  const refusals = new Refusals();
  checkFields(refusals, form, update.fields, access.viewer);
  if (access.mode !== 'Edit') checkRoles(refusals, form, update.applicationRoles ?? [], access);
  else if (update.applicationRoles !== undefined && update.applicationRoles.length > 0)
    refusals.add('body.applicationRoles', detailMessages.invalid);

  const security = update.security;
  const changesSecurity =
    security !== undefined &&
    [security.password, security.confirmPassword, security.securityAnswer, security.currentPassword].some(
      (s) => s !== '',
    );
  let initialQuestion: string | null = null;
  // The names the person has and will have after this save: a password may be made of neither (issue 34 §1).
  const ownerOfSave = () => {
    const renamedTo = namesOf(form, valuesToSave(form, update.fields, access.viewer), instance);
    const names = [instance.firstName, instance.lastName, renamedTo.firstName, renamedTo.lastName];
    return passwordOwnerOf(db, instance.clientId, { email: instance.email, names });
  };
  if (changesSecurity) {
    if (access.mode === 'Admin' || instance.ssoUser) refusals.add('body.security', detailMessages.invalid);
    else if (access.mode === 'Agent') {
      // On the person's behalf (spec §5: no current password in Agent mode; the agent does not know it).
      if (security.currentPassword !== '') refusals.add('body.security.currentPassword', detailMessages.invalid);
      const rules = await fixedInputRules(db, instance.clientId, normaliseCulture(update.culture ?? instance.culture));
      await checkSecurity(db, refusals, security, {
        mode: 'Agent',
        login: instance.idpLogin,
        initialQuestion: null,
        answerRules: rules.answer,
        clientId: instance.clientId,
        owner: await ownerOfSave(),
      });
    } else {
      initialQuestion = (await directory.getUser(instance.idpUserId ?? instance.idpLogin))?.recoveryQuestion ?? null;
      const rules = await fixedInputRules(db, instance.clientId, normaliseCulture(update.culture ?? instance.culture));
      await checkSecurity(db, refusals, security, {
        mode: 'Edit',
        login: instance.idpLogin,
        initialQuestion,
        answerRules: rules.answer,
        clientId: instance.clientId,
        owner: await ownerOfSave(),
      });
    }
  }
  refusals.throwIfAny();
  if (update.version !== instance.version) throw staleUpdate();

  const values = valuesToSave(form, update.fields, access.viewer);
  const names = namesOf(form, values, instance);
  const idpUser = instance.idpUserId ?? instance.idpLogin;
  if (changesSecurity && access.mode === 'Agent') await setSecurityOnBehalf(directory, idpUser, security);
  else if (changesSecurity) await changeSecurity(directory, idpUser, security, initialQuestion);
  const renamed = names.firstName !== instance.firstName || names.lastName !== instance.lastName;
  if (renamed && !instance.ssoUser) await directory.updateProfile(idpUser, names);

  try {
    return await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(instances)
        .set({
          ...names,
          culture: update.culture ?? instance.culture,
          version: instance.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(instances.id, instance.id), eq(instances.version, update.version)))
        .returning();
      if (saved === undefined) throw staleUpdate();
      await replaceFieldValues(tx, instance.id, values);
      if (access.mode !== 'Edit') await saveRoles(tx, instance.id, update.applicationRoles ?? []);
      // Every change of a profile has its audit row, in the change's own transaction: the names, the culture, which
      // fields were written (not their values: a social security number has no place in a log) and the roles set.
      await auditTrail.record(tx, {
        actor,
        action: 'update',
        entity: 'instance',
        entityId: instance.id,
        clientId: instance.clientId,
        before: {
          firstName: instance.firstName,
          lastName: instance.lastName,
          culture: instance.culture,
          version: instance.version,
        },
        after: {
          mode: access.mode,
          firstName: saved.firstName,
          lastName: saved.lastName,
          culture: saved.culture,
          version: saved.version,
          fieldsWritten: [...values.keys()],
          ...(access.mode === 'Edit' ? {} : { applicationRoles: update.applicationRoles ?? [] }),
          // What an agent set on the person's behalf, never the values.
          ...(access.mode === 'Agent' &&
            changesSecurity && {
              passwordSet: security.password !== '',
              recoveryQuestionSet: security.securityAnswer !== '',
            }),
        },
      });
      return saved;
    });
  } catch (error) {
    if (renamed && !instance.ssoUser)
      await directory
        .updateProfile(idpUser, { firstName: instance.firstName, lastName: instance.lastName })
        .catch(() => undefined);
    throw error;
  }
}

/** Sets a person's role per application (an empty role removes it), in the caller's transaction. */
export async function saveRoles(db: Db, instanceId: string, roles: NonNullable<InstanceUpdate['applicationRoles']>) {
  for (const { applicationId, roleValue } of roles) {
    await clearRoles(db, instanceId, [applicationId]);
    if (roleValue.trim() !== '')
      await db.insert(instanceApplicationRoles).values({ instanceId, applicationId, roleValue: roleValue.trim() });
  }
}

/**
 * An agent's set on the person's behalf (Agent mode, spec §5): a new password as an administrator's reset (no old one;
 * the person's other sessions end, as after any reset), and a question with its answer. The identity provider's own
 * password policy (its history, say) names `body.security.password`.
 */
async function setSecurityOnBehalf(
  directory: DirectoryPort,
  userId: string,
  security: NonNullable<InstanceUpdate['security']>,
) {
  try {
    if (security.password !== '') {
      await directory.setPassword(userId, security.password);
      await directory.clearSessions(userId);
    }
    if (security.securityAnswer !== '')
      await directory.setRecoveryQuestion(userId, {
        question: security.securityQuestion.trim(),
        answer: security.securityAnswer,
      });
  } catch (error) {
    if (error instanceof DirectoryRefusal && error.statusCode === 400)
      throw validationFailed([{ field: 'body.security.password', message: detailMessages.invalid }]);
    throw error;
  }
}

/** The person's own change: a wrong current password names `body.security.currentPassword`, as the form shows it. */
async function changeSecurity(
  directory: DirectoryPort,
  userId: string,
  security: NonNullable<InstanceUpdate['security']>,
  initialQuestion: string | null,
) {
  try {
    if (security.password !== '')
      await directory.changePassword(userId, { oldPassword: security.currentPassword, newPassword: security.password });
    if (security.securityAnswer !== '')
      await directory.changeRecoveryQuestion(userId, {
        password: security.password === '' ? security.currentPassword : security.password,
        question: security.securityQuestion.trim() || (initialQuestion ?? ''),
        answer: security.securityAnswer,
      });
  } catch (error) {
    // The new password already met the policy (the shared rules ran first): the directory refuses the current one.
    if (error instanceof DirectoryRefusal && error.statusCode === 400)
      throw validationFailed([{ field: 'body.security.currentPassword', message: detailMessages.invalid }]);
    throw error;
  }
}
