import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Alert, Button, Center, Group, Stack, Text, Title } from '@atrium/ui';
import type { RemoteName } from '@atrium/contracts';
import { remotesState, retryFailed } from '../federation/remotes';

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
      <Center mih={320} p="xl">
        <Alert
          color="red"
          variant="light"
          title="Part of Atrium could not be loaded"
          maw={560}
          role="alert"
          data-testid="remote-error-panel"
        >
          <Stack gap="sm">
            <Text size="sm">
              {snap.manifestError
                ? 'The list of apps could not be loaded.'
                : `This page belongs to an app that is not responding right now (${failed.join(', ')}). The rest of your workspace keeps working.`}
            </Text>
            <Group>
              <Button size="xs" onClick={() => void retryFailed()}>
                Try again
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Center>
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
