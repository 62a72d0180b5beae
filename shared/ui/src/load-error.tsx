import { Alert, Button, Stack, Text } from '@mantine/core';

/** A list or column that could not be loaded: the title, the reason when there is one, and Try again. */
export function LoadError({ title, message, onRetry }: { title: string; message?: string; onRetry: () => void }) {
  const retry = (
    <Button size="xs" onClick={onRetry}>
      Try again
    </Button>
  );
  return (
    <Alert color="red" title={title} role="alert">
      {message === undefined ? (
        retry
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          {retry}
        </Stack>
      )}
    </Alert>
  );
}
