import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { createActor } from 'xstate';
import { securityDevicesMachine, type DevicesLoaded } from '@machines/security-devices/security-devices.machine';
import type { MyPasskey, PasskeyAttestation, PendingPasskey } from '@contracts/my-security';
import { messages as spanishUi } from '@src/locales/es/ui.po';
import { SecurityDevices } from '@src/profile/security/SecurityDevices';
import { UiProvider } from '@src/ui/UiProvider';
import { everyEnglishText } from './catalogue-text';
import { createControlledActor } from './controlled-actor';

/**
 * The Security step's sessions and passkeys section (machines/security-devices) with every call it makes controlled
 * by the test: the identity provider's reads and changes, and the browser's passkey prompt (navigator.credentials
 * .create, faked here only). `show` mounts the section, as opening the Security step does (again: a fresh mount).
 */
export function securityDevicesHost(locale: 'en-us' | 'es' = 'en-us') {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === 'es' ? { ...spanishUi } : { ...everyEnglishText } });
  const load = createControlledActor<DevicesLoaded, undefined>();
  const endSession = createControlledActor<undefined, { id: string }>();
  const endOtherSessions = createControlledActor<undefined, undefined>();
  const remove = createControlledActor<undefined, { id: string }>();
  const start = createControlledActor<PendingPasskey, undefined>();
  const create = createControlledActor<PasskeyAttestation, PendingPasskey['activation']>();
  const activate = createControlledActor<MyPasskey, { id: string; attestation: PasskeyAttestation }>();
  const actor = createActor(
    securityDevicesMachine.provide({
      actors: {
        load: load.logic,
        endSession: endSession.logic,
        endOtherSessions: endOtherSessions.logic,
        removePasskey: remove.logic,
        startPasskey: start.logic,
        createPasskey: create.logic,
        activatePasskey: activate.logic,
      },
    }),
  ).start();
  const show = () => {
    cleanup();
    render(
      <UiProvider>
        <I18nProvider i18n={i18n}>
          <SecurityDevices devicesRef={actor} />
        </I18nProvider>
      </UiProvider>,
    );
  };
  return { actor, load, endSession, endOtherSessions, remove, start, create, activate, show };
}
