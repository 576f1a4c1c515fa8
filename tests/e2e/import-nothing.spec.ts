import { describe, expect, inject, it } from 'vitest';
import { file, row } from '../server/user-import/harness';
import { adminPages } from './admin';
import { cataloguePages } from './admin-catalogue';
import { browserPerFile } from './support/browser';
import { importPages } from './user-import-page';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** The dry run is a job the page follows; on a loaded machine its preview may take a while (never a failure). */
const PREVIEW_WAIT_MS = 60_000;

// Imports nobody: every row of the file fails the dry run, so the shared server is left as it was.
describe('user import of a file whose every row fails (issue 29 §4 "Screens that tell the truth")', () => {
  it('a file whose every row fails: the preview counts them, words each field’s own message, and Import is disabled', async () => {
    const csv = file(
      row('nothing1@umbrella.test', { SocialSecurityNumber: '12-34' }),
      row('nothing2@umbrella.test', { ZipCode: 'nope' }),
      row('nothing3@umbrella.test', { SocialSecurityNumber: '' }),
      row('not-an-email'),
    );
    const { page } = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');
    const { panel, preview } = await importPages.preview(page, {
      client: 'Umbrella Agents',
      name: 'all-fail.csv',
      csv,
      timeout: PREVIEW_WAIT_MS,
    });
    expect(await preview.getByTestId('count-Import_Text_CountNew').innerText()).toBe('New: 0');
    expect(await preview.getByTestId('count-Import_Text_CountUpdated').innerText()).toBe('Updated: 0');
    expect(await preview.getByTestId('count-Import_Text_CountFailed').innerText()).toBe('Failed: 4');
    expect(await preview.getByTestId('import-nothing').innerText()).toBe(
      'No row of this file can be imported. Correct the rows below and upload the file again.',
    );
    const importButton = preview.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    for (const mode of ['create', 'update', 'upsert']) {
      await preview.locator('#import-mode').selectOption(mode);
      expect(await importButton.isDisabled()).toBe(true);
    }

    // Each refused cell in its field's own words, not the generic kind.
    const problems = preview.getByRole('table', { name: 'Failed' }).locator('tbody tr');
    const cells = await problems.evaluateAll((rows) =>
      rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(cells).toContainEqual(['2', 'SocialSecurityNumber', 'Enter the 9 digits of the social security number.']);
    expect(cells).toContainEqual(['3', 'ZipCode', 'Enter a 5-digit ZIP code, or ZIP+4.']);
    expect(cells).toContainEqual(['4', 'SocialSecurityNumber', 'This field is required.']);
    expect(cells).toContainEqual(['5', 'Email', 'Enter a valid email address.']);
    expect(await panel.getByText('The import could not go on.').count()).toBe(0);
  }, 120_000);
});
