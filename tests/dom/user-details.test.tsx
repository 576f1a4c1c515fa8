import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { GridLoad, GridQuery } from '@machines/admin-grid/grid.types';
import { usersGridMachine } from '@machines/admin-grid/users-grid';
import type { UserRow } from '@contracts/users';
import { UsersScreen } from '@src/admin/users/UsersPage';
import { createControlledActor } from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { userRow } from '../support/user-fixtures';

const rows = [userRow(1), userRow(2)];
const name = `${rows[0]!.firstName} ${rows[0]!.lastName}`;

/** The users page with its rows in at once and each details read held by the test. */
function renderUsers() {
  const loadDetails = createControlledActor<unknown, { row: UserRow }>();
  const logic = usersGridMachine.provide({
    actors: {
      loadRows: fromPromise<GridLoad<UserRow>, GridQuery>(() => Promise.resolve({ rows, total: rows.length })),
      loadDetails: loadDetails.logic,
    },
  });
  renderAdminView(
    <UsersScreen
      notifications={recordingNotifications().ref}
      profile={{ userId: 'me', isAulAdmin: false }}
      settings={{ culture: 'en-us', role: 'clientadmin', ownId: 'me', clientId: 'acme' }}
      importPanel={null}
      wire={() => logic}
      loadClients={() => Promise.resolve([])}
    />,
  );
  return { loadDetails };
}

describe('the users grid’s detail rows (issue 16; public-and-profile §2 "Grid")', () => {
  it('opens under the row while the read runs, then lists the person’s applications and roles', async () => {
    const { loadDetails } = renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: `Show the details of ${name}` }));
    const region = screen.getByRole('region', { name: `Details of ${name}` });
    expect(screen.getByRole('button', { name: `Hide the details of ${name}` })).toHaveAttribute(
      'aria-controls',
      region.id,
    );
    expect(within(region).getByRole('status')).toHaveTextContent('Loading the applications…');
    expect(loadDetails.calls).toEqual([{ row: rows[0] }]);
    loadDetails.resolve({
      applications: [{ applicationId: 'a1', application: 'Claims Portal', roleValue: 'Member' }],
    });
    expect(await within(region).findByText('Claims Portal: Member')).toBeInTheDocument();
  });

  it('says when a person has no application role', async () => {
    const { loadDetails } = renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: `Show the details of ${name}` }));
    loadDetails.resolve({ applications: [] });
    expect(await screen.findByText('No application roles.')).toBeInTheDocument();
  });

  it('says a failed read failed, and Try again reads the details again', async () => {
    const { loadDetails } = renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: `Show the details of ${name}` }));
    loadDetails.reject(new Error('down'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The details could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(loadDetails.calls).toHaveLength(2);
    });
    loadDetails.resolve({ applications: [{ applicationId: 'a1', application: 'Wellness Hub', roleValue: 'Coach' }] });
    expect(await screen.findByText('Wellness Hub: Coach')).toBeInTheDocument();
  });

  it('closes again, and a closed row shows nothing under it', async () => {
    renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: `Show the details of ${name}` }));
    await userEvent.click(screen.getByRole('button', { name: `Hide the details of ${name}` }));
    expect(screen.queryByRole('region', { name: `Details of ${name}` })).toBeNull();
    expect(screen.getByRole('button', { name: `Show the details of ${name}` })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
