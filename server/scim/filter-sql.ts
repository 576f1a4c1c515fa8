import { and, not, or, sql, type SQL } from 'drizzle-orm';
import { instances } from '../db/schema';
import { ScimError } from './errors';
import type { CompareOp, Filter, FilterValue } from './filter';
import { CORE_USER_SCHEMA } from './schemas';

/**
 * A parsed filter as a condition on one resource's rows. What each attribute is stored as is the resource's
 * {@link FilterTarget}: for Users ({@link userFilter}), userName and emails (the e-mail, compared without case: RFC
 * 7643 says userName is not case-exact), externalId (case-exact), displayName and name.givenName/familyName (without
 * case), active, id and meta.created/lastModified; for Groups, the target groups-service.ts builds. Any other name,
 * or an operator that does not fit the attribute (`co` on a boolean), is `invalidFilter`.
 */

/** The identity provider's status of the person: SCIM's `active` is false once deactivated or suspended. */
export const activeSql = sql<boolean>`coalesce((select "status" from "idp_users" where "idp_users"."id" = ${instances.idpUserId}) not in ('DEPROVISIONED', 'SUSPENDED'), false)`;
export const displayNameSql = sql<string>`trim(${instances.firstName} || ' ' || ${instances.lastName})`;

/** `constant`: the same for every row (`holds` says whether a value is it), as a person's one e-mail is `work`. */
export type Column =
  | { kind: 'text' | 'exactText' | 'boolean' | 'date'; expression: SQL }
  | { kind: 'constant'; holds: (value: FilterValue) => boolean };

/** A resource's filterable attributes: paths in lower case, without the core schema's URN, which may prefix them. */
export interface FilterTarget {
  schema: string;
  columns: Record<string, Column>;
}

const lower = (expression: SQL) => sql`lower(${expression})`;

export const userFilter: FilterTarget = {
  schema: CORE_USER_SCHEMA,
  columns: {
    username: { kind: 'text', expression: sql`${instances.email}` },
    emails: { kind: 'text', expression: sql`${instances.email}` },
    'emails.value': { kind: 'text', expression: sql`${instances.email}` },
    // Every person has one e-mail, of type work and primary: those sub-attributes are facts, not columns.
    'emails.type': { kind: 'constant', holds: (value) => value === 'work' },
    'emails.primary': { kind: 'constant', holds: (value) => value === true },
    externalid: { kind: 'exactText', expression: sql`${instances.scimExternalId}` },
    displayname: { kind: 'text', expression: displayNameSql },
    'name.givenname': { kind: 'text', expression: sql`${instances.firstName}` },
    'name.familyname': { kind: 'text', expression: sql`${instances.lastName}` },
    'name.formatted': { kind: 'text', expression: displayNameSql },
    active: { kind: 'boolean', expression: activeSql },
    id: { kind: 'exactText', expression: sql`${instances.id}::text` },
    'meta.created': { kind: 'date', expression: sql`${instances.createdAt}` },
    'meta.lastmodified': { kind: 'date', expression: sql`${instances.updatedAt}` },
  },
};

/** Strips the core schema's URN (`urn:…:core:2.0:User:userName` → `username`). */
export function attributeKey(path: string, schema: string): string {
  const lowered = path.toLowerCase();
  const urn = `${schema.toLowerCase()}:`;
  return lowered.startsWith(urn) ? lowered.slice(urn.length) : lowered;
}

const refuse = (message: string) => new ScimError(400, `Invalid filter: ${message}`, 'invalidFilter');

function columnOf(target: FilterTarget, attribute: string): Column {
  const column = target.columns[attributeKey(attribute, target.schema)];
  if (column === undefined) throw refuse(`"${attribute}" cannot be filtered on`);
  return column;
}

function compare(target: FilterTarget, attribute: string, op: CompareOp, value: FilterValue): SQL {
  const column = columnOf(target, attribute);
  if (column.kind === 'constant') {
    const fact = column.holds(value);
    if (op === 'eq') return fact ? sql`true` : sql`false`;
    if (op === 'ne') return fact ? sql`false` : sql`true`;
    throw refuse(`"${attribute}" takes eq or ne`);
  }
  if (column.kind === 'boolean') {
    if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne'))
      throw refuse(`"${attribute}" takes eq or ne true/false`);
    const test = sql`${column.expression} = ${value}`;
    return op === 'eq' ? test : sql`not (${test})`;
  }
  if (value === null) {
    // `eq null` is "has no value" (RFC 7644 §3.4.2.2 treats null as unassigned).
    if (op === 'eq') return sql`coalesce(${column.expression}, '') = ''`;
    if (op === 'ne') return sql`coalesce(${column.expression}, '') <> ''`;
    throw refuse(`"${op}" needs a value`);
  }
  if (column.kind === 'date') {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw refuse(`"${attribute}" is compared with a date string`);
    const at = sql`${new Date(value).toISOString()}::timestamptz`;
    const operators: Partial<Record<CompareOp, SQL>> = {
      eq: sql`=`,
      ne: sql`<>`,
      gt: sql`>`,
      ge: sql`>=`,
      lt: sql`<`,
      le: sql`<=`,
    };
    const operator = operators[op];
    if (operator === undefined) throw refuse(`"${op}" does not apply to a date`);
    return sql`${column.expression} ${operator} ${at}`;
  }
  if (typeof value !== 'string') throw refuse(`"${attribute}" is compared with a string`);
  const exact = column.kind === 'exactText';
  const left = exact ? sql`coalesce(${column.expression}, '')` : lower(sql`coalesce(${column.expression}, '')`);
  const right = exact ? value : value.toLowerCase();
  switch (op) {
    case 'eq':
      return sql`${left} = ${right}`;
    case 'ne':
      return sql`${left} <> ${right}`;
    // position/left/right instead of LIKE: nothing in the value is a wildcard, so nothing needs escaping.
    case 'co':
      return sql`position(${right} in ${left}) > 0`;
    case 'sw':
      return sql`left(${left}, ${right.length}) = ${right}`;
    case 'ew':
      return sql`right(${left}, ${right.length}) = ${right}`;
    case 'gt':
      return sql`${left} > ${right}`;
    case 'ge':
      return sql`${left} >= ${right}`;
    case 'lt':
      return sql`${left} < ${right}`;
    case 'le':
      return sql`${left} <= ${right}`;
  }
}

export function filterSql(filter: Filter, target: FilterTarget): SQL {
  switch (filter.kind) {
    case 'and':
      return and(filterSql(filter.left, target), filterSql(filter.right, target)) ?? sql`true`;
    case 'or':
      return or(filterSql(filter.left, target), filterSql(filter.right, target)) ?? sql`false`;
    case 'not':
      return not(filterSql(filter.filter, target));
    case 'present': {
      const column = columnOf(target, filter.attribute);
      if (column.kind === 'constant' || column.kind === 'boolean' || column.kind === 'date') return sql`true`;
      return sql`coalesce(${column.expression}, '') <> ''`;
    }
    case 'compare':
      return compare(target, filter.attribute, filter.op, filter.value);
  }
}
