import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list page's bar for its selected rows: how many, the list's own actions (children), and 'Clear selection'. */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        <Group gap="xs">
          {children}
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
