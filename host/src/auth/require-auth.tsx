import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Center, Loader } from '@atrium/ui/core';
import { connectivity } from '../offline/connectivity';
import { hadSession } from '../startup/early';
import { useSession } from './use-session';

/**
 * Every signed-in route: wait for the session check, then render or send the user to /signin. Offline, a browser
 * that was signed in gets the page without a check (the offline shell: the service worker's cached shell and
 * remotes, no user data, "You're offline"); the check runs when the connection is back.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { offline } = useSnapshot(connectivity);
  const location = useLocation();
  if (status === 'unknown') {
    if (offline && hadSession()) return <>{children}</>;
    return (
      <Center h="100vh" aria-label="Checking your session">
        <Loader />
      </Center>
    );
  }
  if (status === 'anonymous') {
    return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
