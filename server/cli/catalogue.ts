import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { exportCatalogue } from '../catalogue/export';
import { MAX_CATALOGUE_BYTES } from '../catalogue/format';
import { describePlan, importCatalogue } from '../catalogue/import';
import { parseCatalogue } from '../catalogue/parse';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * `npm run catalogue -- export [--client ALIAS] FILE | import FILE [--dry-run] [--prune]`: the catalogue as code
 * (docs/operations.md "The catalogue as code"), against the same DATABASE_URL / DATA_DIR as the server. `-` as FILE
 * is standard output / input. Exit codes: 0 done (or nothing to do), 1 refused or failed, 2 usage. On PGlite, stop the
 * server first (one process owns the data directory); on PostgreSQL an import may run beside running servers.
 */
const USAGE = `usage: npm run catalogue -- export [--client ALIAS] FILE
       npm run catalogue -- import FILE [--dry-run] [--prune]

  export   writes the catalogue (applications, regions, CMS sites, clients and their applications, fields,
           templates, labels, inputs, menus, FAQ; never people) to FILE as JSON (docs/catalogue.schema.json)
           --client ALIAS   only that client, with the applications, templates and fields it references
  import   checks FILE, prints the plan (create / update / unchanged / delete) and applies it in one transaction
           --dry-run        prints the plan and changes nothing
           --prune          also deletes what the database holds and FILE does not (within FILE's client)
`;

interface Command {
  name: 'export' | 'import';
  file: string;
  client?: string;
  dryRun: boolean;
  prune: boolean;
}

export function parseArguments(argv: readonly string[]): Command | 'help' | null {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') return 'help';
  if (name !== 'export' && name !== 'import') return null;
  const command: Command = { name, file: '', dryRun: false, prune: false };
  const files: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (arg === '--help' || arg === '-h') return 'help';
    if (name === 'export' && arg === '--client' && rest[i + 1] !== undefined) command.client = rest[++i] as string;
    else if (name === 'import' && arg === '--dry-run') command.dryRun = true;
    else if (name === 'import' && arg === '--prune') command.prune = true;
    else if (arg.startsWith('--')) return null;
    else files.push(arg);
  }
  if (files.length !== 1) return null;
  command.file = files[0] as string;
  return command;
}

async function main(argv: readonly string[]): Promise<number> {
  const command = parseArguments(argv);
  if (command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === null) {
    process.stderr.write(USAGE);
    return 2;
  }
  // A file is read (and refused) before the database is opened: a hostile file costs nothing.
  let bytes: Uint8Array | undefined;
  if (command.name === 'import') {
    if (command.file !== '-' && statSync(command.file).size > MAX_CATALOGUE_BYTES) {
      process.stderr.write(
        `${command.file}: (file): larger than the ${MAX_CATALOGUE_BYTES} bytes a catalogue may have\n`,
      );
      return 1;
    }
    bytes = readFileSync(command.file === '-' ? 0 : command.file);
    const parsed = parseCatalogue(bytes);
    if (!parsed.ok) {
      for (const problem of parsed.problems) process.stderr.write(`${command.file}: ${problem}\n`);
      process.stderr.write('refused: nothing was applied\n');
      return 1;
    }
  }

  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  try {
    await migrate(database);
    if (command.name === 'export') {
      const text = await exportCatalogue(database.db, command.client);
      if (command.file === '-') process.stdout.write(text);
      else writeFileSync(command.file, text);
      return 0;
    }
    const parsed = parseCatalogue(bytes as Uint8Array);
    if (!parsed.ok) return 1;
    const outcome = await importCatalogue(database.db, parsed.catalogue, command);
    process.stdout.write(describePlan(outcome.changes));
    if (!outcome.ok) {
      for (const problem of outcome.problems) process.stderr.write(`${problem}\n`);
      process.stderr.write('refused: nothing was applied\n');
      return 1;
    }
    process.stdout.write(outcome.applied ? 'applied\n' : 'dry run: nothing was applied\n');
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`catalogue: ${message}\n`);
    process.exit(1);
  },
);
