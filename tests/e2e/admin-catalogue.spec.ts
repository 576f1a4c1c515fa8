import { describe, expect, it } from 'vitest';
import { adminPages } from './admin';
import { answerTo, cataloguePages, row, templatePages } from './admin-catalogue';
import { identityPages } from './identity';
import { openPage } from './support/browser';
import { downloadedCsv } from './support/download';
import { ownServerPerFile } from './support/own-server';

const PROVIDER_ADMIN = 'admin@gatehouse.test';
// This journey activates a new application for Acme, which changes maria's board: it runs on a server of its own
// (a fresh data directory) so that the shared server's demo world stays as the other spec files expect it.
const own = ownServerPerFile();

describe('the admin catalogue end to end (issue 4, admin-and-board §2–§4)', () => {
  it('the provider administrator adds an application and a client, activates the application for Acme with a template, and only Acme’s people see it', async () => {
    const application = { name: 'Vision Care', link: '/demo-apps/vision?user={userName}', region: 'Europe' };
    const client = { name: 'Vandelay Partners', portalAlias: 'vandelay', oktaPrefix: 'VANDELAY' };
    const admin = await adminPages.signedIn(own.browser, own.server.baseUrl, PROVIDER_ADMIN);
    const { page } = admin;

    // 1. Applications: add through the dialog, then find it by name in the grid.
    await cataloguePages.open(page, '/application', 'Benefits Center');
    await cataloguePages.addApplication(page, application);
    await row(page, application.name).waitFor();
    await cataloguePages.filter(page, 'Name', 'vision');
    await expect.poll(() => cataloguePages.firstCells(page)).toEqual([application.name]);
    expect(await row(page, application.name).innerText()).toContain('Europe');

    // 2a. Clients: a new client is saved, the dialog stays open with its name, the warning goes, and the
    // Applications tab lists the catalogue (the new application among them, not active).
    await cataloguePages.open(page, '/client', 'Acme Health');
    const created = await cataloguePages.addClient(page, client);
    await created.waitFor();
    await created.getByTestId('save-first-warning').waitFor({ state: 'hidden' });
    await created.getByRole('tab', { name: 'Applications' }).click();
    await created.getByTestId('client-applications').waitFor();
    expect(await cataloguePages.activeBox(created, application.name).isChecked()).toBe(false);
    expect(await cataloguePages.activeBox(created, 'Benefits Center').isChecked()).toBe(false);
    await created.getByRole('button', { name: 'Cancel' }).click();
    await created.waitFor({ state: 'hidden' });
    await row(page, client.name).waitFor();

    // 2b. An existing client: tick the new application, save; the dialog closes and then the activation is saved.
    const acme = await cataloguePages.editClientApplications(page, 'Acme Health');
    expect(await cataloguePages.activeBox(acme, 'Claims Portal').isChecked()).toBe(true);
    await cataloguePages.tick(acme, application.name);
    await expect.poll(() => cataloguePages.activeBox(acme, application.name).isChecked()).toBe(true);
    const activation = answerTo(page, 'PUT', /\/api\/v1\/ClientApplication\/[^/]+$/);
    await acme.getByRole('button', { name: 'Save' }).click();
    await acme.waitFor({ state: 'hidden' });
    expect((await activation).status()).toBe(200);

    // Reopened, the application is ticked, and its edit-template button (the Default template of a first activation)
    // opens the client-application dialog; a template is chosen and saved.
    const reopened = await cataloguePages.editClientApplications(page, 'Acme Health');
    await expect.poll(() => cataloguePages.activeBox(reopened, application.name).isChecked()).toBe(true);
    const editTemplate = reopened.getByRole('button', { name: `Edit the template of ${application.name}` });
    await expect.poll(() => editTemplate.isEnabled()).toBe(true);
    await editTemplate.click();
    const templateDialog = page.getByRole('dialog', { name: `Template of ${application.name}` });
    const templateSelect = templateDialog.getByLabel('Template');
    await templateSelect.waitFor();
    // The Default template is not offered here.
    expect(await templateSelect.locator('option').allInnerTexts()).not.toContain('Default');
    await templateSelect.selectOption({ label: 'Claims' });
    const templateSaved = answerTo(page, 'PUT', /\/api\/v1\/ClientApplicationTemplate\/[^/]+$/);
    await templateDialog.getByRole('button', { name: 'Save' }).click();
    expect((await templateSaved).status()).toBe(200);
    await templateDialog.waitFor({ state: 'hidden' });
    // Opened again, the dialog shows the template that was saved.
    await editTemplate.click();
    await expect
      .poll(() => templateSelect.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? ''))
      .toBe('Claims');
    await templateDialog.getByRole('button', { name: 'Cancel' }).click();
    await templateDialog.waitFor({ state: 'hidden' });
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await reopened.waitFor({ state: 'hidden' });
    await admin.context.close();

    // 3. maria of Acme sees the new card beside her others.
    const maria = await openPage(own.browser, own.server.baseUrl);
    await identityPages.openLogin(maria.page);
    await identityPages.signIn(maria.page, 'maria@acme.test');
    expect(await identityPages.waitForPathOtherThanLogin(maria.page)).toBe('/board/index');
    await expect
      .poll(async () => [...(await identityPages.cardNames(maria.page))].sort())
      .toEqual(['Benefits Center', 'Claims Portal', application.name, 'Wellness Hub'].sort());
    await maria.context.close();

    // sam of Globex still has one application only, so he is still sent straight to it rather than to a board.
    const sam = await openPage(own.browser, own.server.baseUrl);
    await identityPages.openLogin(sam.page);
    await identityPages.signIn(sam.page, 'sam@globex.test');
    expect(await identityPages.waitForPathOtherThanLogin(sam.page)).toBe('/demo-apps/payroll');
    await sam.context.close();
    // One long journey of many steps on a 2-core machine: room beyond the project's 60 s per test.
  }, 150_000);

  it('exports the applications the filter keeps as a numbered CSV', async () => {
    const { page } = await adminPages.signedIn(own.browser, own.server.baseUrl, PROVIDER_ADMIN);
    await cataloguePages.open(page, '/application', 'Benefits Center');
    await cataloguePages.filter(page, 'Name', 'benefits');
    await expect.poll(() => cataloguePages.firstCells(page)).toEqual(['Benefits Center']);
    const { fileName, lines } = await downloadedCsv(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(fileName).toBe('applications.csv');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('"#","Name","Alias","Region","Link","Icon","Default role"');
    expect(lines[1]).toMatch(/^"1","Benefits Center",/);
  });

  it('the provider administrator builds a template from catalogue fields, finds it as saved, and deletes it', async () => {
    const name = 'Vision enrolment';
    const admin = await adminPages.signedIn(own.browser, own.server.baseUrl, PROVIDER_ADMIN);
    const { page } = admin;
    await cataloguePages.open(page, '/template', 'Benefits enrolment');
    await templatePages.addTemplate(page, name, ['LastName', 'FirstName']);
    // The grid lists it with its flag and field count (Name, Default, Fields).
    await expect
      .poll(() => row(page, name).locator('td').allInnerTexts())
      .toEqual(expect.arrayContaining([name, 'No', '2']));
    // Reopened from the server, it keeps the order and the mandatory flag it was saved with.
    expect(await templatePages.openRows(page, name)).toEqual([
      ['LastName', true],
      ['FirstName', false],
    ]);
    // Unused by any client application, it can be deleted after the confirmation.
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const deleted = answerTo(page, 'DELETE', /\/api\/v1\/Template\/[^/]+$/);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete template' }).click();
    expect((await deleted).status()).toBeLessThan(300);
    await row(page, name).waitFor({ state: 'detached' });
    await admin.context.close();
  });
});
