import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Group, LoadError, Paper, Skeleton, Stack, Text, Title } from '@atrium/ui';

/**
 * A card of the project's details listing one kind of record from one query: its title and action, two skeleton
 * lines while loading, the error with a retry, the empty text, or the rows as the caller draws them.
 */
export function ListCard<T>({
  title,
  action,
  query,
  errorTitle,
  emptyText,
  children,
}: {
  title: string;
  action: ReactNode;
  query: UseQueryResult<T[]>;
  errorTitle: string;
  emptyText: string;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = query.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {title}
          </Title>
          {action}
        </Group>
        {query.isPending ? (
          <Stack gap="xs">
            <Skeleton height={14} />
            <Skeleton height={14} />
          </Stack>
        ) : query.isError ? (
          <LoadError title={errorTitle} message={query.error.message} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          children(rows)
        )}
      </Stack>
    </Paper>
  );
}
