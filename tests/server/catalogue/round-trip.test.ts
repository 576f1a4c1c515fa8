import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalogue } from '@server/catalogue/export';
import type { Catalogue } from '@server/catalogue/format';
import { importCatalogue } from '@server/catalogue/import';
import { parseCatalogue } from '@server/catalogue/parse';
import type { Db } from '@server/db/client';
import { auditLog, clientApplications, instances } from '@server/db/schema';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

const bytes = (text: string) => new TextEncoder().encode(text);

function parsed(text: string): Catalogue {
  const result = parseCatalogue(bytes(text));
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.catalogue;
}

const actions = (outcome: Awaited<ReturnType<typeof importCatalogue>>) => {
  const tally: Record<string, number> = { create: 0, update: 0, unchanged: 0, delete: 0 };
  for (const change of outcome.changes) tally[change.action] = (tally[change.action] ?? 0) + 1;
  return tally;
};

async function auditRows(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

// A whole catalogue is some thousand rows: an import into PGlite takes longer than the project's default 30 s.
describe.each(databaseKinds)('the catalogue as code (%s)', { timeout: 120_000 }, (kind) => {
  let source: TestDatabase;
  let exported: string;
  const opened: TestDatabase[] = [];
  /** A migrated database without the demo world. */
  async function empty(): Promise<Db> {
    const database = await openTestDatabase(kind, 'migrated');
    opened.push(database);
    return database.database.db;
  }
  beforeAll(async () => {
    source = await openTestDatabase(kind, 'seeded');
    exported = await exportCatalogue(source.database.db);
  });
  afterAll(async () => {
    for (const database of opened) await database.dispose();
    await source.dispose();
  });

  it('exports the demo catalogue with no person in it, in a stable order', async () => {
    const catalogue = parsed(exported);
    expect(catalogue.clients.map((c) => c.portalAlias)).toEqual(['acme', 'globex', 'initech', 'provider', 'umbrella']);
    expect(catalogue.applications.length).toBeGreaterThan(0);
    expect(catalogue.labels.length).toBeGreaterThan(50);
    expect(catalogue.clients.flatMap((c) => c.applications).some((a) => a.excludedRoles.length > 0)).toBe(true);
    expect(catalogue.fields.some((f) => f.subFields.length > 0)).toBe(true);
    expect(Object.keys(catalogue)).not.toContain('people');
    expect(await exportCatalogue(source.database.db)).toBe(exported);
  });

  it('export → import into an empty database → export again gives the same bytes, ids included', async () => {
    const target = await empty();
    const outcome = await importCatalogue(target, parsed(exported), { dryRun: false, prune: false });
    expect(outcome.ok).toBe(true);
    expect(actions(outcome)).toMatchObject({ update: 0, unchanged: 0, delete: 0 });
    expect(await exportCatalogue(target)).toBe(exported);

    const again = await importCatalogue(target, parsed(exported), { dryRun: false, prune: true });
    expect(actions(again)).toMatchObject({ create: 0, update: 0, delete: 0 });
  });

  it('--dry-run shows the plan and changes nothing', async () => {
    const target = await empty();
    const before = await exportCatalogue(target);
    const audits = await auditRows(target);
    const outcome = await importCatalogue(target, parsed(exported), { dryRun: true, prune: false });
    expect(outcome).toMatchObject({ ok: true, applied: false });
    expect(actions(outcome).create).toBe(parsed(exported).labels.length + outcomeOthers(parsed(exported)));
    expect(await exportCatalogue(target)).toBe(before);
    expect(await auditRows(target)).toBe(audits);
  });

  it('an update changes the one record that differs and records it in the audit log', async () => {
    const target = await empty();
    await importCatalogue(target, parsed(exported), { dryRun: false, prune: false });
    const edited = parsed(exported);
    const app = edited.applications[0];
    if (app === undefined) throw new Error('no application');
    app.link = 'https://changed.example/{userName}';
    const audits = await auditRows(target);
    const outcome = await importCatalogue(target, edited, { dryRun: false, prune: false });
    expect(outcome.changes.filter((c) => c.action === 'update').map((c) => c.id)).toEqual([app.id]);
    expect(await auditRows(target)).toBe(audits + 1);
    expect(parsed(await exportCatalogue(target)).applications[0]?.link).toBe('https://changed.example/{userName}');
  });

  it('deletes what the file leaves out only with --prune', async () => {
    const target = await empty();
    await importCatalogue(target, parsed(exported), { dryRun: false, prune: false });
    const trimmed = parsed(exported);
    const [label] = trimmed.labels.splice(0, 1);
    const [question] = trimmed.faq.splice(0, 1);

    const kept = await importCatalogue(target, trimmed, { dryRun: false, prune: false });
    expect(actions(kept).delete).toBe(0);
    expect(await exportCatalogue(target)).toBe(exported);

    const pruned = await importCatalogue(target, trimmed, { dryRun: false, prune: true });
    expect(pruned.changes.filter((c) => c.action === 'delete').map((c) => c.id)).toEqual([question?.id, label?.id]);
    const after = parsed(await exportCatalogue(target));
    expect(after.labels.some((l) => l.id === label?.id)).toBe(false);
    expect(after.faq.some((q) => q.id === question?.id)).toBe(false);
  });

  it('--prune never deletes a client that has people: refused, nothing applied', async () => {
    const db = source.database.db;
    const withoutAcme = parsed(exported);
    const acme = withoutAcme.clients.find((c) => c.portalAlias === 'acme');
    withoutAcme.clients = withoutAcme.clients.filter((c) => c !== acme);
    for (const list of ['labels', 'inputs', 'menus', 'faq'] as const) {
      (withoutAcme[list] as { client: string | null }[]) = withoutAcme[list].filter((r) => r.client !== acme?.id);
    }
    withoutAcme.regions[0]!.name = 'Renamed in the same refused import';
    const [people] = await db.select({ n: count() }).from(instances);
    const outcome = await importCatalogue(db, withoutAcme, { dryRun: false, prune: true });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.join('\n')).toMatch(/clients: Acme.*\(acme\) has \d+ people; --prune never deletes people/);
    expect(await exportCatalogue(db)).toBe(exported);
    expect((await db.select({ n: count() }).from(instances))[0]).toEqual(people);
  });

  it('--client exports one client with what it references, and imports alone into an empty database', async () => {
    const acmeText = await exportCatalogue(source.database.db, 'acme');
    const acme = parsed(acmeText);
    const whole = parsed(exported);
    const acmeId = whole.clients.find((c) => c.portalAlias === 'acme')?.id;
    expect(acme.client).toBe('acme');
    expect(acme.clients.map((c) => c.portalAlias)).toEqual(['acme']);
    const activated = new Set(acme.clients[0]?.applications.map((a) => a.application));
    expect(acme.applications.map((a) => a.id).sort()).toEqual([...activated].sort());
    expect(acme.applications.length).toBeLessThan(whole.applications.length);
    for (const list of ['labels', 'inputs', 'menus', 'faq'] as const) {
      expect(acme[list].every((r) => r.client === acmeId)).toBe(true);
    }
    expect(acme.templates.some((t) => t.isDefault)).toBe(true);

    const target = await empty();
    const outcome = await importCatalogue(target, acme, { dryRun: false, prune: false });
    expect(outcome.ok).toBe(true);
    expect(await exportCatalogue(target, 'acme')).toBe(acmeText);
    const [activations] = await target.select({ n: count() }).from(clientApplications);
    expect(activations?.n).toBe(acme.clients[0]?.applications.length);
  });

  describe('hostile files are refused with the JSON path named, and nothing is applied', () => {
    function refused(mutate: (file: Record<string, unknown> & Catalogue) => void): string[] {
      const file = JSON.parse(exported) as Record<string, unknown> & Catalogue;
      mutate(file);
      const result = parseCatalogue(bytes(JSON.stringify(file)));
      expect(result.ok).toBe(false);
      return result.ok ? [] : result.problems;
    }

    it('a wrong schema version', () => {
      expect(refused((f) => (f.version = 2 as never))).toEqual(['version: this Gatehouse reads catalogue version 1']);
    });

    it('unknown keys, at any depth', () => {
      const problems = refused((f) => {
        (f as Record<string, unknown>).people = [];
        (f.clients[0]!.applications[0] as Record<string, unknown>).secret = 'x';
      });
      expect(problems.join('\n')).toContain('people:');
      expect(problems.join('\n')).toContain('clients[0].applications[0].secret:');
    });

    it('markup or script in labels, inputs, menus and answers', () => {
      const plainIndex = parsed(exported).labels.findIndex((l) => !l.isHtml);
      const problems = refused((f) => {
        f.labels[plainIndex]!.value = 'Hello <script>alert(1)</script>';
        f.labels[plainIndex + 1]!.isHtml = true;
        f.labels[plainIndex + 1]!.value = '<img src=x onerror="alert(1)">';
        f.faq[0]!.questionText = '<a href="javascript:alert(1)">click</a>';
        f.inputs[0]!.placeHolder = '<b>name</b>';
      });
      expect(problems).toEqual([
        expect.stringMatching(new RegExp(`^labels\\[${plainIndex}\\]\\.value: holds markup`)),
        expect.stringMatching(new RegExp(`^labels\\[${plainIndex + 1}\\]\\.value: holds markup`)),
        expect.stringMatching(/^inputs\[0\]\.placeHolder: holds markup/),
        expect.stringMatching(/^faq\[0\]\.questionText: holds markup/),
      ]);
    });

    it('a 10 MiB file, before it is parsed', () => {
      const result = parseCatalogue(new Uint8Array(10 * 1024 * 1024).fill(0x20));
      expect(result).toEqual({ ok: false, problems: [expect.stringMatching(/^\(file\): 10485760 bytes, more than/)] });
    });

    it('references to missing applications, templates and clients', () => {
      const problems = refused((f) => {
        f.clients[0]!.applications[0]!.application = '00000000-0000-4000-8000-000000000001';
        f.labels[0]!.client = '00000000-0000-4000-8000-000000000002';
      });
      expect(problems).toEqual([
        'clients[0].applications[0].application: no application with id 00000000-0000-4000-8000-000000000001 in the file',
        'labels[0].client: no client with id 00000000-0000-4000-8000-000000000002 in the file',
      ]);
    });

    it('the admin API’s rules: an alias, a link, sub-fields that do not fit the data type', () => {
      const fieldIndex = parsed(exported).fields.findIndex((f) => f.subFields.length === 0);
      const problems = refused((f) => {
        f.clients[0]!.portalAlias = 'not an alias';
        f.applications[0]!.link = 'javascript:alert(1)';
        f.fields[fieldIndex]!.subFields = [
          { subDictionaryName: 'x', subDefaultValue: 'x', subCssField: '', subDataType: 'OPTION', order: 0 },
        ];
      });
      expect(problems.join('\n')).toContain('clients[0].portalAlias:');
      expect(problems.join('\n')).toContain('applications[0].link:');
      expect(problems.join('\n')).toContain(`fields[${fieldIndex}].subFields:`);
    });

    it('unreadable JSON, naming the line', () => {
      const result = parseCatalogue(bytes('{\n  "format": "gatehouse-catalogue",\n  "version": 1,\n  oops\n}'));
      expect(result).toEqual({ ok: false, problems: [expect.stringMatching(/^\(file\): not JSON at line 4/)] });
    });
  });
});

/** Everything a plan creates besides labels: each top-level record once (children are part of their record). */
function outcomeOthers(c: Catalogue): number {
  return (
    c.regions.length +
    c.cmsSites.length +
    c.applications.length +
    c.fields.length +
    c.templates.length +
    c.clients.length +
    c.inputs.length +
    c.menus.length +
    c.faq.length
  );
}

describe('docs/catalogue.schema.json', () => {
  it('names exactly the keys the server reads and writes, list by list', async () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../../docs/catalogue.schema.json', import.meta.url), 'utf8'),
    ) as {
      required: string[];
      $defs: Record<string, { required: string[] }>;
    };
    const source = await openTestDatabase('pglite', 'seeded');
    try {
      const c = parsed(await exportCatalogue(source.database.db));
      expect(schema.required).toEqual(Object.keys(c));
      const first = (list: readonly object[]) => Object.keys(list[0] ?? {});
      expect(schema.$defs.region?.required).toEqual(first(c.regions));
      expect(schema.$defs.application?.required).toEqual(first(c.applications));
      expect(schema.$defs.field?.required).toEqual(first(c.fields));
      expect(schema.$defs.subField?.required).toEqual(first(c.fields.flatMap((f) => f.subFields)));
      expect(schema.$defs.template?.required).toEqual(first(c.templates));
      expect(schema.$defs.placement?.required).toEqual(first(c.templates.flatMap((t) => t.fields)));
      expect(schema.$defs.client?.required).toEqual(first(c.clients));
      expect(schema.$defs.activation?.required).toEqual(first(c.clients.flatMap((x) => x.applications)));
      expect(schema.$defs.label?.required).toEqual(first(c.labels));
      expect(schema.$defs.input?.required).toEqual(first(c.inputs));
      expect(schema.$defs.menu?.required).toEqual(first(c.menus));
      expect(schema.$defs.faq?.required).toEqual(first(c.faq));
    } finally {
      await source.dispose();
    }
  });
});
