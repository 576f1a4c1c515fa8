import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { answerTo, cataloguePages, row } from './admin-catalogue';
import { browserPerFile } from './support/browser';
import { downloadedCsv } from './support/download';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * The grid's own client filter and rows. The import panel under the grid (its own region, "Import users") has a
 * client select (`#import-client`) and a history table of its own; the grid's table comes first on the page.
 */
const gridClientFilter = (page: Page) =>
  page.getByLabel('Client', { exact: true }).and(page.locator('select:not(#import-client)'));
const gridRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');

/** Searches the users grid as a person does: a type, the text, then Search (the server filters). */
async function search(page: Page, type: string, text: string) {
  await cataloguePages.filter(page, type, text);
  const read = answerTo(page, 'GET', /\/api\/v1\/ManageUsers$/);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  expect((await read).status()).toBe(200);
}

// Read-only journeys on the shared server: nobody is changed or deleted, so the demo world stays as other files expect.
describe('manage user profiles end to end (issue 10, admin-and-board §2, public-and-profile §2, §8)', () => {
  it('the provider administrator searches on the server, narrows to a client, opens a person and cannot delete their own login', async () => {
    const { page } = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');

    await search(page, 'Email address', 'MARIA@');
    await expect.poll(() => cataloguePages.firstCells(page)).toEqual(['María González']);

    await page.getByRole('search').getByRole('button', { name: 'Clear' }).click();
    await gridClientFilter(page).selectOption({ label: 'Globex Retail' });
    await row(page, 'sam@globex.test').waitFor();
    await expect.poll(() => gridRows(page).count()).toBe(1);

    await gridClientFilter(page).selectOption({ label: 'All clients' });
    await row(page, 'admin@gatehouse.test').getByRole('button', { name: 'Delete Jordan Ellis' }).click();
    await expect
      .poll(() => adminPages.snackbar(page).innerText())
      .toContain('You cannot delete the profile you are signed in with.');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await row(page, 'maria@acme.test').getByRole('button', { name: 'Edit María González' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the user María González' });
    await dialog.getByRole('button', { name: 'Save' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the provider administrator opens a person’s details, 225 ms, and exports the people the search keeps', async () => {
    const { page } = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');

    // A row's details: her applications and roles under her row, expanding in the spec's 225 ms.
    await row(page, 'maria@acme.test').getByRole('button', { name: 'Show the details of María González' }).click();
    const details = page.getByRole('region', { name: 'Details of María González' });
    await details.getByText('Benefits Center: Member').waitFor();
    await details.getByText('Claims Portal: Viewer').waitFor();
    expect(await details.evaluate((element) => getComputedStyle(element).animationDuration)).toBe('0.225s');
    await page.getByRole('button', { name: 'Hide the details of María González' }).click();
    await details.waitFor({ state: 'detached' });

    // Export: every person the search keeps (not only the page on screen), numbered, from the server.
    await search(page, 'Email address', '@acme.test');
    const total = await gridRows(page).count();
    const { fileName, lines } = await downloadedCsv(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(fileName).toBe('users.csv');
    expect(lines[0]).toBe('"#","First name","Last name","Email","Login","Client","Role","SSO"');
    const people = lines.slice(1);
    expect(people.length).toBeGreaterThanOrEqual(total);
    expect(people.map((line) => line.split(',')[0])).toEqual(people.map((_, n) => `"${String(n + 1)}"`));
    expect(people.every((line) => line.includes('@acme.test"'))).toBe(true);
    expect(people.some((line) => line.includes('"maria@acme.test"'))).toBe(true);
  });

  it('the client administrator of Acme sees Acme’s people only, and has no client filter', async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, 'clientadmin@acme.test');
    const { page } = admin;
    await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');
    expect(await gridClientFilter(page).count()).toBe(0);
    expect(await row(page, 'sam@globex.test').count()).toBe(0);
    await search(page, 'Email address', 'globex');
    await expect.poll(() => gridRows(page).count()).toBe(0);
    // Asking the server for another client by hand answers as a missing one (tests/server/users: Globex's own id).
    const across = await adminPages.api(page, '/api/v1/ManageUsers?clientId=00000000-0000-4000-8000-000000000000');
    expect(across.status).toBe(404);
  });
});
