import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { securityDevicesMachine, type DevicesLoaded } from '@machines/security-devices/security-devices.machine';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { messages as spanishUi } from '@src/locales/es/ui.po';
import { SecurityDevices } from '@src/profile/security/SecurityDevices';
import { UiProvider } from '@src/ui/UiProvider';
import { createControlledActor } from '../support/controlled-actor';
import type { MyPasskey, PasskeyAttestation, PendingPasskey } from '@contracts/my-security';
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
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
    const load = createControlledActor<DevicesLoaded, undefined>();
    const remove = createControlledActor<undefined, { id: string }>();
    const actor = createActor(
      securityDevicesMachine.provide({ actors: { load: load.logic, removePasskey: remove.logic } }),
    ).start();
    render(
      <UiProvider>
        <I18nProvider i18n={i18n}>
          <SecurityDevices devicesRef={actor} />
        </I18nProvider>
      </UiProvider>,
    );
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
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
    const load = createControlledActor<DevicesLoaded, undefined>();
    const start = createControlledActor<PendingPasskey, undefined>();
    // The browser's navigator.credentials.create, faked: the person first cancels its prompt, then answers it.
    const create = createControlledActor<PasskeyAttestation, PendingPasskey['activation']>();
    const activate = createControlledActor<MyPasskey, { id: string; attestation: PasskeyAttestation }>();
    const actor = createActor(
      securityDevicesMachine.provide({
        actors: {
          load: load.logic,
          startPasskey: start.logic,
          createPasskey: create.logic,
          activatePasskey: activate.logic,
        },
      }),
    ).start();
    render(
      <UiProvider>
        <I18nProvider i18n={i18n}>
          <SecurityDevices devicesRef={actor} />
        </I18nProvider>
      </UiProvider>,
    );
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
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'es', messages: { ...spanishUi } });
    const load = createControlledActor<DevicesLoaded, undefined>();
    const start = createControlledActor<PendingPasskey, undefined>();
    const create = createControlledActor<PasskeyAttestation, PendingPasskey['activation']>();
    const actor = createActor(
      securityDevicesMachine.provide({
        actors: { load: load.logic, startPasskey: start.logic, createPasskey: create.logic },
      }),
    ).start();
    render(
      <UiProvider>
        <I18nProvider i18n={i18n}>
          <SecurityDevices devicesRef={actor} />
        </I18nProvider>
      </UiProvider>,
    );
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
