import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userRow } from '../support/user-fixtures';
import { ME, renderUsersPageWithDialog } from '../support/users-page-host';

const person = userRow(1);
const own = userRow(0, { id: ME, firstName: 'Ada', lastName: 'Admin' });
const name = `${person.firstName} ${person.lastName}`;

/** The manage-users page with the real user dialog (a client administrator's), whose resets the test answers. */
const renderUsersPage = () => renderUsersPageWithDialog({ person, admin: 'client' });

/** The page's rows read, then the dialog of the person named so opened. */
async function openDialogOf(page: ReturnType<typeof renderUsersPage>, rowName: string) {
  await waitFor(() => {
    expect(page.loadRows.waiting()).toBe(1);
  });
  page.loadRows.resolve({ rows: [own, person], total: 2 });
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${rowName}` }));
  return screen.findByRole('dialog');
}

// A bound so that a stuck page fails instead of hanging (the real page, dialog and form render), not a speed check.
describe('Clear sessions and Reset factors in the user dialog (issue 31 items 2 and 3)', { timeout: 30_000 }, () => {
  it('asks before signing the person out everywhere, posts for them once confirmed, and says it is done', async () => {
    const page = renderUsersPage();
    const dialog = await openDialogOf(page, name);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Clear sessions' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(`Sign ${name} out everywhere?`);
    await userEvent.click(within(question).getByRole('button', { name: 'Sign them out' }));
    expect(page.resetSignIn.calls).toEqual([{ id: person.id, reset: 'clearSessions' }]);
    // Both are held while the answer is awaited.
    expect(within(dialog).getByRole('button', { name: 'Clear sessions' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Reset factors' })).toHaveProperty('disabled', true);
    page.resetSignIn.resolve(undefined);
    await waitFor(() => {
      expect(page.notifications.received).toContainEqual({
        type: 'snackbar.show',
        snackbar: { type: 'success', message: { id: 'Instance_Text_SessionsCleared' } },
      });
    });
    expect(within(dialog).getByRole('button', { name: 'Reset factors' })).toHaveProperty('disabled', false);
  });

  it('Reset factors asks naming the person; Keep it resets nothing', async () => {
    const page = renderUsersPage();
    const dialog = await openDialogOf(page, name);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reset factors' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(`Remove every factor of ${name}`);
    await userEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(page.resetSignIn.calls).toEqual([]);
  });

  it("offers neither on the administrator's own row", async () => {
    const page = renderUsersPage();
    const dialog = await openDialogOf(page, 'Ada Admin');
    await within(dialog).findByRole('button', { name: 'Save' });
    expect(within(dialog).queryByRole('button', { name: 'Clear sessions' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reset factors' })).toBeNull();
  });
});
