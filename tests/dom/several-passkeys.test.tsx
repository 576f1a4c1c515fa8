import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { securityDevicesHost } from '../support/security-devices-host';
import {
  addedPasskey,
  newAttestation,
  passkey,
  pendingPasskey,
  promptCancelled,
  thisSession,
} from '../support/security-devices-fixtures';

/** "A phone and a security key" (issue 31 item 2): the identity provider's names, one not used to sign in yet. */
const phone = { ...passkey, id: 'fwfphone0000000000', name: 'phone' };
const securityKey = { ...passkey, id: 'fwfkey000000000000', name: 'securityKey', lastUsed: null };

describe('Several passkeys on the Security step (issue 31 item 2)', () => {
  it('lists each passkey by what it is, says which was never used, and removes one by one', async () => {
    const { load, remove, show } = securityDevicesHost();
    show();
    load.resolve({ sessions: [thisSession], passkeys: [phone, securityKey] });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const rows = within(list).getAllByTestId('passkey-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Phone or tabletAdded .* · last used .*Remove$/),
      expect.stringMatching(/^Security keyAdded .* · not used to sign in yetRemove$/),
    ]);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove passkey' }),
    );
    expect(remove.calls).toEqual([{ id: securityKey.id }]);
    remove.resolve(undefined);
    await waitFor(() => {
      expect(load.waiting()).toBe(1);
    });
    load.resolve({ sessions: [thisSession], passkeys: [phone] });
    await waitFor(() => {
      expect(screen.getAllByTestId('passkey-row').map((row) => row.textContent)).toEqual([
        expect.stringMatching(/^Phone or tablet/),
      ]);
    });
  });

  it('adds a second passkey from the page: the browser asked with the options, the list then shows two', async () => {
    // The browser's navigator.credentials.create, faked: the person first cancels its prompt, then answers it.
    const { load, start, create, activate, show } = securityDevicesHost();
    show();
    load.resolve({ sessions: [thisSession], passkeys: [phone] });
    const add = await screen.findByRole('button', { name: 'Add a passkey' });

    await userEvent.click(add);
    start.resolve(pendingPasskey);
    await waitFor(() => {
      expect(create.calls).toEqual([pendingPasskey.activation]);
    });
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
    create.reject(promptCancelled());
    expect(await screen.findByText('No passkey was added.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(activate.calls).toEqual([]);
    expect(screen.getAllByTestId('passkey-row')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(screen.queryByText('No passkey was added.')).toBeNull();
    start.resolve(pendingPasskey);
    await waitFor(() => {
      expect(create.waiting()).toBe(1);
    });
    create.resolve(newAttestation);
    await waitFor(() => {
      expect(activate.calls).toEqual([{ id: pendingPasskey.id, attestation: newAttestation }]);
    });
    activate.resolve(addedPasskey);
    await waitFor(() => {
      expect(load.waiting()).toBe(1);
    });
    load.resolve({ sessions: [thisSession], passkeys: [phone, addedPasskey] });
    await waitFor(() => {
      expect(screen.getAllByTestId('passkey-row').map((row) => row.textContent)).toEqual([
        expect.stringMatching(/^Phone or tablet/),
        expect.stringMatching(/^Security keyAdded .* · not used to sign in yet/),
      ]);
    });
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
  });

  it('says adding failed when the browser refuses otherwise; none to add for one without passkeys', async () => {
    const { load, start, create, show } = securityDevicesHost('es');
    show();
    load.resolve({ sessions: [thisSession], passkeys: [phone] });
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir una llave de acceso' }));
    start.resolve(pendingPasskey);
    await waitFor(() => {
      expect(create.waiting()).toBe(1);
    });
    create.reject(new DOMException('The relying party id is not allowed here.', 'SecurityError'));
    await waitFor(() => {
      expect(load.waiting()).toBe(1);
    });
    load.resolve({ sessions: [thisSession], passkeys: [] });
    expect(await screen.findByText(/No se pudo añadir la llave de acceso/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Añadir una llave de acceso' })).toBeNull();
  });
});
