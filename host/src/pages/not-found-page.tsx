import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button, Center, Stack, Text, Title } from '@atrium/ui';
import type { RemoteName } from '@atrium/contracts';
import { remotesState, retryFailed } from '../federation/remotes';
import { RemoteErrorPanel, remoteDownMessage } from '../shell/remote-error-panel';

/**
 * Inside the shell, a path no loaded remote serves. If some remote failed to load, the page probably
 * belongs to it: show the error panel with a retry instead of "not found".
 */
export function NotFoundPage() {
  const snap = useSnapshot(remotesState);
  const failed = Object.keys(snap.failed) as RemoteName[];
  if (snap.status !== 'ready') return null;
  if (failed.length > 0 || snap.manifestError) {
    return (
      <RemoteErrorPanel
        message={snap.manifestError ? 'The list of apps could not be loaded.' : remoteDownMessage(failed.join(', '))}
        onRetry={() => void retryFailed()}
      />
    );
  }
  return (
    <Center mih={320}>
      <Stack align="center">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">There is nothing at this address.</Text>
        <Button component={Link} to="/" variant="light">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
