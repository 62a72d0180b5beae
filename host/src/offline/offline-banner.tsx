import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Paper, Text } from '@atrium/ui/core';
import { connectivity, watchConnectivity } from './connectivity';

export const OFFLINE_TITLE = "You're offline";
export const OFFLINE_DETAIL = 'Showing what was last loaded. Atrium reconnects by itself.';

/**
 * "You're offline" at the bottom of every page while the server cannot be reached (connectivity.ts); it goes by
 * itself when the connection is back. A live region, so a screen reader hears it come and go.
 */
export function OfflineBanner({ probe }: { probe?: () => Promise<boolean> }) {
  const { offline } = useSnapshot(connectivity);
  useEffect(() => watchConnectivity(probe), [probe]);
  return (
    <div aria-live="polite" data-testid="offline-banner">
      {offline && (
        <Paper
          role="status"
          shadow="md"
          radius="md"
          px="md"
          py="xs"
          withBorder
          style={{
            position: 'fixed',
            bottom: 16,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 1000,
            maxWidth: 'calc(100vw - 32px)',
          }}
        >
          <Text fw={600} size="sm">
            {OFFLINE_TITLE}
          </Text>
          <Text size="xs" c="dimmed">
            {OFFLINE_DETAIL}
          </Text>
        </Paper>
      )}
    </div>
  );
}
