import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore';
import { loadServerSecret } from '../secrets/server-secret';
import { EXIT, say, serverSecretIsSet, UsageError, withDatabase, type Command } from './command';

export const restoreCommand: Command = {
  summary: 'restore a backup FILE into an empty database (--force: replace what it holds)',
  usage: 'gatehouse restore FILE [--force]',
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { force: { type: 'boolean', default: false } },
    });
    const [file] = positionals;
    if (file === undefined || positionals.length !== 1) throw new UsageError('restore needs one FILE');
    return withDatabase(async (database, config) => {
      // Never generate a secret here: a new one could not open the backup's sealed values.
      const serverSecret = serverSecretIsSet(config) ? loadServerSecret(config) : null;
      const { rows } = await restoreBackup(database, file, { force: values.force, serverSecret, progress: say });
      say(`restore: ${file} restored: ${rows} rows`);
      return EXIT.ok;
    });
  },
};
