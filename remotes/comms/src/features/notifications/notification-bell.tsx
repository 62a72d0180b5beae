import { Suspense, lazy } from 'react';

/*
 * The header widget's entry. The bell itself (TanStack Query, the slice) is one more lazy step away: header widgets
 * load with the shell, and a module evaluated in that first moment could read the host's shared
 * @tanstack/react-query before the federation runtime had it ready (its import was undefined, measured in the
 * production build). Required at first render instead, it is the host's ready copy.
 */
const Bell = lazy(() => import('./bell').then((m) => ({ default: m.NotificationBell })));

export default function NotificationBellWidget() {
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  );
}
