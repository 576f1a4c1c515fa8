import type { Locator, Page, Response } from 'playwright-core';

/** The parts of an application the Applications dialog asks for. */
export interface NewApplication {
  name: string;
  link: string;
  region: string;
}

/** The parts of a client the client dialog asks for. */
export interface NewClient {
  name: string;
  portalAlias: string;
  oktaPrefix: string;
}

/** Page helpers for the admin catalogue (Applications and Clients pages), by their labels and roles. */
export const cataloguePages = {
  /** Opens an admin page and waits for its grid to list `knownRow` (so the list has loaded). */
  async open(page: Page, path: string, knownRow: string) {
    await page.goto(path);
    await row(page, knownRow).waitFor({ timeout: 20_000 });
  },

  /** Adds an application through the dialog and waits for the server's answer and the dialog to go. */
  async addApplication(page: Page, application: NewApplication) {
    await page.getByRole('button', { name: 'Add application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add application' });
    await dialog.getByLabel('Application name').fill(application.name);
    await dialog.getByLabel('Application link').fill(application.link);
    await dialog.getByLabel('Region').selectOption({ label: application.region });
    // Any icon of Global_List_Icons: the first one the list offers after "Select".
    await dialog.getByLabel('Icon').selectOption({ index: 1 });
    await dialog.getByTestId('chosen-icon').waitFor();
    const saved = answerTo(page, 'POST', /\/api\/v1\/Application$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectOk(await saved);
    await dialog.waitFor({ state: 'hidden' });
  },

  /** Filters the grid by a search type and text, as a person types it. */
  async filter(page: Page, type: string, text: string) {
    await page.getByRole('search').getByLabel('Search by', { exact: true }).selectOption({ label: type });
    await page.getByRole('search').getByLabel('Search text').fill(text);
  },

  /** The first cells of the grid's body rows. */
  firstCells(page: Page): Promise<string[]> {
    // A grid with row details starts each row with its toggle, and an open row's details are a row of their own.
    return page
      .locator('tbody tr:not([data-grid-details])')
      .evaluateAll((rows) =>
        rows.map((row) => row.querySelector<HTMLElement>('td:not([data-grid-toggle])')?.innerText ?? ''),
      );
  },

  /** Adds a client: fills the Client tab and saves once (the dialog stays open, as a new client's does). */
  async addClient(page: Page, client: NewClient): Promise<Locator> {
    await page.getByRole('button', { name: 'Add client' }).click();
    const dialog = page.getByRole('dialog', { name: 'New client' });
    await dialog.getByTestId('save-first-warning').waitFor();
    await dialog.getByLabel('Client name').fill(client.name);
    await dialog.getByLabel('Portal alias').fill(client.portalAlias);
    await dialog.getByLabel('Okta prefix').fill(client.oktaPrefix);
    await dialog.getByLabel('CMS site').selectOption({ index: 1 });
    const saved = answerTo(page, 'POST', /\/api\/v1\/Client$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectOk(await saved);
    return page.getByRole('dialog', { name: `Client ${client.name}` });
  },

  /** Opens an existing client's dialog from the grid, on its Applications tab once that has loaded. */
  async editClientApplications(page: Page, clientName: string): Promise<Locator> {
    await page.getByRole('button', { name: `Edit ${clientName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Client ${clientName}` });
    await dialog.getByRole('tab', { name: 'Applications' }).click();
    await dialog.getByTestId('client-applications').waitFor();
    return dialog;
  },

  /** The active checkbox of an application in the client dialog's Applications tab. */
  activeBox(dialog: Locator, applicationName: string): Locator {
    return dialog.getByTestId('client-applications').getByRole('checkbox', { name: applicationName, exact: true });
  },

  /** Ticks an application's active box by its label, as a person clicks it. */
  async tick(dialog: Locator, applicationName: string) {
    await dialog
      .getByTestId('client-applications')
      .locator('label')
      .filter({ hasText: new RegExp(`^${applicationName}$`) })
      .click();
  },
};

/** Page helpers for Manage Templates and its editor (docs/templates.md), by their labels and roles. */
export const templatePages = {
  /** Adds a template with `fields` (by field name) in that order, the first one mandatory, and saves it. */
  async addTemplate(page: Page, name: string, fields: readonly string[]) {
    await page.getByRole('button', { name: 'Add template' }).click();
    const editor = page.getByRole('dialog', { name: 'New template' });
    await editor.getByLabel('Template name').fill(name);
    const picker = editor.getByLabel('Field to add');
    for (const field of fields) {
      await picker.selectOption({ label: await optionLabel(picker, field) });
      await editor.getByRole('button', { name: 'Add field' }).click();
      await editor.getByRole('checkbox', { name: `Mandatory: ${field}` }).waitFor();
    }
    await editor.getByRole('checkbox', { name: `Mandatory: ${fields[0] ?? ''}` }).check();
    const saved = answerTo(page, 'POST', /\/api\/v1\/Template$/);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectOk(await saved);
    await editor.waitFor({ state: 'hidden' });
  },

  /** Opens a template's editor from the grid; resolves with its rows as [field name, mandatory]. */
  async openRows(page: Page, name: string): Promise<[string, boolean][]> {
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const editor = page.getByRole('dialog', { name: `Edit template ${name}` });
    const table = editor.getByRole('table', { name: 'Fields' });
    await table.waitFor();
    const names = await table.locator('tbody tr td:first-child').allInnerTexts();
    const rows: [string, boolean][] = [];
    for (const field of names) {
      rows.push([field, await editor.getByRole('checkbox', { name: `Mandatory: ${field}` }).isChecked()]);
    }
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'hidden' });
    return rows;
  },
};

/** The label of the option of `select` for a field: "FirstName (NVARCHAR)". */
async function optionLabel(select: Locator, field: string): Promise<string> {
  const labels = await select.locator('option').allInnerTexts();
  const label = labels.find((text) => text.startsWith(`${field} (`));
  if (label === undefined) throw new Error(`no field ${field} to add; offered: ${labels.join(', ')}`);
  return label;
}

/** A grid body row naming `text`. */
export function row(page: Page, text: string): Locator {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** The next answer to a `method` request whose path matches `path`. */
export function answerTo(page: Page, method: string, path: RegExp): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === method && path.test(new URL(response.url()).pathname),
  );
}

async function expectOk(response: Response) {
  if (!response.ok()) {
    throw new Error(
      `${response.request().method()} ${response.url()} answered ${response.status()}: ${await response.text()}`,
    );
  }
}
