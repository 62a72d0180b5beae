import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api, sessionView } from '@atrium/api-client';

/** Auto-login on page load and on route change while not signed in; only one attempt runs at a time. */
export function useSession() {
  const snap = useSnapshot(sessionView);
  const location = useLocation();
  useEffect(() => {
    if (sessionView.status !== 'authenticated') void api.auth.autoLogin();
  }, [location.pathname]);
  return snap;
}
