import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import { identityProviderDialogMachine } from '@machines/identity-provider-dialog/identity-provider-dialog.machine';
import { IdentityProviderDialog } from '@src/admin/identity-providers/IdentityProviderDialog';
import { oidcProvider, samlProvider, servedClients } from '../support/identity-provider-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';

/** The identity-provider dialog in update mode, both kinds (issue 31 item 1): what a stored provider shows. */
function openDialog(row: IdentityProvider) {
  const save = vi.fn((input: unknown) => Promise.resolve({ ...row, version: row.version + 1, input }));
  const actor = createActor(
    identityProviderDialogMachine.provide({
      actors: {
        load: fromPromise(() => Promise.resolve({ clients: servedClients, record: row })) as never,
        save: fromPromise(({ input }) => save(input)) as never,
      },
    }),
    { input: { row, notifications: recordingNotifications().ref } },
  ).start();
  renderAdminView(<IdentityProviderDialog dialogRef={actor} />);
  return { actor, save };
}

// Typing into a Chakra dialog in jsdom is slow on two shared cores; the limit is generous, never asserted on.
describe('identity-provider dialog, update mode', { timeout: 30_000 }, () => {
  it('OpenID Connect: the secret is said to be set, its input empty; the kind is fixed; a blank secret is not sent', async () => {
    const { save } = openDialog(oidcProvider());
    const dialog = await screen.findByRole('dialog', { name: 'Edit identity provider' });
    const secret = await within(dialog).findByLabelText(/^Client secret/);
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(dialog).toHaveTextContent('A secret is set. Leave this blank to keep it');
    expect(within(dialog).getByLabelText(/^Protocol/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Client served/)).toHaveValue(servedClients[0]!.id);
    expect(within(dialog).getByLabelText('Claim 1')).toHaveValue('given_name');
    expect(within(dialog).getByLabelText('Profile field of claim 1')).toHaveValue('FirstName');
    await userEvent.clear(within(dialog).getByLabelText(/^Name/));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Acme Staff');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(save).toHaveBeenCalledTimes(1);
    });
    const sent = save.mock.calls[0]![0] as { body: Record<string, unknown> };
    expect(sent.body).toMatchObject({ kind: 'oidc', name: 'Acme Staff', version: 3 });
    expect(sent.body).not.toHaveProperty('clientSecret');
  });

  it('SAML: the upstream’s and our own values are read-only with a copy button each; URI attribute names are kept', async () => {
    const row = samlProvider();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openDialog(row);
    const dialog = await screen.findByRole('dialog', { name: 'Edit identity provider' });
    const values = await within(dialog).findByTestId('saml-values');
    for (const [title, value] of [
      ['Upstream entity ID', row.entityId],
      ['Upstream sign-in address', row.ssoUrl],
      ['Our entity ID', row.spEntityId],
      ['Assertion consumer service address', row.acsUrl],
      ['Our metadata address', row.spMetadataUrl],
    ] as const) {
      const input = within(values).getByLabelText(title);
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
      await userEvent.click(within(values).getByRole('button', { name: `Copy ${title}` }));
      expect(writeText).toHaveBeenLastCalledWith(value);
    }
    expect(within(dialog).queryByLabelText(/^Client secret/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Metadata address/)).toHaveValue(row.metadataUrl);
    expect(within(dialog).getByLabelText('Claim 1')).toHaveValue(Object.keys(row.claimMapping)[0]);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
