import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity } from '../support/identity';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

const BUILT_IN_FAILED = 'We could not sign you in. Check your username and password and try again.';
const BUILT_IN_REQUIRED = 'Please sign in to continue.';

/** Renders Umbrella's login page with no session to find, up to the (fake) widget on screen. */
async function showWidget(labels: Record<string, string>, identity?: ReturnType<typeof fakeIdentity>) {
  const api = answeringApi(() => ({ labels })).api;
  const shell = renderShell({ path: '/Login/umbrella', api, ...(identity === undefined ? {} : { identity }) });
  await waitFor(() => {
    expect(shell.identity.existingSession.waiting()).toBe(1);
  });
  act(() => {
    shell.identity.existingSession.resolve('none');
  });
  await waitFor(() => {
    expect(shell.identity.isWidgetMounted()).toBe(true);
  });
  return shell;
}

/** Renders the login page and lets the fake widget report a refused password. */
async function failOnce(labels: Record<string, string>) {
  const shell = await showWidget(labels);
  act(() => {
    shell.identity.widget({ type: 'widget.submitted', username: 'AULUMB__lee@umbrella.test' });
    shell.identity.widget({ type: 'widget.failed', at: Date.now() });
  });
  expect(await screen.findByTestId('login-attempts')).toHaveTextContent('You have 4 sign-in attempts left.');
  return shell;
}

describe("the login page's attempt counter (issue 29 §2)", () => {
  // After a failure the widget remounts before the counter shows: seconds on a busy machine.
  it(
    'counts down from the lockout the server runs with (config/public → lockoutAttempts), not a number of its own',
    { timeout: 30_000 },
    async () => {
      const shell = await showWidget({}, fakeIdentity({ maxAttempts: 3 }));
      act(() => {
        shell.identity.widget({ type: 'widget.submitted', username: 'AULUMB__lee@umbrella.test' });
        shell.identity.widget({ type: 'widget.failed', at: Date.now() });
      });
      expect(await screen.findByTestId('login-attempts', {}, { timeout: 15_000 })).toHaveTextContent(
        'You have 2 sign-in attempts left.',
      );
    },
  );
});

describe('the login page messages a client opts into (public-and-profile §2 Login page, §8 Login)', () => {
  it('shows neither the login-required nor the failed-login text when the client configured neither', async () => {
    await failOnce({});
    expect(screen.queryByText(BUILT_IN_FAILED)).not.toBeInTheDocument();
    expect(screen.queryByText(BUILT_IN_REQUIRED)).not.toBeInTheDocument();
  });

  it('fetches ahead what signing in needs next once the widget is up and the page idle, and again at the submit', async () => {
    const shell = await showWidget({});
    await waitFor(() => {
      expect(shell.identity.signInPreparations()).toBe(1);
    });
    act(() => {
      shell.identity.widget({ type: 'widget.submitted', username: 'AULUMB__lee@umbrella.test' });
    });
    expect(shell.identity.signInPreparations()).toBe(2);
  });

  it("gives the widget the page's client, whose prefix a typed e-mail of no listed domain gets", async () => {
    const shell = await failOnce({});
    expect(shell.identity.widgetMounts).toEqual([
      { language: 'en-us', recoveryToken: undefined, clientId: 'umbrella' },
    ]);
  });

  it('shows the configured login-required text, and the configured failed-login text in an alert after a failure', async () => {
    await failOnce({
      Login_Text_LoginRequired: 'Agents sign in with their 5-digit agent id.',
      Login_Text_ClientErrorMessage: 'Umbrella could not sign you in.',
    });
    expect(await screen.findByText('Agents sign in with their 5-digit agent id.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Umbrella could not sign you in.');
  });

  it('opens the widget on the recovery step for the recovery mail link /signin/reset-password/{token}', async () => {
    const shell = renderShell({ path: '/signin/reset-password/XE6token%2Dx', api: answeringApi().api });
    await waitFor(() => {
      expect(shell.identity.existingSession.waiting()).toBe(1);
    });
    act(() => {
      shell.identity.existingSession.resolve('none');
    });
    await waitFor(() => {
      expect(shell.identity.widgetMounts).toEqual([
        { language: 'en-us', recoveryToken: 'XE6token-x', clientId: undefined },
      ]);
    });
    expect(screen.getByText('Please introduce the recovery token sent via email.')).toBeInTheDocument();
  });
});

/**
 * The resources answer as the server gives it for the demo world: Acme and Umbrella allow sign-up, Globex does not.
 * Each answer configures a login-required text naming its client, so a test knows the answer is on screen.
 */
const signUpWorld = answeringApi((input) => ({
  allowsSignUp: input.clientId === 'acme' || input.clientId === 'umbrella',
  labels: { Login_Text_LoginRequired: `Loaded for ${input.clientId ?? 'no client'}.` },
}));

describe('the Sign up link of a client that allows sign-up (issue 9)', () => {
  it('leads from /Login/acme to the sign-up of Acme', async () => {
    renderShell({ path: '/Login/acme', api: signUpWorld.api });
    expect(await screen.findByText('Loaded for acme.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/SignUp/acme');
  });

  it('keeps the culture the address named', async () => {
    renderShell({ path: '/Login/acme?culture=es', api: signUpWorld.api });
    expect(await screen.findByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/SignUp/acme?culture=es');
  });

  it('is not offered on /Login/globex, whose client does not allow sign-up', async () => {
    renderShell({ path: '/Login/globex', api: signUpWorld.api });
    expect(await screen.findByText('Loaded for globex.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Need help?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('is not offered on /Login, which names no client, even when the answer allows sign-up', async () => {
    const { api } = answeringApi(() => ({
      allowsSignUp: true,
      labels: { Login_Text_LoginRequired: 'Loaded without a client.' },
    }));
    renderShell({ path: '/Login', api });
    expect(await screen.findByText('Loaded without a client.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});

describe('the one-time-code reset from the login page (issue 29 §4)', () => {
  const resetWorld = answeringApi((input) => ({
    // Globex turned the one-time-code reset off; the others keep the provider's "true".
    settings: { AllowPasswordResetWithOTP: input.clientId === 'globex' ? 'false' : 'true' },
    labels: { Login_Text_LoginRequired: `Loaded for ${input.clientId ?? 'no client'}.` },
  }));
  const linkName = 'Reset your password with a code sent by e-mail';

  it('links /Login/acme to the reset page of Acme, in the culture the address named', async () => {
    renderShell({ path: '/Login/acme?culture=es', api: resetWorld.api });
    expect(await screen.findByText('Loaded for acme.')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Restablece tu contraseña con un código enviado por correo' }),
    ).toHaveAttribute('href', '/ResetPassword/acme?culture=es');
  });

  it('links /Login (no client) to the reset page without a client', async () => {
    renderShell({ path: '/Login', api: resetWorld.api });
    expect(await screen.findByText('Loaded for no client.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: linkName })).toHaveAttribute('href', '/ResetPassword');
  });

  it('is not offered on /Login/globex, whose client turned the reset off', async () => {
    renderShell({ path: '/Login/globex', api: resetWorld.api });
    expect(await screen.findByText('Loaded for globex.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: linkName })).not.toBeInTheDocument();
  });
});

describe('the widget’s "Reset via Email" (issue 29 §4)', () => {
  it('confirms above the fresh widget that the mail was sent, until the person submits again', async () => {
    const shell = await showWidget({});
    expect(screen.queryByTestId('reset-mail-sent')).not.toBeInTheDocument();
    act(() => {
      shell.identity.widget({ type: 'widget.emailSent' });
    });
    // The widget is mounted afresh (spec §4) and the confirmation stays on the page.
    await waitFor(() => {
      expect(shell.identity.isWidgetMounted()).toBe(true);
    });
    expect(await screen.findByTestId('reset-mail-sent')).toHaveTextContent(
      'If an account has that name, we sent it an e-mail with a link to reset the password.',
    );
    expect(screen.getByTestId('reset-mail-sent')).toHaveAttribute('role', 'status');
    act(() => {
      shell.identity.widget({ type: 'widget.submitted', username: 'AULUMB__lee@umbrella.test' });
    });
    await waitFor(() => {
      expect(screen.queryByTestId('reset-mail-sent')).not.toBeInTheDocument();
    });
  });
});
