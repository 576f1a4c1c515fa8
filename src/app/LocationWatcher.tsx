import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AppActor } from './AppActor';
import { describeLocation } from './routes';

/** Tells the root actor where the person is, each time wouter's location changes. Renders nothing. */
export function LocationWatcher() {
  const [path] = useLocation();
  const search = useSearch();
  const appRef = AppActor.useActorRef();
  useEffect(() => {
    const location = describeLocation(path, search);
    if (location) appRef.send({ type: 'location.changed', location });
  }, [appRef, path, search]);
  return null;
}
