// ui/core: app.tsx (in the /signin bundle) shows this panel too.
import { Alert, Button, Center, Stack, Text } from '@atrium/ui/core';

/** The app that was not responding, in the panel's sentence (one or more remote names). */
export const remoteDownMessage = (names: string) =>
  `This page belongs to an app that is not responding right now (${names}). The rest of your workspace keeps working.`;

/**
 * The panel shown where a remote's page should be when that remote (or the list of remotes) could not load: in
 * the shell, or on a whole page of its own (`fullPage`, a signed-out visitor's public page).
 */
export function RemoteErrorPanel({
  title = 'Part of Atrium could not be loaded',
  message,
  onRetry,
  fullPage = false,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  fullPage?: boolean;
}) {
  return (
    <Center mih={fullPage ? '100vh' : 320} p="xl">
      <Alert
        color="red"
        variant="light"
        title={title}
        maw={fullPage ? 480 : 560}
        role="alert"
        data-testid="remote-error-panel"
      >
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          <Button size="xs" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}
