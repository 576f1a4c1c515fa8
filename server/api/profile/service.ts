import { and, asc, eq } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import type { ProfileApplication, ProfileProblem, UserProfile } from '@contracts/profile';
import { fromIdpUsername } from '@contracts/username';
import { roleOf } from '../../auth/principal';
import type { UsernameRuleConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  applications,
  clientApplications,
  clients,
  fields,
  instanceApplicationRoles,
  instanceFieldValues,
  instances,
} from '../../db/schema';
import type { ClientRow, InstanceRow } from '../../db/rows';
import { ADMIN_APPLICATION_NAME } from '../../db/seed';
import { clientMatches } from '../resources/scope';

export interface ProfileRequest {
  /** The caller's profile (instance) id, from their verified token. */
  userId: string;
  /** The client the SPA is working for: UUID or portal alias. Absent: the caller's own. */
  clientRef: string | undefined;
  /** An application the SPA was asked to go to: name or alias, case-insensitive. */
  applicationName: string | undefined;
  tokenExpiresAt: Date | null;
}

export interface ProfileSettings {
  providerPrefix: string;
  usernameRule: UsernameRuleConfig;
}

export type ProfileOutcome = { profile: UserProfile } | { problem: ProfileProblem };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A client by UUID or portal alias (docs/adr/0004-client-reference.md). */
export async function findClient(db: Db, ref: string): Promise<ClientRow | undefined> {
  const [client] = await db.select().from(clients).where(clientMatches(ref)).limit(1);
  return client;
}

/**
 * The client whose applications the profile lists. A named client must exist and be the caller's own, except for
 * the provider administrator, who may work for any client (the admin portal switches between them).
 */
async function targetClient(db: Db, instance: InstanceRow, ref: string | undefined): Promise<ClientRow | undefined> {
  const client = await findClient(db, ref ?? instance.clientId);
  if (client === undefined) return undefined;
  return client.id === instance.clientId || instance.isAulAdmin ? client : undefined;
}

/** The client's active applications in display order, each with the role the person holds in it (or null). */
async function applicationsOf(db: Db, clientId: string, instanceId: string): Promise<ProfileApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      name: applications.name,
      alias: applications.alias,
      applicationLink: applications.link,
      iconIdentifier: applications.iconIdentifier,
      defaultRedirect: clientApplications.defaultRedirect,
      roleValue: instanceApplicationRoles.roleValue,
    })
    .from(clientApplications)
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .leftJoin(
      instanceApplicationRoles,
      and(
        eq(instanceApplicationRoles.applicationId, applications.id),
        eq(instanceApplicationRoles.instanceId, instanceId),
      ),
    )
    .where(and(eq(clientApplications.clientId, clientId), eq(clientApplications.active, true)))
    .orderBy(asc(clientApplications.displayOrder), asc(applications.name));
  return rows.map((row) => ({ ...row, alias: row.alias ?? '' }));
}

async function rolesOf(db: Db, instanceId: string) {
  return db
    .select({
      application: applications.name,
      alias: applications.alias,
      roleValue: instanceApplicationRoles.roleValue,
    })
    .from(instanceApplicationRoles)
    .innerJoin(applications, eq(applications.id, instanceApplicationRoles.applicationId))
    .where(eq(instanceApplicationRoles.instanceId, instanceId))
    .orderBy(asc(applications.name));
}

async function fieldValuesOf(db: Db, instanceId: string) {
  return db
    .select({ fieldName: fields.dictionaryName, value: instanceFieldValues.value })
    .from(instanceFieldValues)
    .innerJoin(fields, eq(fields.id, instanceFieldValues.fieldId))
    .where(eq(instanceFieldValues.instanceId, instanceId))
    .orderBy(asc(fields.dictionaryName));
}

/**
 * Spec public-and-profile §4 "Invalid profile" and §6: the signed-in person's profile for the client and application
 * the SPA is working for, or why there is none (client_not_found, application_not_found). Null when the caller's
 * profile itself has gone (the route answers 401, as for any unknown caller).
 */
export async function validateProfile(
  db: Db,
  request: ProfileRequest,
  settings: ProfileSettings,
): Promise<ProfileOutcome | null> {
  const [instance] = await db.select().from(instances).where(eq(instances.id, request.userId)).limit(1);
  if (instance === undefined) return null;
  const client = await targetClient(db, instance, request.clientRef);
  if (client === undefined) return { problem: 'client_not_found' };

  const [apps, roles, fieldValues] = await Promise.all([
    applicationsOf(db, client.id, instance.id),
    rolesOf(db, instance.id),
    fieldValuesOf(db, instance.id),
  ]);
  const wanted = request.applicationName?.trim();
  const application =
    wanted === undefined || wanted === ''
      ? undefined
      : apps.find((app) => sameText(app.name, wanted) || (app.alias !== '' && sameText(app.alias, wanted)));
  if (wanted !== undefined && wanted !== '' && application === undefined) return { problem: 'application_not_found' };

  // §6: with an application named, the role is the one held in it; without, any application role counts.
  const heldRoles = application === undefined ? roles.map((r) => r.roleValue) : [application.roleValue ?? ''];
  const role = roleOf(
    instance,
    heldRoles.filter((value) => value !== ''),
    settings.providerPrefix,
  );
  // §5: the admin application only for the provider administrator or its Admin role, never for a client admin.
  const isClientAdmin =
    instance.clientRestrictionFilter?.toUpperCase().startsWith(`${settings.providerPrefix.toUpperCase()}__`) === true;
  const holdsAdminRole = roles.some((r) => r.application === ADMIN_APPLICATION_NAME && sameText(r.roleValue, 'Admin'));
  const mayUseAdminApplication = (instance.isAulAdmin || holdsAdminRole) && !isClientAdmin;

  const fullName = `${instance.firstName} ${instance.lastName}`.trim();
  return {
    profile: {
      userId: instance.id,
      userName: fromIdpUsername(instance.idpLogin, settings.usernameRule),
      firstName: instance.firstName,
      lastName: instance.lastName,
      fullName,
      email: instance.email,
      culture: normaliseCulture(instance.culture),
      countryCode: instance.countryCode,
      telephoneNumber: instance.telephone,
      clientId: client.id,
      clientName: client.name,
      portalAlias: client.portalAlias,
      applications: apps,
      applicationRoles: roles.map(({ application: name, roleValue }) => ({ application: name, roleValue })),
      fields: fieldValues,
      isAulAdmin: instance.isAulAdmin,
      aulApplicationName: mayUseAdminApplication ? ADMIN_APPLICATION_NAME : null,
      clientRestrictionFilter: instance.clientRestrictionFilter,
      role,
      expiresAt: request.tokenExpiresAt?.toISOString() ?? null,
    },
  };
}
