import { setupI18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '@src/app/storage-keys';
import { messages as spanishLabels } from '@src/locales/es/labels.po';
import { ACME } from '../support/fixtures';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

const spanish = setupI18n({ locale: 'es', messages: { es: spanishLabels } });

/** The route shapes of public-and-profile §2 "Routes" that no other test opens. */
describe('the login and reset route shapes', () => {
  beforeAll(preloadLazyChunks, 60_000);

  it('/Public/Login/{clientId}/{applicationName}/{culture} shows the login page of the client, in the culture', async () => {
    renderShell({ path: `/Public/Login/${ACME}/Benefits/es`, api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: spanish._('Login_Text_Title') })).toBeInTheDocument();
    await waitFor(() => {
      expect(window.localStorage.getItem(storageKeys.culture)).toBe('es');
    });
    expect(window.localStorage.getItem(storageKeys.clientId)).toBe(ACME);
  });

  it('/Login/{clientId}/{applicationName}/{culture} reads the culture segment too', async () => {
    renderShell({ path: `/Login/${ACME}/Benefits/es`, api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: spanish._('Login_Text_Title') })).toBeInTheDocument();
  });

  it('/ResetPassword without a client shows the one-time-code reset', async () => {
    renderShell({ path: '/ResetPassword', api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });
});
