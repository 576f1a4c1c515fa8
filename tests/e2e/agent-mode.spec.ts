import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_QUESTION } from '../support/acme-sign-up';
import { adminPages } from './admin';
import { answerTo, cataloguePages, row } from './admin-catalogue';
import { providerAdminToken } from './support/admin-token';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** An Umbrella person only this file makes, so setting their password on their behalf touches nobody else's tests. */
const EMAIL = 'omar.agent-e2e@umbrella.test';
const NEW_PASSWORD = 'Harbour-Lights-58';

/** The admin API as the provider administrator, from the test (the set-up, not what is tested). */
async function asProvider(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
  return (await response.json()) as unknown;
}

/** Omar, made by the provider administrator in Umbrella (every field Umbrella's templates require). */
async function createOmar(token: string): Promise<void> {
  const clients = (await asProvider(token, 'GET', 'Client')) as { id: string; name: string }[];
  const umbrella = clients.find((client) => client.name === 'Umbrella Agents');
  await asProvider(token, 'POST', 'Instance', {
    clientId: umbrella?.id,
    email: EMAIL,
    culture: 'en-us',
    fields: {
      FirstName: 'Omar',
      LastName: 'Agentcase',
      SocialSecurityNumber: '123456789',
      PhoneNumber: '(214) 555-0190',
      AddressLine1: '9 Elm Street',
      City: 'Dallas',
      State: 'TX',
      ZipCode: '75201',
      EmployeeNumber: 'UM654321',
      AcceptTerms: 'true',
    },
  });
}

const textbox = (dialog: Locator, caption: string) => dialog.getByRole('textbox', { name: new RegExp(`^${caption}`) });

describe('Agent mode end to end (public-and-profile §1, §2 modes, §5; docs/flows/find-person.md)', () => {
  it('agent 48213 finds a person of Umbrella, edits them in Agent mode and sets their password; Acme’s people stay out of reach', async () => {
    const token = await providerAdminToken(baseUrl);
    await createOmar(token);

    const { page } = await adminPages.signedIn(browser(), baseUrl, '48213');
    // Umbrella's people go straight to Benefits Center after signing in (demo-world.md): the agent comes back from it
    // to the portal, rather than racing that navigation.
    await page.waitForURL(/\/demo-apps\/benefits/, { timeout: 20_000 });
    await cataloguePages.open(page, '/findPerson', 'lee@umbrella.test');
    // The agent's left menu: Find a person; no administration page.
    const menu = await adminPages.menuNames(page);
    expect(menu).toContain('Find a person');
    expect(menu).not.toContain('Users');
    // A search and an edit: no Add, no Export, no Delete on a row.
    expect(await page.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await cataloguePages.filter(page, 'Email address', 'omar.agent-e2e');
    const read = answerTo(page, 'GET', /\/api\/v1\/Agent\/People$/);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    expect((await read).status()).toBe(200);
    await row(page, EMAIL).waitFor();
    expect(
      await row(page, EMAIL)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await row(page, EMAIL).getByRole('button', { name: 'Edit Omar Agentcase' }).click();

    // Agent mode: Profile, a role step per Umbrella application, and Security; the SSN locked for agents.
    const dialog = page.getByRole('dialog', { name: 'Edit the user Omar Agentcase' });
    const steps = dialog.getByRole('navigation', { name: 'Steps' });
    // The page's own heading is there before the dialog's form has arrived: wait for the form's stepper.
    await steps.waitFor({ timeout: 20_000 });
    expect(await steps.getByRole('button').allInnerTexts()).toEqual([
      '1. Profile',
      '2. Benefits Center',
      '3. Claims Portal',
      '4. Security',
    ]);
    expect(await textbox(dialog, 'Social security number').isEditable()).toBe(false);
    await textbox(dialog, 'City').fill('Austin');

    // Security on the person's behalf: no current password; a new password, a question and its answer.
    await steps.getByRole('button', { name: '4. Security' }).click();
    expect(await dialog.getByRole('textbox', { name: /^Current password/ }).count()).toBe(0);
    await dialog.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await dialog.getByLabel(/^Confirm password/).fill(NEW_PASSWORD);
    await dialog.getByRole('combobox', { name: /^Security question/ }).selectOption({ label: DEMO_QUESTION });
    await textbox(dialog, 'Security answer').fill('Biscuit');
    const saved = answerTo(page, 'PUT', /\/api\/v1\/Instance\/[\w-]+$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });

    // The person's profile has the change, and the password the agent set signs them in.
    const found = await adminPages.api(page, `/api/v1/Agent/People?searchBy=email&search=omar.agent-e2e`);
    const omar = (found.body as { rows: { id: string }[] }).rows[0]?.id ?? '';
    const record = await adminPages.api(page, `/api/v1/Instance/${omar}`);
    expect((record.body as { fields: Record<string, string> }).fields.City).toBe('Austin');
    const authn = await fetch(`${baseUrl}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: `AULUMB__${EMAIL}`, password: NEW_PASSWORD }),
    });
    expect(((await authn.json()) as { status?: string }).status).toBe('SUCCESS');

    // A person of another client: not in the search, and their profile answers as missing.
    await cataloguePages.filter(page, 'Email address', 'maria@acme.test');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    const maria = (await asProvider(token, 'GET', 'ManageUsers?searchBy=email&search=maria@acme.test')) as {
      rows: { id: string; clientId: string }[];
    };
    const mariaRow = maria.rows[0];
    expect(mariaRow).toBeDefined();
    expect((await adminPages.api(page, `/api/v1/Instance/${mariaRow?.id ?? ''}`)).status).toBe(404);
    expect((await adminPages.api(page, `/api/v1/Agent/People?clientId=${mariaRow?.clientId ?? ''}`)).status).toBe(404);
  });
});
