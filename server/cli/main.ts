import { backupCommand } from './backup';
import { exportCommand, importCommand } from './catalogue';
import { EXIT, UsageError, type Command } from './command';
import { keysCommand } from './keys';
import { restoreCommand } from './restore';

/**
 * `gatehouse <command> …` (bin/gatehouse.mjs; `npm run keys` too): one entry for every operator command, against the
 * same DATABASE_URL / DATA_DIR and server secret as the server. A new command is one line of this table.
 * Exit codes: 0 done, 1 refused or failed (one line on stderr), 2 wrong usage.
 */
const commands: Record<string, Command> = {
  backup: backupCommand,
  restore: restoreCommand,
  keys: keysCommand,
  export: exportCommand,
  import: importCommand,
};

function help(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return [
    'usage: gatehouse <command> [arguments]',
    '',
    'commands:',
    ...lines,
    '',
    'Uses DATABASE_URL (else PGlite under DATA_DIR) and SERVER_SECRET (else DATA_DIR/server-secret), like the server.',
    'Exit codes: 0 done, 1 refused or failed, 2 wrong usage. `gatehouse <command> --help` shows its usage.',
    '',
  ].join('\n');
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? process.stderr : process.stdout).write(help());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands[name];
  if (command === undefined) {
    process.stderr.write(`gatehouse: unknown command ${name}\n\n${help()}`);
    return EXIT.usage;
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage: ${command.usage}\n  ${command.summary}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(args);
  } catch (error) {
    const usage = error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`gatehouse ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    if (usage) {
      process.stderr.write(`usage: ${command.usage}\n`);
      return EXIT.usage;
    }
    return EXIT.failed;
  }
}

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`gatehouse: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT.failed);
  },
);
