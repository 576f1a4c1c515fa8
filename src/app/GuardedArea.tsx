import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectGuardRef, selectSessionRef } from '@machines/app/app.selectors';
import type { guardMachine } from '@machines/guard/guard.machine';
import { selectIsGranted } from '@machines/guard/guard.selectors';
import { selectIsSigningOut } from '@machines/session/session.selectors';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { AppActor } from './AppActor';

/**
 * Shows the board or admin page only once its guard has let the person in; until then, a spinner. The guards are
 * convenience (the API checks every token); they keep a signed-out person from seeing an empty shell.
 */
export function GuardedArea({ children }: { children: ReactNode }) {
  const guardRef = AppActor.useSelector(selectGuardRef);
  return guardRef ? <Granted guardRef={guardRef}>{children}</Granted> : <FullScreenSpinner />;
}

/**
 * The page inside the layout, while nobody is signing out. Signing out, the page (and every dialog it opened: the user
 * dialog, its confirmations) is gone at once, and the layout's top bar stays until the browser leaves: sign-out closes
 * dialogs (spec §4 "Sign-out").
 */
export function PageWhileSignedIn({ children }: { children: ReactNode }) {
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const signingOut = useSelector(sessionRef, (s) => (s ? selectIsSigningOut(s) : false));
  return signingOut ? null : children;
}

function Granted({ guardRef, children }: { guardRef: ActorRefFrom<typeof guardMachine>; children: ReactNode }) {
  const granted = useSelector(guardRef, selectIsGranted);
  return granted ? children : <FullScreenSpinner />;
}
