import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupRefused, type BackupHeader } from './format';

/** The lines of a backup file, unzipped as they are read (constant memory). */
export function backupLines(file: string): AsyncIterable<string> & { close(): void } {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  return {
    [Symbol.asyncIterator]: () => lines[Symbol.asyncIterator](),
    close: () => {
      lines.close();
      input.destroy();
    },
  };
}

/** The first line of a backup, checked: a file that is not a Gatehouse backup of a known version is refused. */
export function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line === undefined ? undefined : (JSON.parse(line) as Partial<BackupHeader>);
  } catch {
    header = undefined;
  }
  if (header?.format !== BACKUP_FORMAT || !Array.isArray(header.migrations?.portal))
    throw new BackupRefused('not a Gatehouse backup (no gatehouse-backup header)');
  if (header.version !== BACKUP_VERSION)
    throw new BackupRefused(
      `backup format ${String(header.version)} is not known here (this Gatehouse reads ${BACKUP_VERSION})`,
    );
  return header as BackupHeader;
}

export async function readHeader(file: string): Promise<BackupHeader> {
  const lines = backupLines(file);
  try {
    for await (const line of lines) return parseHeader(line);
    return parseHeader(undefined);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`cannot read ${file}: ${(error as Error).message}`);
  } finally {
    lines.close();
  }
}
