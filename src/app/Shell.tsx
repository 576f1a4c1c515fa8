import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectIsBrowserNoticeOpen,
  selectNotificationsRef,
  selectResourcesRef,
  selectSessionRef,
} from '@machines/app/app.selectors';
import type { notificationsMachine } from '@machines/notifications/notifications.machine';
import { selectIsModalOpen } from '@machines/notifications/notifications.selectors';
import type { resourcesMachine } from '@machines/resources/resources.machine';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { selectIsStarting } from '@machines/resources/resources.selectors';
import { lazy, Suspense } from 'react';
import { EditModeHost } from '../admin/dashboard/edit-mode/EditModeHost';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { SnackbarHost } from '../ui/SnackbarHost';
import { ConnectionNotice } from '../ui/ConnectionNotice';
import { AppActor } from './AppActor';
import { DocumentHead } from './DocumentHead';
import { LocationWatcher } from './LocationWatcher';
import { RouteView } from './RouteView';
import { idleWarningDialog } from './session-dialogs';

// Dialogs (and the HTML sanitiser they use) are rare: they load when first opened, keeping the public entry light.
const ErrorModal = lazy(() => import('../ui/ErrorModal').then((module) => ({ default: module.ErrorModal })));
const BrowserNotice = lazy(() => import('../ui/BrowserNotice').then((module) => ({ default: module.BrowserNotice })));

/**
 * Everything on screen: the page for the address (its title and language in the document's head), and above it Edit
 * Mode's layer and the app-wide notices.
 */
export function Shell() {
  const appRef = AppActor.useActorRef();
  const resourcesRef = AppActor.useSelector(selectResourcesRef);
  const notificationsRef = AppActor.useSelector(selectNotificationsRef);
  const browserNoticeOpen = AppActor.useSelector(selectIsBrowserNoticeOpen);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const signedIn = useSelector(sessionRef, (snapshot) => (snapshot ? selectIsSignedIn(snapshot) : false));
  return (
    <>
      <LocationWatcher />
      <DocumentHead />
      <RouteView />
      <EditModeHost />
      {resourcesRef ? <StartupSpinner resourcesRef={resourcesRef} /> : null}
      {notificationsRef ? (
        <>
          <SnackbarHost notificationsRef={notificationsRef} />
          <ConnectionNotice notificationsRef={notificationsRef} signedIn={signedIn} />
          <ErrorModalSlot notificationsRef={notificationsRef} />
        </>
      ) : null}
      {sessionRef ? <IdleWarningSlot sessionRef={sessionRef} /> : null}
      {browserNoticeOpen ? (
        <Suspense fallback={null}>
          <BrowserNotice
            onClose={() => {
              appRef.send({ type: 'browserNotice.dismiss' });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function StartupSpinner({ resourcesRef }: { resourcesRef: ActorRefFrom<typeof resourcesMachine> }) {
  const starting = useSelector(resourcesRef, selectIsStarting);
  return starting ? <FullScreenSpinner /> : null;
}

function ErrorModalSlot({ notificationsRef }: { notificationsRef: ActorRefFrom<typeof notificationsMachine> }) {
  const open = useSelector(notificationsRef, selectIsModalOpen);
  return open ? (
    <Suspense fallback={null}>
      <ErrorModal notificationsRef={notificationsRef} />
    </Suspense>
  ) : null;
}

/**
 * The idle warning only matters to a signed-in person: its chunk is not in the public entry (the login page fetches it
 * ahead, session-dialogs.ts), and the dialog itself decides when it is open.
 */
function IdleWarningSlot({ sessionRef }: { sessionRef: ActorRefFrom<typeof sessionMachine> }) {
  const signedIn = useSelector(sessionRef, selectIsSignedIn);
  return signedIn ? (
    <Suspense fallback={null}>
      <idleWarningDialog.View sessionRef={sessionRef} />
    </Suspense>
  ) : null;
}
