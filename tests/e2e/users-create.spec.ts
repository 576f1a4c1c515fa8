import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { answerTo, cataloguePages, row } from './admin-catalogue';
import { profilePages } from './profile';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** A new Umbrella person only this file makes (no other file counts Umbrella's people). */
const EMAIL = 'nina.e2e@umbrella.test';

/** An input of the dialog's form by its caption (a required field's name carries its mark after the caption). */
const input = (dialog: Locator, role: 'textbox' | 'combobox' | 'checkbox', caption: string) =>
  dialog.getByRole(role, { name: new RegExp(`^${caption}`) });
const fill = (dialog: Locator, caption: string, value: string) => input(dialog, 'textbox', caption).fill(value);
/** Types key by key, so the field's mask and formatting run (the social security number, the phone). */
const typeIn = (dialog: Locator, caption: string, value: string) =>
  input(dialog, 'textbox', caption).pressSequentially(value);
const choose = (dialog: Locator, caption: string, label: string) =>
  input(dialog, 'combobox', caption).selectOption({ label });

/** Searches the users grid by e-mail on the server. */
async function searchEmail(page: Parameters<typeof cataloguePages.filter>[0], text: string) {
  await cataloguePages.filter(page, 'Email address', text);
  const read = answerTo(page, 'GET', /\/api\/v1\/ManageUsers$/);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  expect((await read).status()).toBe(200);
}

describe('manage users: Add user end to end (issue 10, admin-and-board §2, public-and-profile §2 modes)', () => {
  it('the provider administrator creates an Umbrella person with two roles, edits them, and Acme’s client administrator never sees them', async () => {
    const { page } = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');

    // Add: the client first, then Umbrella's empty form in Admin mode.
    await page.getByRole('button', { name: 'Add user' }).click();
    const choice = page.getByRole('dialog', { name: 'Add a user' });
    await choice.getByRole('combobox', { name: /Client of the new user/ }).selectOption({ label: 'Umbrella Agents' });
    await choice.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await profilePages.waitForForm(page);
    await dialog.getByRole('textbox', { name: /Email address/ }).fill(EMAIL);
    // The fields by their captions, as sign-up shows them (the manage-users page loads the FormField labels).
    await fill(dialog, 'First name', 'Nina');
    await fill(dialog, 'Last name', 'Endtoend');
    await typeIn(dialog, 'Social security number', '123456789');
    await typeIn(dialog, 'Phone number', '(305) 555-0100');
    await fill(dialog, 'Address line 1', '1 Ocean Drive');
    await fill(dialog, 'City', 'Miami');
    await choose(dialog, 'State', 'Florida');
    await fill(dialog, 'ZIP code', '33139');
    await fill(dialog, 'Employee number', 'UM123456');
    // Chakra draws its own box over the hidden input: a click on the box's label is what a person does.
    await page.locator('label', { has: page.getByRole('checkbox', { name: /^I accept the terms of use/ }) }).click();
    // One role step per Umbrella application: Benefits Center and Claims Portal; no Security step.
    const steps = dialog.getByRole('navigation', { name: 'Steps' });
    expect(await steps.getByRole('button').allInnerTexts()).toEqual([
      '1. Profile',
      '2. Benefits Center',
      '3. Claims Portal',
    ]);
    await steps.getByRole('button', { name: '2. Benefits Center' }).click();
    await choose(dialog, 'Role in Benefits Center', 'Agent');
    await steps.getByRole('button', { name: '3. Claims Portal' }).click();
    await choose(dialog, 'Role in Claims Portal', 'Submitter');
    const created = answerTo(page, 'POST', /\/api\/v1\/Instance$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(201);
    await dialog.waitFor({ state: 'hidden' });

    // The grid has them; an edit saves through the same dialog.
    await searchEmail(page, 'nina.e2e');
    await row(page, EMAIL).waitFor();
    await row(page, EMAIL).getByRole('button', { name: 'Edit Nina Endtoend' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the user Nina Endtoend' });
    await profilePages.waitForForm(page);
    await fill(edit, 'City', 'Tampa');
    const saved = answerTo(page, 'PUT', /\/api\/v1\/Instance\/[\w-]+$/);
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await edit.waitFor({ state: 'hidden' });

    // Acme's client administrator: not in their grid, and the profile answers as missing.
    const acme = await adminPages.signedIn(browser(), baseUrl, 'clientadmin@acme.test');
    await cataloguePages.open(acme.page, '/manageUsers', 'maria@acme.test');
    await searchEmail(acme.page, 'nina.e2e');
    await expect.poll(() => acme.page.getByRole('table').first().locator('tbody tr').count()).toBe(0);
    const found = await adminPages.api(page, `/api/v1/ManageUsers?searchBy=email&search=nina.e2e`);
    const id = (found.body as { rows: { id: string }[] }).rows[0]?.id ?? '';
    expect(id).not.toBe('');
    expect((await adminPages.api(acme.page, `/api/v1/Instance/${id}`)).status).toBe(404);
  });
});
