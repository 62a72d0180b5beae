import { Suspense, lazy, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { retryImport } from '@atrium/ui';
import { closeTour, markTourSeen, tourAutostartOff, tourSeen, tourState } from './tour-state';

// The tour itself is a chunk of its own, loaded only when it opens (never in the shell's first chunk).
const ProductTour = lazy(() => retryImport(() => import('./product-tour')));

/** Starts the tour once for a user who has not seen it; shows it whenever the user menu restarts it. */
export function TourLauncher() {
  const { user } = useSnapshot(sessionView);
  const { open } = useSnapshot(tourState);
  const userId = user?.id;
  useEffect(() => {
    if (userId && !tourSeen(userId) && !tourAutostartOff()) tourState.open = true;
  }, [userId]);
  if (!userId || !open) return null;
  return (
    <Suspense fallback={null}>
      <ProductTour
        onClose={(how) => {
          markTourSeen(userId, how);
          closeTour();
        }}
      />
    </Suspense>
  );
}
