import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { notificationsMachine } from '@machines/notifications/notifications.machine';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { ConnectionNotice } from '@src/ui/ConnectionNotice';
import { UiProvider } from '@src/ui/UiProvider';

/**
 * The connection-lost notice (issue 29 §3, §4 "screens that tell the truth"): it tells a signed-in person that they
 * are still signed in, and never tells somebody on a public page, who is not, that they are.
 */
function showLost(signedIn: boolean) {
  const notifications = createActor(
    notificationsMachine.provide({
      actors: {
        watchUncaughtErrors: fromCallback(() => undefined),
        watchConnection: fromCallback(() => undefined),
      },
    }),
    { input: { showErrorDetails: false } },
  ).start();
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <ConnectionNotice notificationsRef={notifications} signedIn={signedIn} />
      </I18nProvider>
    </UiProvider>,
  );
  act(() => {
    notifications.send({ type: 'connection.lost' });
  });
  return screen.getByTestId('connection-lost');
}

describe('the connection-lost notice', () => {
  it('tells a signed-in person that they are still signed in and that the page carries on', () => {
    const notice = showLost(true);
    expect(notice).toHaveTextContent('The connection is lost.');
    expect(notice).toHaveTextContent('You are still signed in.');
    expect(notice).toHaveTextContent('This page carries on by itself as soon as the connection is back.');
  });

  it('never tells somebody on a public page that they are signed in', () => {
    const notice = showLost(false);
    expect(notice).toHaveTextContent('The connection is lost.');
    expect(notice).toHaveTextContent('This page carries on by itself as soon as the connection is back.');
    expect(notice).not.toHaveTextContent('signed in');
  });
});
