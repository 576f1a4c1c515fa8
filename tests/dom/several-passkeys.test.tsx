import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { securityDevicesMachine, type DevicesLoaded } from '@machines/security-devices/security-devices.machine';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { SecurityDevices } from '@src/profile/security/SecurityDevices';
import { UiProvider } from '@src/ui/UiProvider';
import { createControlledActor } from '../support/controlled-actor';
import { passkey, thisSession } from '../support/security-devices-fixtures';

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
});
