import { setupI18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '@src/app/storage-keys';
import { ApiError } from '@contracts/failures';
import { messages as spanishLabels } from '@src/locales/es/labels.po';
import { ACME, notSupportedList } from '../support/fixtures';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { profile } from '../support/profiles';
import { answeringApi } from '../support/shell-api';

const spanish = setupI18n({ locale: 'es', messages: { es: spanishLabels } });

describe('the shell', () => {
  beforeAll(preloadLazyChunks, 60_000);

  it('shows Page not found for an address no route knows', async () => {
    renderShell({ path: '/no/such/page', api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to find your applications/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/Login');
  });

  it('does not ask a signed-in person to sign in from Page not found: the same link leads home', async () => {
    renderShell({
      path: '/no/such/page',
      api: answeringApi().api,
      input: { session: { signOutReason: undefined, profile: profile({ culture: 'en-us' }) } },
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/Sign in to find your applications/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/Login');
  });

  it('sends /null to the login page', async () => {
    const { location } = renderShell({ path: '/null', api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/Login');
  });

  it('sends an admin address ending in undefined to the board, whose guard sends a signed-out visitor to login', async () => {
    const { location } = renderShell({ path: '/dashboard/undefined', api: answeringApi().api });
    // The login page names the board as where signing in leads back to.
    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/Login?redirectUrl=%2Fboard%2Findex');
    });
  });

  it('matches paths without regard to case', async () => {
    renderShell({ path: '/logout', api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: 'Signing out' })).toBeInTheDocument();
  });

  it('renders the Spanish catalogue for ?culture=es and remembers the choice', async () => {
    renderShell({ path: '/Login?culture=es', api: answeringApi().api });
    const title = spanish._('Login_Text_Title');
    expect(title).not.toBe('Sign in');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.culture)).toBe('es');
  });

  it('shows a per-client label from the resources API, with its {{placeholder}} filled', async () => {
    const { api } = answeringApi(() => ({
      labels: { Login_Text_ApplicationError: 'No app called {{applicationName}} here.' },
    }));
    renderShell({
      path: `/Login/${ACME}`,
      api,
      input: {
        session: {
          signOutReason: { code: 'application_not_found', applicationName: 'Claims Portal' },
          profile: undefined,
        },
      },
    });
    expect(await screen.findByText('No app called Claims Portal here.')).toBeInTheDocument();
  });

  it('pushes a page view for a public page to window.dataLayer', async () => {
    renderShell({ path: `/Login/${ACME}?culture=es`, api: answeringApi().api });
    await waitFor(() => {
      expect(window.dataLayer).toContainEqual({ event: 'pageview', page: '/login', culture: 'es', clientId: ACME });
    });
  });

  it('opens the error modal with the request id for a 401, and logs the error', async () => {
    const { api, postedErrors } = answeringApi();
    renderShell({ path: '/Login', api });
    await screen.findByRole('heading', { name: 'Sign in' });
    const unauthorized = new ApiError({
      status: 401,
      code: 'unauthorized',
      message: 'Token expired',
      requestId: 'req-401',
    });
    window.dispatchEvent(new ErrorEvent('error', { error: unauthorized }));

    const modal = await screen.findByTestId('error-modal');
    expect(within(modal).getByText('You are not authorized to perform this action.')).toBeInTheDocument();
    // The details panel is collapsed until asked for, and then shows the request id.
    expect(within(modal).getByText(/req-401/)).not.toBeVisible();
    await userEvent.click(within(modal).getByRole('button', { name: /error details/i }));
    await waitFor(() => {
      expect(within(modal).getByText(/req-401/)).toBeVisible();
    });
    await waitFor(() => {
      expect(postedErrors).toContainEqual(
        expect.objectContaining({ Code: 'unauthorized', Level: 'ERROR', Environment: 'LOCAL' }),
      );
    });
  });

  it('warns a browser on the not-supported list', async () => {
    const { api } = answeringApi(() => ({ lists: notSupportedList('Trident') }));
    renderShell({ path: '/Login', api, input: { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)' } });
    expect(await screen.findByTestId('browser-notice')).toBeInTheDocument();
  });

  it('links to the FAQ of the client on the login page: its own link until the widget, whose help link it is, shows', async () => {
    const { identity } = renderShell({ path: `/Login/${ACME}`, api: answeringApi().api });
    await waitFor(() => {
      expect(identity.existingSession.waiting()).toBe(1);
    });
    expect(screen.getByRole('link', { name: 'Need help?' })).toHaveAttribute('href', `/Faq/${ACME}`);
    act(() => {
      identity.existingSession.resolve('none');
    });
    expect(await screen.findByTestId('okta-widget-container')).toBeInTheDocument();
    // One help link (issue 13): the widget's, which src/auth builds to /Faq/{client} for the client it is given.
    expect(screen.queryByRole('link', { name: 'Need help?' })).not.toBeInTheDocument();
    expect(identity.widgetMounts.at(-1)?.clientId).toBe(ACME);
  });
});
