import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import type { ReadText, ReadTextInput, SaveTextInput } from '@machines/label-editor/label-editor.types';
import type { DashboardFigures } from '@contracts/dashboard';
import type { UserProfile } from '@contracts/profile';
import { DashboardPage } from '@src/admin/dashboard/DashboardPage';
import { EditModeHost } from '@src/admin/dashboard/edit-mode/EditModeHost';
import type { EditModeApi } from '@src/admin/dashboard/edit-mode/wiring';
import { AppActor } from '@src/app/AppActor';
import { wireApp } from '@src/app/wiring';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { createCatalogueRuntime } from '@src/i18n/runtime';
import { SnackbarHost } from '@src/ui/SnackbarHost';
import { UiProvider } from '@src/ui/UiProvider';
import { createControlledCall } from '../support/controlled-actor';
import { appInput } from '../support/fixtures';
import { fakeIdentity, fakeNavigation } from '../support/identity';
import { answeringApi } from '../support/shell-api';
import '../support/jsdom-pointer-event';
// The Edit Mode layer and its DOM watcher are lazy chunks in the app; loaded here up front (as a warm browser cache
// would have them) so that the first test to turn Edit Mode on does not spend its waiting time on the transform.
import '@src/admin/dashboard/edit-mode/EditModeLayer';
import '@src/admin/dashboard/edit-mode/marked-texts';

/** The dashboard's calls, parked until the test answers them. */
export function dashboardCalls() {
  const read = createControlledCall<ReadText, ReadTextInput>();
  const save = createControlledCall<undefined, SaveTextInput>();
  const clear = createControlledCall<number>();
  const figures = createControlledCall<DashboardFigures>();
  const saveText: EditModeApi['saveText'] = async (input) => {
    await save.call(input);
  };
  return { read, save, clear, figures, api: { readText: read.call, saveText } };
}

function Snackbars() {
  const notificationsRef = AppActor.useSelector(selectNotificationsRef);
  return notificationsRef ? <SnackbarHost notificationsRef={notificationsRef} /> : null;
}

/**
 * Mounts the dashboard for a signed-in person (a provider administrator unless the profile says otherwise) under the
 * real root actor, whose Edit Mode flow makes the controlled calls; EditModeHost renders its layer as the shell does.
 * `wrap` puts the tree inside something of the test's (a React context the layer should see).
 */
export function renderDashboard(
  profile: UserProfile,
  calls = dashboardCalls(),
  wrap: (tree: ReactNode) => ReactNode = (tree) => tree,
) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  const identity = fakeIdentity();
  const location = memoryLocation({ path: '/dashboard', record: true });
  const logic = wireApp({
    api: { ...answeringApi().api, ...calls.api },
    catalogues: createCatalogueRuntime(i18n),
    window,
    identity: identity.port,
    navigation: fakeNavigation((to) => {
      location.navigate(to);
    }).port,
  });
  const view = render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppActor.Provider
            logic={logic}
            options={{ input: appInput({ session: { signOutReason: undefined, profile } }) }}
          >
            {wrap(
              <>
                <DashboardPage
                  clearCache={() => calls.clear.call(undefined)}
                  loadFigures={() => calls.figures.call(undefined)}
                />
                <EditModeHost />
                <Snackbars />
              </>,
            )}
          </AppActor.Provider>
        </Router>
      </I18nProvider>
    </UiProvider>,
  );
  return { ...view, calls, i18n };
}
