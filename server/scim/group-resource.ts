import type { IdpGroup } from '../idp/groups/directory';
import { ScimError } from './errors';
import { CORE_GROUP_SCHEMA } from './schemas';
import { etagOf } from './versions';

/**
 * A client's identity-provider group as a SCIM Group (RFC 7643 §4.2), and a Group body read back into what is stored.
 * The group's name is `{OktaPrefix}__{displayName}` (the client's prefix, as its people's logins have it), so the
 * `groups` claim carries that whole name; SCIM shows the displayName only. A member is a person of the client, named
 * by their SCIM User id (the profile id).
 */

/** A member as answered: the person's User id, their name (or e-mail), and where the User is. */
export interface ScimMember {
  value: string;
  display: string;
  $ref: string;
  type: 'User';
}

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  /** Absent when the request excluded it (`excludedAttributes=members`, what Entra ID sends for large groups). */
  members?: ScimMember[];
  meta: { resourceType: 'Group'; created: string; lastModified: string; location: string; version: string };
}

/** A person of the client who is a member: their profile id, what SCIM shows as `display`, their identity user. */
export interface MemberRow {
  id: string;
  display: string;
  idpUserId: string;
  login: string;
  firstName: string;
  lastName: string;
}

/** The client's part of a group name: `ACME__`. */
export const groupPrefixOf = (oktaPrefix: string) => `${oktaPrefix}__`;

export function toScimGroup(group: IdpGroup, prefix: string, members: MemberRow[] | null, base: string): ScimGroup {
  return {
    schemas: [CORE_GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId === null ? {} : { externalId: group.externalId }),
    displayName: group.name.slice(prefix.length),
    ...(members === null
      ? {}
      : {
          members: members.map((member) => ({
            value: member.id,
            display: member.display,
            $ref: `${base}/Users/${member.id}`,
            type: 'User' as const,
          })),
        }),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${base}/Groups/${group.id}`,
      version: etagOf(group.version),
    },
  };
}

/** What a SCIM body asks a group to be (a POST, a PUT, or the result of a PATCH). */
export interface DesiredGroup {
  displayName: string;
  externalId: string | null;
  /** User ids, each once, in the order given. */
  members: string[];
}

const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Longer names would not fit a `groups` claim an application can use; the prefix is added to it. */
const MAX_NAME = 200;
/** A bound on the work one request asks for; a larger group is changed by PATCH, a few members at a time. */
const MAX_MEMBERS = 10_000;

/**
 * Reads a Group body. Names without case (RFC 7643 §2.1), the core schema's attributes also under its URN; unknown
 * attributes are ignored. `members` absent is no members (a PUT replaces them all; a PATCH result carries them).
 */
export function readGroupBody(body: unknown): DesiredGroup {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax');
  const core = isRecord(body[CORE_GROUP_SCHEMA]) ? { ...body, ...body[CORE_GROUP_SCHEMA] } : body;
  const get = (name: string): unknown => {
    const key = Object.keys(core).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? undefined : core[key];
  };
  const schemas = get('schemas');
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.includes(CORE_GROUP_SCHEMA)))
    throw new ScimError(400, `schemas must include ${CORE_GROUP_SCHEMA}`, 'invalidSyntax');
  const displayName = get('displayName');
  if (typeof displayName !== 'string' || displayName.trim() === '') throw invalidValue('displayName is required');
  if (displayName.trim().length > MAX_NAME)
    throw invalidValue(`displayName is longer than ${String(MAX_NAME)} characters`);
  const externalId = get('externalId');
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string')
    throw invalidValue('externalId must be a string');
  if (typeof externalId === 'string' && externalId.length > 4000)
    throw invalidValue('externalId is longer than 4000 characters');
  const members = get('members') ?? [];
  if (!Array.isArray(members)) throw invalidValue('members must be an array');
  if (members.length > MAX_MEMBERS) throw invalidValue(`at most ${String(MAX_MEMBERS)} members in one request`);
  const ids = members.map((member) => {
    const value = isRecord(member)
      ? member[Object.keys(member).find((k) => k.toLowerCase() === 'value') ?? 'value']
      : undefined;
    if (typeof value !== 'string' || value === '') throw invalidValue('every member needs a value: a User id');
    return value;
  });
  return {
    displayName: displayName.trim(),
    externalId: typeof externalId === 'string' && externalId !== '' ? externalId : null,
    members: [...new Set(ids)],
  };
}
