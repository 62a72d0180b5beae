import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A home widget's body while its list loads: three short lines. */
export function WidgetSkeleton() {
  return (
    <Stack gap="sm">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={14} />
      ))}
    </Stack>
  );
}

/** A home widget's body when its list could not be loaded ('Try again' when a retry is given). */
export function WidgetError({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const text = (
    <Text size="sm" c="red">
      {children}
    </Text>
  );
  if (!onRetry) return text;
  return (
    <Group gap="xs">
      {text}
      <Button size="compact-xs" variant="subtle" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}
