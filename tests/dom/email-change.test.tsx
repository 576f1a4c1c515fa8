import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Culture } from '@contracts/culture';
import { ApiError } from '@contracts/failures';
import type { EmailChangeRequested, MyAccount } from '@contracts/my-account';
import { MyAccountScreen, type MyAccountApi } from '@src/profile/MyAccountPage';
import { UiProvider } from '@src/ui/UiProvider';
import { fakePorts } from '@tests/support/fake-ports';
import { createI18n } from '@tests/support/i18n';

const maria: MyAccount = { email: 'maria@acme.test', closingAllowed: true, ssoUser: false };
const asked: EmailChangeRequested = { requestId: 'req-1', expiresAt: '2026-11-30T03:00:00.000Z' };
const wrongCode = new ApiError({ status: 400, code: 'otp_invalid', message: 'wrong', requestId: 'r' });

/** My account with answers that come at once: the confirmation refuses the first code and takes the second. */
async function renderMyAccount(account: MyAccount, culture: Culture = 'en-us') {
  const i18n = await createI18n(culture);
  const sent: unknown[] = [];
  let tries = 0;
  const api: MyAccountApi = {
    load: () => Promise.resolve(account),
    data: () => Promise.resolve('{}'),
    close: () => Promise.resolve(),
    save: () => undefined,
    email: {
      request: (body) => {
        sent.push(body);
        return Promise.resolve(asked);
      },
      confirm: (body) => {
        sent.push(body);
        tries += 1;
        return tries === 1 ? Promise.reject(wrongCode) : Promise.resolve();
      },
    },
  };
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <MyAccountScreen api={api} ports={fakePorts().ports} culture={culture} />
      </I18nProvider>
    </UiProvider>,
  );
  return { sent };
}

/** Issue 34 item 5 (beyond the spec): the person's e-mail changes on My account once the mailed code is typed. */
describe('My account: changing one’s e-mail', () => {
  it(
    'sends a code to the new address, refuses a wrong code in place, and shows the new address once confirmed',
    {
      timeout: 30_000,
    },
    async () => {
      const { sent } = await renderMyAccount(maria);
      expect(await screen.findByText('Your e-mail address is maria@acme.test.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
      await userEvent.type(screen.getByLabelText(/New e-mail address/), 'maria.new@example.test');
      await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
      expect(
        await screen.findByText('We mailed a 6-digit code to maria.new@example.test. Type it here within 15 minutes.'),
      ).toBeInTheDocument();

      await userEvent.type(screen.getByLabelText(/Code from the e-mail/), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Change my address' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The code is not right, has expired or was already used. Type it again or send a new code.',
      );
      expect(screen.getByLabelText(/Code from the e-mail/)).toHaveValue('');

      await userEvent.type(screen.getByLabelText(/Code from the e-mail/), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Change my address' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Your e-mail address is now maria.new@example.test. Sign in with it from now on; a notice went to your old address.',
      );
      expect(sent).toEqual([
        { newEmail: 'maria.new@example.test' },
        { requestId: 'req-1', code: '000000' },
        { requestId: 'req-1', code: '123456' },
      ]);
    },
  );

  it('says in Spanish that a single-sign-on person’s address is changed by their organisation, and offers no change', async () => {
    await renderMyAccount({ ...maria, ssoUser: true }, 'es');
    expect(await screen.findByText('Tu correo electrónico es maria@acme.test.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Inicias sesión a través de tu organización: es tu organización quien cambia tu correo electrónico.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar el correo electrónico' })).toBeNull();
  });

  it('refuses in Spanish an address that is not one, before any call', { timeout: 30_000 }, async () => {
    const { sent } = await renderMyAccount(maria, 'es');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar el correo electrónico' }));
    await userEvent.type(screen.getByLabelText(/Nuevo correo electrónico/), 'maria.new');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el código' }));
    expect(screen.getByLabelText(/Nuevo correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Nuevo correo electrónico/)).toHaveAccessibleErrorMessage(/.+/);
    expect(sent).toEqual([]);
  });
});
