import { describe, expect, inject, it } from 'vitest';
import { file, row } from '../server/user-import/harness';
import { adminPages } from './admin';
import { cataloguePages } from './admin-catalogue';
import { invitationMails } from './invitations';
import { browserPerFile } from './support/browser';
import { importPages } from './user-import-page';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const invitations = invitationMails(baseUrl);

/** Only this file imports or invites these addresses. */
const PEOPLE = ['bulk-olga@umbrella.test', 'bulk-pau@umbrella.test'];

describe('bulk invitations end to end (issue 16 item 2: invite an import’s new people)', () => {
  it('the provider administrator uploads two new people, invites them from the dry run, and the panel lists them', async () => {
    const { page, context } = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    await cataloguePages.open(page, '/manageUsers', 'maria@acme.test');
    const { panel, preview } = await importPages.preview(page, {
      client: 'Umbrella Agents',
      name: 'new-people.csv',
      csv: file(...PEOPLE.map((email) => row(email))),
      timeout: 30_000,
    });
    expect(await preview.getByTestId('count-Import_Text_CountNew').innerText()).toBe('New: 2');

    await preview.getByRole('button', { name: 'Invite the 2 new people' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Invite the 2 new people?' });
    await confirm.getByRole('button', { name: 'Send the invitations' }).click();
    await panel.getByTestId('import-invited').waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('import-invited-counts').innerText()).toBe(
      '2 invited, 0 already invited, 0 already members',
    );

    // The invitations panel was told: Umbrella's list is open, both pending.
    const list = page.getByTestId('invitations');
    for (const email of PEOPLE) {
      const listed = list.getByRole('row', { name: new RegExp(email) });
      await listed.waitFor({ timeout: 20_000 });
      expect(await listed.textContent()).toContain('Pending');
    }
    const umbrellaId = await list.locator('#invitations-client').inputValue();
    expect(await list.locator('#invitations-client option:checked').innerText()).toBe('Umbrella Agents');
    await context.close();

    // Each got the sign-up link of Umbrella, with its sealed token.
    for (const email of PEOPLE) {
      const link = await invitations.link(email);
      expect(link.pathname).toBe(`/SignUp/${umbrellaId}`);
      expect(link.searchParams.get('st')?.split('.')).toHaveLength(5);
    }
  }, 180_000);
});
