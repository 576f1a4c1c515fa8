import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/**
 * The CSV file a click downloads (an export, a report): its suggested name and its lines, without the byte-order mark
 * the SPA writes for Excel and without the last line's end.
 */
export async function downloadedCsv(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const text = await readFile(await file.path(), 'utf8');
  return {
    fileName: file.suggestedFilename(),
    lines: text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/),
  };
}
