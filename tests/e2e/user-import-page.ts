import type { Page } from 'playwright-core';

/** Page helpers for the import panel of Manage Users (docs/flows/user-import.md), by its labels and test ids. */
export const importPages = {
  /**
   * Chooses `client` in the import panel, uploads `csv` as `name` and waits for the dry run's preview (a job the page
   * follows: `timeout` leaves room for a loaded machine). Resolves with the panel and the preview.
   */
  async preview(page: Page, upload: { client: string; name: string; csv: string; timeout: number }) {
    const panel = page.getByTestId('import-users');
    await panel.locator('#import-client').selectOption({ label: upload.client });
    // Upload waits for the client's fields to be read.
    await panel.getByRole('button', { name: 'Upload file', disabled: false }).waitFor();
    await panel.locator('input[type=file]').setInputFiles({
      name: upload.name,
      mimeType: 'text/csv',
      buffer: Buffer.from(upload.csv),
    });
    const preview = panel.getByTestId('import-preview');
    await preview.waitFor({ timeout: upload.timeout });
    return { panel, preview };
  },
};
