import { parseArgs } from 'node:util';
import { writeBackup } from '../backup/backup';
import { EXIT, say, UsageError, withDatabase, type Command } from './command';

export const backupCommand: Command = {
  summary: 'write a consistent snapshot of the whole database to FILE (gzip JSON lines)',
  usage: 'gatehouse backup FILE',
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    const [file] = positionals;
    if (file === undefined || positionals.length !== 1) throw new UsageError('backup needs one FILE');
    return withDatabase(async (database) => {
      const started = Date.now();
      const summary = await writeBackup(database, file, say);
      say(
        `backup: ${file} written: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes in ${Date.now() - started} ms`,
      );
      say('backup: the server secret is not in it: keep SERVER_SECRET (or DATA_DIR/server-secret) beside it, apart');
      return EXIT.ok;
    });
  },
};
