import { ChakraProvider } from '@chakra-ui/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { render } from '@testing-library/react';
import { useEffect, useMemo } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import type { ReadText, SaveOutcome } from '@machines/label-editor/label-editor.types';
import type { UserProfile } from '@contracts/profile';
import { DashboardPage } from '@src/admin/dashboard/DashboardPage';
import { startEditMode, type EditModeApi } from '@src/admin/dashboard/edit-mode/host';
import { AppActor } from '@src/app/AppActor';
import { wireApp } from '@src/app/wiring';
import { englishCatalogue } from '@src/i18n/catalogues';
import { createCatalogueRuntime } from '@src/i18n/runtime';
import { SnackbarHost } from '@src/ui/SnackbarHost';
import { system } from '@src/ui/system';
import { createControlledCall } from '../support/controlled-actor';
import { appInput } from '../support/fixtures';
import { fakeIdentity, fakeNavigation } from '../support/identity';
import { answeringApi } from '../support/shell-api';
import '../support/jsdom-pointer-event';

/** The dashboard's calls, parked until the test answers them. */
export function dashboardCalls() {
  const read = createControlledCall<ReadText, Parameters<EditModeApi['readText']>[0]>();
  const save = createControlledCall<SaveOutcome, Parameters<EditModeApi['saveText']>[0]>();
  const clear = createControlledCall<number>();
  return { read, save, clear, api: { readText: read.call, saveText: save.call } satisfies EditModeApi };
}

function Snackbars() {
  const notificationsRef = AppActor.useSelector(selectNotificationsRef);
  return notificationsRef ? <SnackbarHost notificationsRef={notificationsRef} /> : null;
}

/** The real dashboard page under the real root actor, with Edit Mode started on the controlled calls. */
function Dashboard({ calls }: { calls: ReturnType<typeof dashboardCalls> }) {
  const app = AppActor.useActorRef();
  const { i18n } = useLingui();
  const editMode = useMemo(() => startEditMode({ app, i18n, api: calls.api, document }), [app, i18n, calls]);
  useEffect(
    () => () => {
      editMode.stop();
    },
    [editMode],
  );
  return <DashboardPage editMode={editMode} clearCache={() => calls.clear.call(undefined)} />;
}

/** Mounts the dashboard for a signed-in person (a provider administrator unless the profile says otherwise). */
export function renderDashboard(profile: UserProfile, calls = dashboardCalls()) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...englishCatalogue } });
  const identity = fakeIdentity();
  const location = memoryLocation({ path: '/dashboard', record: true });
  const logic = wireApp({
    api: answeringApi().api,
    catalogues: createCatalogueRuntime(i18n),
    window,
    identity: identity.port,
    navigation: fakeNavigation((to) => {
      location.navigate(to);
    }).port,
  });
  const view = render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppActor.Provider
            logic={logic}
            options={{ input: appInput({ session: { signOutReason: undefined, profile } }) }}
          >
            <Dashboard calls={calls} />
            <Snackbars />
          </AppActor.Provider>
        </Router>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { ...view, calls, i18n };
}
