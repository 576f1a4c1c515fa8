import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { AppActor } from './AppActor';
import {
  keepProfilePageParameters,
  readProfilePageParameters,
  takeProfilePageParameters,
} from './profile-page-parameters';
import { describeLocation } from './routes';
import { useRawAddress } from './use-raw-address';

/**
 * Tells the root actor where the person is, each time wouter's location changes. Renders nothing. A profile page's
 * own parameters are first moved into local storage and the address replaced without them (spec §2): the root then
 * hears of the rewritten address only, with what was kept. A layout effect, not an effect: the root hears of the new
 * page as soon as React has committed it, before the browser paints it, so the page's resources are asked for a
 * frame earlier (after signing in, the board's texts are on the way while its frame is painted).
 */
export function LocationWatcher() {
  const { path, search } = useRawAddress();
  const [, navigate] = useLocation();
  const appRef = AppActor.useActorRef();
  useLayoutEffect(() => {
    const location = describeLocation(path, search);
    if (!location) return;
    if (location.page === 'profile') {
      const moved = takeProfilePageParameters(search);
      if (moved) {
        keepProfilePageParameters(moved.taken);
        navigate(moved.rest === '' ? path : `${path}?${moved.rest}`, { replace: true });
        return;
      }
      appRef.send({ type: 'location.changed', location: { ...location, kept: readProfilePageParameters() } });
      return;
    }
    appRef.send({ type: 'location.changed', location });
  }, [appRef, navigate, path, search]);
  return null;
}
