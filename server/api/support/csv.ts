import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { numberedHeader, numberedLine } from '@contracts/csv';

/**
 * A CSV export as a stream: the header row (`#` first), then each row numbered from 1, read from `rows` as the client
 * takes them, so memory holds one batch of rows, however many the export has.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  async function* lines() {
    yield numberedHeader(header);
    let number = 0;
    for await (const cells of rows) yield numberedLine(++number, cells);
  }
  return Readable.from(lines());
}

/** Answers a CSV download (route `config: { answer: 'binary' }`), never cached. */
export function sendCsv(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Rows in batches of a keyset read: `read(after)` answers the next batch after the last row of the previous one (none
 * before the first), until a batch comes back short. For exports that must not hold every row at once.
 */
export async function* inBatches<Row>(
  read: (after: Row | undefined) => Promise<readonly Row[]>,
  batchSize: number,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const batch = await read(after);
    yield* batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1];
  }
}
