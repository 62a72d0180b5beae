import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@atrium/ui/core';
import { useSession } from './use-session';

/** Every signed-in route: wait for the session check, then render or send the user to /signin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') {
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
