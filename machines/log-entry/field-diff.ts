/**
 * The before and after of an audited change, field by field (issue 13: "a readable diff"): both records flattened to
 * their leaf fields (`fields.Email`, `applicationRoles[0].roleValue`), each field's two values as text, and what
 * happened to it. Pure, so the view only lays it out.
 */
export type FieldChange = {
  /** The field's path in the record. */
  field: string;
  /** Its value before, as text; undefined where the field did not exist. */
  before: string | undefined;
  after: string | undefined;
  kind: 'added' | 'removed' | 'changed' | 'same';
};

/** A leaf value as a person reads it: text as it is, everything else as JSON (`true`, `3`, `null`, `[]`). */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The leaf fields of a JSON value by path; a record that is not an object (or null) has none. */
function leavesOf(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  const isContainer = typeof value === 'object' && value !== null;
  const entries: [string, unknown][] = !isContainer
    ? []
    : Array.isArray(value)
      ? value.map((item, index) => [`${path}[${String(index)}]`, item])
      : Object.entries(value).map(([key, item]) => [path === '' ? key : `${path}.${key}`, item]);
  if (isContainer && entries.length === 0 && path !== '') into.set(path, textOf(value));
  for (const [child, item] of entries) {
    if (typeof item === 'object' && item !== null) leavesOf(item, child, into);
    else into.set(child, textOf(item));
  }
  return into;
}

/**
 * Every field of either record in the order the records name them (the before's first, then the fields only the after
 * has), with what happened to it; changed fields are not moved, so the record reads as it is.
 */
export function fieldDiff(before: unknown, after: unknown): FieldChange[] {
  const old = leavesOf(before);
  const now = leavesOf(after);
  const fields = [...old.keys(), ...[...now.keys()].filter((field) => !old.has(field))];
  return fields.map((field) => {
    const was = old.get(field);
    const is = now.get(field);
    const kind = was === undefined ? 'added' : is === undefined ? 'removed' : was === is ? 'same' : 'changed';
    return { field, before: was, after: is, kind };
  });
}
