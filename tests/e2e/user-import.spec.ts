import { describe, expect, inject, it } from 'vitest';
import { largeImportFile } from '../server/user-import/large-file';
import { adminPages } from './admin';
import { cataloguePages } from './admin-catalogue';
import { browserPerFile } from './support/browser';
import { downloadedCsv } from './support/download';
import { importPages } from './user-import-page';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * The file: the realistic generator of the 1 MiB bench, whole (9,226 rows just under the 1 MiB limit, 20 bad). The
 * e2e server keeps PGlite on disk, which costs no more than in memory (bench/user-import.ts measures both;
 * docs/benchmarks.md "User import"): this test took 52 s at load 5–6. The waits leave room for a loaded machine (a
 * share of two cores several times smaller): the preview a minute, the commit and its mails ten.
 */
const PREVIEW_WAIT_MS = 60_000;
const COMMIT_WAIT_MS = 600_000;

// Adds 9,206 Umbrella people (person<n>@umbrella.test, all named Lopez) to the shared server; no other file looks for
// them, and they sort after the demo people other files find on the grid's first page.
describe('user import end to end (issue 10, admin-and-board §2 "Manage Import Users", §3, §5)', () => {
  it(
    'a realistic file with 20 bad rows: the preview shows them, the commit imports the rest, the report downloads',
    async () => {
      const { csv, rows, badLines } = largeImportFile({ bad: 20 });
      const { page } = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
      await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');
      const { panel, preview } = await importPages.preview(page, {
        client: 'Umbrella Agents',
        name: 'umbrella-people.csv',
        csv,
        timeout: PREVIEW_WAIT_MS,
      });
      expect(await preview.getByTestId('count-Import_Text_CountNew').innerText()).toBe(`New: ${String(rows - 20)}`);
      expect(await preview.getByTestId('count-Import_Text_CountFailed').innerText()).toBe('Failed: 20');
      const problems = preview.getByRole('table', { name: 'Failed' }).locator('tbody tr');
      expect(await problems.locator('td:first-child').allInnerTexts()).toEqual(badLines.map(String));
      expect(await problems.first().locator('td').nth(1).innerText()).toBe('SocialSecurityNumber');

      await preview.getByRole('button', { name: 'Import', exact: true }).click();
      await panel.getByTestId('import-progress').waitFor();
      // 20 rows failed: the page says some people could not be imported, never "imported successfully" (issue 29 §4).
      const outcome = panel.locator('[role=status][data-outcome]');
      await outcome.waitFor({ timeout: COMMIT_WAIT_MS });
      expect(await outcome.getAttribute('data-outcome')).toBe('partly');
      expect(await outcome.innerText()).toBe('Some users could not be imported. The report says why.');
      expect(await panel.getByTestId('import-outcome').innerText()).toBe(
        `${String(rows - 20)} created, 0 updated, 0 unchanged, 0 skipped, 20 failed`,
      );

      const { fileName, lines } = await downloadedCsv(page, () =>
        panel.getByRole('button', { name: 'Download report' }).click(),
      );
      expect(fileName).toBe('umbrella-people_report.csv');
      expect(lines).toHaveLength(rows + 1);
      expect(lines.filter((line) => line.includes(',"failed",'))).toHaveLength(20);
      expect(lines.filter((line) => line.includes(',"created",'))).toHaveLength(rows - 20);
    },
    PREVIEW_WAIT_MS + COMMIT_WAIT_MS + 120_000,
  );
});
