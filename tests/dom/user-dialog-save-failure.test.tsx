import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@contracts/failures';
import { expectErrorSnackbar } from '../support/grid-walk';
import { userRow } from '../support/user-fixtures';
import { renderUsersPageWithDialog } from '../support/users-page-host';

const person = userRow(1);
const refusal = new ApiError({
  status: 400,
  code: 'bad_request',
  message: 'The profile could not be saved: that phone number belongs to another person.',
  requestId: 'q-save',
});

/** The manage-users page with the real user dialog and profile form (Admin mode), whose save the test answers. */
const renderUsersPage = () => renderUsersPageWithDialog({ person, admin: 'provider' });

// A bound so that a stuck page fails instead of hanging (the real page, dialog and form render), not a speed check.
describe('a failed save in the user dialog (public-and-profile §8 "Instance failures")', { timeout: 30_000 }, () => {
  it('Admin mode: shows the Global_Text_FailTitle snackbar with the server message, and keeps the dialog and every typed value', async () => {
    const page = renderUsersPage();
    await waitFor(() => {
      expect(page.loadRows.waiting()).toBe(1);
    });
    page.loadRows.resolve({ rows: [person], total: 1 });
    await userEvent.click(await screen.findByRole('button', { name: `Edit Person ${person.lastName}` }));
    const dialog = await screen.findByRole('dialog');
    // Admin mode: the Profile step and the role steps, no Security step.
    expect(within(dialog).queryByText('Security')).toBeNull();
    const firstName = await within(dialog).findByRole('textbox', { name: /FirstName/ });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Ana Lucía');
    const phone = within(dialog).getByRole('textbox', { name: /PhoneNumber/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '(305) 555-0120');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(page.save.waiting()).toBe(1);
    });
    page.save.reject(refusal);

    await expectErrorSnackbar(page.notifications, 'Global_Text_FailTitle', { raw: refusal.message });
    // Nothing is lost: the same dialog stays open on the form, with what the administrator typed, ready to save again.
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('textbox', { name: /FirstName/ })).toHaveValue('Ana Lucía');
    expect(within(dialog).getByRole('textbox', { name: /PhoneNumber/ })).toHaveValue('(305) 555-0120');
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    });
    // The grid was not read again: nothing was saved.
    expect(page.loadRows.calls).toHaveLength(1);
  });
});
