import { useEffect } from 'react';
import type { Pagination as PaginationData } from '@atrium/contracts';
import { Group, Pagination, Text } from '@atrium/ui';

interface ListFooterProps {
  pagination: PaginationData | undefined;
  page: number;
  /** Plural noun of the rows ('forms', 'responses'). */
  noun: string;
  isFetching: boolean;
  onPage: (page: number | null) => void;
}

/** "Showing 1–20 of 45 …" and the pages; a page past the last (rows deleted meanwhile) goes back to the last. */
export function ListFooter({ pagination, page, noun, isFetching, onPage }: ListFooterProps) {
  const total = pagination?.total ?? 0;
  const lastPage = Math.max(1, pagination?.totalPages ?? 1);
  useEffect(() => {
    if (pagination && !isFetching && page > lastPage) onPage(lastPage > 1 ? lastPage : null);
  }, [pagination, isFetching, page, lastPage, onPage]);
  if (!pagination || total === 0) return null;
  const from = (page - 1) * pagination.limit + 1;
  const to = Math.min(total, page * pagination.limit);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid="list-range">
        Showing {from}–{to} of {total} {noun}
      </Text>
      {pagination.totalPages > 1 && <Pagination total={pagination.totalPages} value={page} onChange={onPage} />}
    </Group>
  );
}
