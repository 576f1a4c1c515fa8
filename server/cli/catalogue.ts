import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { exportCatalogue } from '../catalogue/export';
import { MAX_CATALOGUE_BYTES } from '../catalogue/format';
import { describePlan, importCatalogue } from '../catalogue/import';
import { parseCatalogue } from '../catalogue/parse';
import { migrate } from '../db/migrate';
import { EXIT, say, UsageError, withDatabase, type Command } from './command';

/**
 * `gatehouse export [--client ALIAS] FILE` and `gatehouse import FILE [--dry-run] [--prune]`: the catalogue as code
 * (docs/operations.md "The catalogue as code"), against the same DATABASE_URL / DATA_DIR as the server. `-` as FILE
 * is standard output / input. On PGlite, stop the server first (one process owns the data directory); on PostgreSQL
 * an import may run beside running servers.
 */
const oneFile = (positionals: string[], name: string): string => {
  if (positionals.length !== 1)
    throw new UsageError(`${name} needs one FILE (- for standard ${name === 'export' ? 'output' : 'input'})`);
  return positionals[0] as string;
};

export const exportCommand: Command = {
  summary:
    'write the catalogue (applications, regions, CMS sites, clients, fields, templates, labels, inputs, menus, FAQ; never people) as JSON',
  usage: 'gatehouse export [--client ALIAS] FILE   (--client: only that client, with what it references)',
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { client: { type: 'string' } },
    });
    const file = oneFile(positionals, 'export');
    return withDatabase(async (database) => {
      await migrate(database);
      const text = await exportCatalogue(database.db, values.client);
      if (file === '-') process.stdout.write(text);
      else writeFileSync(file, text);
      return EXIT.ok;
    });
  },
};

export const importCommand: Command = {
  summary:
    'check a catalogue file, print the plan (create / update / unchanged / delete) and apply it in one transaction',
  usage:
    'gatehouse import FILE [--dry-run] [--prune]   (--dry-run: the plan only; --prune: also delete what FILE does not hold, within its client)',
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean' }, prune: { type: 'boolean' } },
    });
    const file = oneFile(positionals, 'import');
    // A file is read (and refused) before the database is opened: a hostile file costs nothing.
    if (file !== '-' && statSync(file).size > MAX_CATALOGUE_BYTES) {
      say(`${file}: (file): larger than the ${String(MAX_CATALOGUE_BYTES)} bytes a catalogue may have`);
      return EXIT.failed;
    }
    const parsed = parseCatalogue(readFileSync(file === '-' ? 0 : file));
    if (!parsed.ok) {
      for (const problem of parsed.problems) say(`${file}: ${problem}`);
      say('refused: nothing was applied');
      return EXIT.failed;
    }
    return withDatabase(async (database) => {
      await migrate(database);
      const outcome = await importCatalogue(database.db, parsed.catalogue, {
        dryRun: values['dry-run'] === true,
        prune: values.prune === true,
      });
      process.stdout.write(describePlan(outcome.changes));
      if (!outcome.ok) {
        for (const problem of outcome.problems) say(problem);
        say('refused: nothing was applied');
        return EXIT.failed;
      }
      process.stdout.write(outcome.applied ? 'applied\n' : 'dry run: nothing was applied\n');
      return EXIT.ok;
    });
  },
};
