import * as v from 'valibot';
import { CatalogueSchema, MAX_CATALOGUE_BYTES, type Catalogue } from './format';

export type Parsed = { ok: true; catalogue: Catalogue } | { ok: false; problems: string[] };

/**
 * Reads a catalogue file: its size first (before a byte is parsed), then its JSON, then every rule of format.ts, then
 * that ids are unique and every reference names a record of the same file. Each problem names its JSON path
 * (`clients[0].applications[1].application`) and, for unreadable JSON, the line. Nothing here touches a database.
 */
export function parseCatalogue(bytes: Uint8Array): Parsed {
  if (bytes.byteLength > MAX_CATALOGUE_BYTES) {
    return fail(`(file): ${bytes.byteLength} bytes, more than the ${MAX_CATALOGUE_BYTES} a catalogue may have`);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`(file): not JSON${lineOf(text, error as Error)}: ${(error as Error).message}`);
  }
  const result = v.safeParse(CatalogueSchema, json, { abortEarly: false });
  if (!result.success) {
    return fail(...result.issues.slice(0, 50).map((issue) => `${pathOf(issue.path)}: ${issue.message}`));
  }
  const problems = referenceProblems(result.output);
  return problems.length > 0 ? fail(...problems) : { ok: true, catalogue: result.output };
}

const fail = (...problems: string[]): Parsed => ({ ok: false, problems });

function pathOf(path: v.IssuePathItem[] | undefined): string {
  if (path === undefined || path.length === 0) return '(root)';
  let out = '';
  for (const item of path) {
    const key = item.key as string | number;
    out += typeof key === 'number' ? `[${key}]` : out === '' ? key : `.${key}`;
  }
  return out;
}

/** V8 says "at position N" (or "line L column C" in newer versions); the line is what a person looks for. */
function lineOf(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  if (position === null) return '';
  const line = text.slice(0, Number(position[1])).split('\n').length;
  return ` at line ${line}`;
}

/** Ids unique within their list, references to records of the file, at most one Default template. */
function referenceProblems(c: Catalogue): string[] {
  const problems: string[] = [];
  const ids = (list: readonly { id: string }[], name: string) => {
    const seen = new Set<string>();
    list.forEach((record, i) => {
      if (seen.has(record.id)) problems.push(`${name}[${i}].id: ${record.id} appears twice`);
      seen.add(record.id);
    });
    return seen;
  };
  const regions = ids(c.regions, 'regions');
  const sites = ids(c.cmsSites, 'cmsSites');
  const apps = ids(c.applications, 'applications');
  const fields = ids(c.fields, 'fields');
  const templates = ids(c.templates, 'templates');
  const clients = ids(c.clients, 'clients');
  for (const list of ['labels', 'inputs', 'menus', 'faq'] as const) ids(c[list], list);
  const missing = (set: Set<string>, id: string | null, path: string, what: string) => {
    if (id !== null && !set.has(id)) problems.push(`${path}: no ${what} with id ${id} in the file`);
  };

  c.applications.forEach((a, i) => missing(regions, a.region, `applications[${i}].region`, 'region'));
  c.templates.forEach((t, i) =>
    t.fields.forEach((p, j) => missing(fields, p.field, `templates[${i}].fields[${j}].field`, 'field')),
  );
  if (c.templates.filter((t) => t.isDefault).length > 1) problems.push('templates: more than one is the Default');
  c.clients.forEach((client, i) => {
    missing(sites, client.cmsSite, `clients[${i}].cmsSite`, 'CMS site');
    client.applications.forEach((a, j) => {
      missing(apps, a.application, `clients[${i}].applications[${j}].application`, 'application');
      missing(templates, a.template, `clients[${i}].applications[${j}].template`, 'template');
    });
    if (client.applications.filter((a) => a.defaultRedirect).length > 1)
      problems.push(`clients[${i}].applications: more than one is the default redirect`);
  });
  for (const list of ['labels', 'inputs', 'menus', 'faq'] as const) {
    c[list].forEach((r, i) => missing(clients, r.client, `${list}[${i}].client`, 'client'));
  }
  if (c.client !== null && !c.clients.some((client) => client.portalAlias === c.client)) {
    problems.push(`client: no client with portal alias ${c.client} in the file`);
  }
  return problems;
}
