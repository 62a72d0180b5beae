import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api, sessionView } from '@atrium/api-client';
import { HOME_AUTO_LOGIN_STOP_MS } from '@atrium/contracts/constants';
import { connectivity } from '../offline/connectivity';

/**
 * Auto-login on page load and on route change while not signed in; only one attempt runs at a time.
 * On the home route the attempt is forced to stop after HOME_AUTO_LOGIN_STOP_MS (the spec's 3 s).
 * Offline there is no attempt (it could only fail, and a failed one ends the session): it runs when the connection
 * is back.
 */
export function useSession() {
  const snap = useSnapshot(sessionView);
  const { offline } = useSnapshot(connectivity);
  const location = useLocation();
  useEffect(() => {
    if (offline) return;
    if (sessionView.status !== 'authenticated')
      void api.auth.autoLogin(location.pathname === '/' ? { stopAfterMs: HOME_AUTO_LOGIN_STOP_MS } : {});
  }, [location.pathname, offline]);
  return snap;
}
