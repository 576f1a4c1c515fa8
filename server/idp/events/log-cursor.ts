/**
 * The `after` cursor of GET /api/v1/logs: the position (published, seq) of the last event a page held, opaque to
 * clients (base64url), as Okta's is. (published, seq) is the log's total order, so a cursor never skips or repeats.
 */
export interface LogPosition {
  published: Date;
  seq: number;
}

export const encodeCursor = ({ published, seq }: LogPosition): string =>
  Buffer.from(`${published.getTime()}.${seq}`).toString('base64url');

/** Undefined for anything that is not one of our cursors. */
export function decodeCursor(cursor: string): LogPosition | undefined {
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) return undefined;
  const seq = Number(match[2]);
  return Number.isSafeInteger(seq) ? { published: new Date(Number(match[1])), seq } : undefined;
}
