import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FormDefinition } from '@contracts/profile-form';
import type { Db } from '../db/client';
import type { ClientRow, InstanceRow } from '../db/rows';
import { fields, instanceFieldValues, instances } from '../db/schema';
import { ScimError } from './errors';
import { activeSql } from './filter-sql';
import { CORE_USER_SCHEMA, PROFILE_SCHEMA } from './schemas';
import { etagOf } from './versions';

/**
 * A person of the client as a SCIM User (RFC 7643 §4.1), and a SCIM body read back into what the portal stores. The
 * e-mail is both `userName` and the one (work, primary) e-mail; the name's parts are the form's FirstName and LastName
 * fields; every field of the client's form is an attribute of the profile extension ({@link PROFILE_SCHEMA}).
 */

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName: string; familyName: string; formatted: string };
  displayName: string;
  preferredLanguage: string;
  active: boolean;
  emails: { value: string; type: 'work'; primary: true }[];
  /** Read-only: changed through a Group's members. */
  groups: UserGroupRef[];
  [PROFILE_SCHEMA]: Record<string, string>;
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string; version: string };
}

/** One of the client's groups a person is a member of (RFC 7643 §4.1.2). */
export interface UserGroupRef {
  value: string;
  display: string;
  $ref: string;
  type: 'direct';
}

/** The ETag of a person: their row version, weak (RFC 7644 §3.14); every change made here raises the version. */

export interface PersonRow extends InstanceRow {
  active: boolean;
}

export function toScimUser(
  person: PersonRow,
  profile: Record<string, string>,
  groups: UserGroupRef[],
  base: string,
): ScimUser {
  const displayName = `${person.firstName} ${person.lastName}`.trim();
  return {
    schemas: [CORE_USER_SCHEMA, PROFILE_SCHEMA],
    id: person.id,
    ...(person.scimExternalId === null ? {} : { externalId: person.scimExternalId }),
    userName: person.email,
    name: { givenName: person.firstName, familyName: person.lastName, formatted: displayName },
    displayName,
    preferredLanguage: person.culture,
    active: person.active,
    emails: [{ value: person.email, type: 'work', primary: true }],
    groups,
    [PROFILE_SCHEMA]: profile,
    meta: {
      resourceType: 'User',
      created: person.createdAt.toISOString(),
      lastModified: person.updatedAt.toISOString(),
      location: `${base}/Users/${person.id}`,
      version: etagOf(person.version),
    },
  };
}

/** The people of a page (or one), with their profile values, in the order given. */
export async function readPeople(
  db: Db,
  client: ClientRow,
  where: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<PersonRow[]> {
  const rows = await db
    .select({ person: instances, active: activeSql })
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(instances.signUpPending, false), where))
    .orderBy(asc(instances.createdAt), asc(instances.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row.person, active: row.active }));
}

export async function countPeople(db: Db, client: ClientRow, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(instances.signUpPending, false), where));
  return row?.n ?? 0;
}

/** The profile values of people, by field name, limited to the fields of the client's form. */
export async function profilesOf(
  db: Db,
  form: FormDefinition,
  ids: string[],
): Promise<Map<string, Record<string, string>>> {
  const profiles = new Map<string, Record<string, string>>(ids.map((id) => [id, {}]));
  if (ids.length === 0) return profiles;
  const known = new Set(form.fields.map((field) => field.fieldName));
  const rows = await db
    .select({
      instanceId: instanceFieldValues.instanceId,
      name: fields.dictionaryName,
      value: instanceFieldValues.value,
    })
    .from(instanceFieldValues)
    .innerJoin(fields, eq(fields.id, instanceFieldValues.fieldId))
    .where(inArray(instanceFieldValues.instanceId, ids));
  for (const row of rows) {
    const profile = profiles.get(row.instanceId);
    if (profile !== undefined && known.has(row.name) && row.value !== '') profile[row.name] = row.value;
  }
  return profiles;
}

/** What a SCIM body asks a person to be (a POST, a PUT, or the result of a PATCH). */
export interface DesiredUser {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  preferredLanguage: string | null;
  active: boolean;
  password: string | null;
  /** The profile extension's values by field name. */
  profile: Record<string, string>;
}

const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown, name: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string`);
  if (value.length > 4000) throw invalidValue(`${name} is longer than 4000 characters`);
  return value;
};

/**
 * Reads a User body (RFC 7643 §4.1). Attribute names are compared without case (RFC 7643 §2.1); the core schema's
 * attributes may also come under their URN. Unknown attributes are ignored, as the RFC lets a server do, except in the
 * profile extension, whose names must be fields of the client's form (the form's own check says so).
 */
export function readUserBody(body: unknown): DesiredUser {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax');
  const core = isRecord(body[CORE_USER_SCHEMA]) ? { ...body, ...body[CORE_USER_SCHEMA] } : body;
  const get = (name: string): unknown => {
    const key = Object.keys(core).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? undefined : core[key];
  };
  const schemas = get('schemas');
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.includes(CORE_USER_SCHEMA)))
    throw new ScimError(400, `schemas must include ${CORE_USER_SCHEMA}`, 'invalidSyntax');
  const userName = optionalString(get('userName'), 'userName');
  const emails = get('emails');
  let email: string | null = null;
  if (emails !== undefined && emails !== null) {
    if (!Array.isArray(emails)) throw invalidValue('emails must be an array');
    const entries = emails.map((entry) => (isRecord(entry) ? entry : null));
    if (entries.some((entry) => entry === null || typeof entry.value !== 'string'))
      throw invalidValue('every e-mail needs a string value');
    const primary = entries.find((entry) => entry?.primary === true) ?? entries[0];
    email = typeof primary?.value === 'string' ? primary.value : null;
  }
  const chosen = userName ?? email;
  if (chosen === null || chosen.trim() === '') throw invalidValue('userName is required');
  if (email !== null && email.trim().toLowerCase() !== chosen.trim().toLowerCase())
    throw invalidValue('the primary e-mail must be the userName: people sign in with their e-mail');
  const name = get('name');
  if (name !== undefined && name !== null && !isRecord(name)) throw invalidValue('name must be an object');
  const nameOf = (part: string) => {
    if (!isRecord(name)) return null;
    const key = Object.keys(name).find((k) => k.toLowerCase() === part.toLowerCase());
    return key === undefined ? null : optionalString(name[key], `name.${part}`);
  };
  const active = get('active');
  if (active !== undefined && active !== null && typeof active !== 'boolean')
    throw invalidValue('active must be true or false');
  const profileKey = Object.keys(body).find((k) => k.toLowerCase() === PROFILE_SCHEMA.toLowerCase());
  const extension = profileKey === undefined ? {} : body[profileKey];
  if (!isRecord(extension)) throw invalidValue(`${PROFILE_SCHEMA} must be an object`);
  const profile: Record<string, string> = {};
  for (const [key, value] of Object.entries(extension)) {
    if (value === null) profile[key] = '';
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      profile[key] = String(value);
    else throw invalidValue(`${PROFILE_SCHEMA}:${key} must be a string`);
  }
  return {
    userName: chosen.trim(),
    externalId: optionalString(get('externalId'), 'externalId'),
    givenName: nameOf('givenName'),
    familyName: nameOf('familyName'),
    preferredLanguage: optionalString(get('preferredLanguage'), 'preferredLanguage'),
    active: active !== false,
    password: optionalString(get('password'), 'password'),
    profile,
  };
}
