import { ScimError } from './errors';
import { parseFilter, type Filter, type FilterValue } from './filter';
import { CORE_USER_SCHEMA, PATCH_OP, PROFILE_SCHEMA } from './schemas';

/**
 * PATCH (RFC 7644 §3.5.2) on a User's or a Group's JSON as GET answers it: each operation (`add`, `replace`, `remove`; names without
 * case, as Entra ID sends `Replace`) changes a copy, with a path or without one, and the result is saved as a whole
 * (users-service `replaceUser`), so a PATCH is checked by exactly the rules of a PUT. Paths: `attr`, `attr.sub`, either
 * under the core schema's URN, a profile field under the extension's URN, and a value filter on a multi-valued
 * attribute (`emails[type eq "work"].value`). `id`, `meta` and `schemas` are `mutability`; a path that does not parse
 * is `invalidPath`; a `remove` without a path, or a filter that matches nothing, is `noTarget`.
 */

type Json = Record<string, unknown>;
type Operation = { op: 'add' | 'replace' | 'remove'; path: string | undefined; value: unknown };

const syntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The key an object already has for a name compared without case, else the name as given. */
const keyIn = (object: Json, name: string) =>
  Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
const readOnly = new Set(['id', 'meta', 'schemas']);
/** A copy without one attribute (named without case). */
const without = (object: Json, name: string): Json =>
  Object.fromEntries(Object.entries(object).filter(([key]) => key.toLowerCase() !== name.toLowerCase()));

export function readPatchBody(body: unknown): Operation[] {
  if (!isRecord(body)) throw syntax('The body must be a JSON object.');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP)) throw syntax(`schemas must be ["${PATCH_OP}"]`);
  const operations = body[keyIn(body, 'Operations')];
  if (!Array.isArray(operations) || operations.length === 0) throw syntax('Operations must be a non-empty array');
  if (operations.length > 1000) throw syntax('at most 1000 operations');
  return operations.map((raw, index) => {
    if (!isRecord(raw)) throw syntax(`Operations[${String(index)}] must be an object`);
    const op = raw[keyIn(raw, 'op')];
    const path = raw[keyIn(raw, 'path')];
    const lowered = typeof op === 'string' ? op.toLowerCase() : '';
    if (lowered !== 'add' && lowered !== 'replace' && lowered !== 'remove')
      throw syntax(`Operations[${String(index)}].op must be add, replace or remove`);
    if (path !== undefined && typeof path !== 'string')
      throw syntax(`Operations[${String(index)}].path must be a string`);
    return { op: lowered, path, value: raw[keyIn(raw, 'value')] };
  });
}

interface Path {
  /** The extension's field, or a core attribute. */
  scope: 'core' | 'profile';
  /** Null with `scope: 'profile'`: the whole extension. */
  attribute: string | null;
  filter: Filter | null;
  sub: string | null;
}

const PATH = /^([A-Za-z][\w$-]*)(?:\[(.*)\])?(?:\.([A-Za-z][\w$-]*))?$/s;

function parsePath(path: string, core: string): Path {
  const invalidPath = () => new ScimError(400, `The path "${path}" is not one this server understands.`, 'invalidPath');
  let rest = path.trim();
  let scope: Path['scope'] = 'core';
  const lowered = rest.toLowerCase();
  if (lowered === PROFILE_SCHEMA.toLowerCase()) return { scope: 'profile', attribute: null, filter: null, sub: null };
  if (lowered.startsWith(`${PROFILE_SCHEMA.toLowerCase()}:`)) {
    scope = 'profile';
    rest = rest.slice(PROFILE_SCHEMA.length + 1);
  } else if (lowered.startsWith(`${core.toLowerCase()}:`)) rest = rest.slice(core.length + 1);
  else if (lowered.startsWith('urn:')) throw invalidPath();
  const match = PATH.exec(rest);
  if (match === null) throw invalidPath();
  const [, attribute = '', filterText, sub] = match;
  if (scope === 'profile' && (filterText !== undefined || sub !== undefined)) throw invalidPath();
  let filter: Filter | null = null;
  if (filterText !== undefined) {
    try {
      filter = parseFilter(filterText);
    } catch {
      throw invalidPath();
    }
  }
  return { scope, attribute, filter, sub: sub ?? null };
}

/** Whether one value of a multi-valued attribute (`{value, type, primary}`) matches a value filter. */
function matches(entry: unknown, filter: Filter): boolean {
  if (!isRecord(entry)) return false;
  switch (filter.kind) {
    case 'and':
      return matches(entry, filter.left) && matches(entry, filter.right);
    case 'or':
      return matches(entry, filter.left) || matches(entry, filter.right);
    case 'not':
      return !matches(entry, filter.filter);
    case 'present': {
      const value = entry[keyIn(entry, filter.attribute.split('.').pop() ?? '')];
      return value !== undefined && value !== null && value !== '';
    }
    case 'compare': {
      const actual = entry[keyIn(entry, filter.attribute.split('.').pop() ?? '')] as FilterValue | undefined;
      const a = typeof actual === 'string' ? actual.toLowerCase() : actual;
      const b = typeof filter.value === 'string' ? filter.value.toLowerCase() : filter.value;
      if (filter.op === 'eq') return a === b;
      if (filter.op === 'ne') return a !== b;
      if (typeof a !== 'string' || typeof b !== 'string') return false;
      if (filter.op === 'co') return a.includes(b);
      if (filter.op === 'sw') return a.startsWith(b);
      if (filter.op === 'ew') return a.endsWith(b);
      return filter.op === 'gt' ? a > b : filter.op === 'ge' ? a >= b : filter.op === 'lt' ? a < b : a <= b;
    }
  }
}

/** `add` merges objects and appends to arrays (RFC 7644 §3.5.2.1); `replace` sets. */
function put(target: Json, name: string, value: unknown, op: 'add' | 'replace') {
  const key = keyIn(target, name);
  const current = target[key];
  if (op === 'add' && Array.isArray(current) && Array.isArray(value))
    target[key] = [...(current as unknown[]), ...(value as unknown[])];
  else if (isRecord(current) && isRecord(value)) target[key] = { ...current, ...value };
  else target[key] = value;
}

function apply(document: Json, operation: Operation, core: string) {
  const { op, value } = operation;
  if (operation.path === undefined || operation.path.trim() === '') {
    if (op === 'remove') throw new ScimError(400, 'remove needs a path', 'noTarget');
    if (!isRecord(value)) throw new ScimError(400, `${op} without a path needs an object value`, 'invalidValue');
    for (const [name, inner] of Object.entries(value)) {
      if (name.toLowerCase() === core.toLowerCase() && isRecord(inner)) {
        apply(document, { op, path: undefined, value: inner }, core);
        continue;
      }
      // `{"name.givenName": "Ann"}` and `{"urn:…:Profile:Field": "x"}`: Entra ID sends paths as keys.
      if (
        name.includes('.') ||
        (name.toLowerCase().startsWith('urn:') && name.toLowerCase() !== PROFILE_SCHEMA.toLowerCase())
      )
        apply(document, { op, path: name, value: inner }, core);
      else {
        // Okta sends the group's own `id` along with a replace: the value it already has is no change.
        if (
          readOnly.has(name.toLowerCase()) &&
          JSON.stringify(document[keyIn(document, name)]) === JSON.stringify(inner)
        )
          continue;
        if (readOnly.has(name.toLowerCase())) throw mutability(name);
        put(document, name, inner, op);
      }
    }
    return;
  }
  const path = parsePath(operation.path, core);
  if (path.scope === 'profile') {
    const key = keyIn(document, PROFILE_SCHEMA);
    const existing = document[key];
    const profile: Json = isRecord(existing) ? { ...existing } : {};
    if (path.attribute === null) {
      if (op === 'remove') document[key] = {};
      else if (!isRecord(value)) throw new ScimError(400, `${PROFILE_SCHEMA} takes an object`, 'invalidValue');
      else document[key] = { ...profile, ...value };
      return;
    }
    if (op === 'remove') document[key] = without(profile, path.attribute);
    else {
      put(profile, path.attribute, value, op);
      document[key] = profile;
    }
    return;
  }
  const attribute = path.attribute ?? '';
  if (readOnly.has(attribute.toLowerCase())) throw mutability(attribute);
  if (op === 'remove' && attribute.toLowerCase() === 'username' && path.sub === null) throw mutability(attribute);
  const key = keyIn(document, attribute);
  if (path.filter !== null) {
    const values = document[key];
    const list = Array.isArray(values) ? [...(values as unknown[])] : [];
    const filter = path.filter;
    const hits = list.flatMap((entry, index) => (matches(entry, filter) ? [index] : []));
    if (hits.length === 0) throw new ScimError(400, `Nothing matches ${operation.path}`, 'noTarget');
    if (op === 'remove' && path.sub === null) document[key] = list.filter((_, index) => !hits.includes(index));
    else
      document[key] = list.map((entry, index) => {
        if (!hits.includes(index) || !isRecord(entry)) return entry;
        if (path.sub === null) return isRecord(value) ? { ...entry, ...value } : entry;
        if (op === 'remove') return without(entry, path.sub);
        return { ...entry, [keyIn(entry, path.sub)]: value };
      });
    return;
  }
  if (path.sub !== null) {
    const existing = document[key];
    const inner: Json = isRecord(existing) ? { ...existing } : {};
    if (op === 'remove') document[key] = without(inner, path.sub);
    else {
      put(inner, path.sub, value, op);
      document[key] = inner;
    }
    return;
  }
  if (op === 'remove' && Array.isArray(document[key]) && Array.isArray(value) && value.length > 0) {
    // Entra ID removes members as `{"op":"Remove","path":"members","value":[{"value":"<id>"}]}`: those values only,
    // not the whole attribute (RFC 7644 would write `members[value eq "<id>"]`).
    const gone = new Set(value.map((entry) => (isRecord(entry) ? JSON.stringify(entry[keyIn(entry, 'value')]) : '')));
    document[key] = (document[key] as unknown[]).filter(
      (entry) => !isRecord(entry) || !gone.has(JSON.stringify(entry[keyIn(entry, 'value')])),
    );
  } else if (op === 'remove') document[key] = undefined;
  else put(document, attribute, value, op);
}

const mutability = (name: string) => new ScimError(400, `${name} cannot be changed`, 'mutability');

/**
 * The resource (a User, or a Group with `core` its schema) after every operation, in order; nothing is saved if one
 * fails.
 */
export function applyPatch(resource: Json, operations: Operation[], core: string = CORE_USER_SCHEMA): Json {
  const document = structuredClone(resource);
  for (const operation of operations) apply(document, operation, core);
  // Entra ID sends `"active": "False"`: the strings of a boolean are read as the boolean.
  const activeKey = keyIn(document, 'active');
  const active = document[activeKey];
  if (typeof active === 'string' && /^(true|false)$/i.test(active))
    document[activeKey] = active.toLowerCase() === 'true';
  return document;
}
