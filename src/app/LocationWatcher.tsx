import { useEffect } from 'react';
import { AppActor } from './AppActor';
import { describeLocation } from './routes';
import { useRawAddress } from './use-raw-address';

/** Tells the root actor where the person is, each time wouter's location changes. Renders nothing. */
export function LocationWatcher() {
  const { path, search } = useRawAddress();
  const appRef = AppActor.useActorRef();
  useEffect(() => {
    const location = describeLocation(path, search);
    if (location) appRef.send({ type: 'location.changed', location });
  }, [appRef, path, search]);
  return null;
}
