import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  DeleteConfirmDialog,
  IconTrash,
  Link,
  LoadError,
  PageSkeleton,
  Table,
  Text,
} from '@atrium/ui';

/** A row of a comms list: it has an id and a name (automations, campaigns, email templates). */
export interface ListRow {
  _id: string;
  name: string;
}

export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** Deleting a row: a red bin at the end of each row, then the confirm dialog with these words. */
export interface ListRemoval<T> {
  title: string;
  message: (row: T) => string;
  pending: boolean;
  /** Deletes the row; `done` closes the dialog (call it when the deletion succeeded). */
  onConfirm: (row: T, done: () => void) => void;
}

export interface ListTableProps<T extends ListRow> {
  /** The list's query (react-query): a skeleton while pending, the load error with Try again, the rows. */
  query: { data: T[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  loadFailed: string;
  /** Said when the list is empty. */
  empty: ReactNode;
  /** The row's own page: the first column, Name, links there. */
  linkTo: (row: T) => string;
  /** The columns after Name. */
  columns: ListColumn<T>[];
  /** Rows can be deleted (left out: no bin column). */
  removal?: ListRemoval<T>;
}

/**
 * The table shell the comms lists share (/automation, /emails campaigns and templates): pending, failed and empty
 * states, a Name column linking to the row's page, the page's own columns, and an optional delete with its confirm.
 */
export function ListTable<T extends ListRow>({
  query,
  loadFailed,
  empty,
  linkTo,
  columns,
  removal,
}: ListTableProps<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const { data, isPending, isError, refetch } = query;
  if (isPending) return <PageSkeleton />;
  if (isError || !data) return <LoadError title={loadFailed} onRetry={() => void refetch()} />;
  return (
    <>
      {data.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
              {removal && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row._id}>
                <Table.Td>
                  <Anchor component={Link} to={linkTo(row)}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                ))}
                {removal && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${row.name}`}
                      onClick={() => setDeleting(row)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {removal && (
        <DeleteConfirmDialog
          opened={!!deleting}
          onCancel={() => setDeleting(null)}
          title={removal.title}
          message={deleting ? removal.message(deleting) : ''}
          loading={removal.pending}
          onConfirm={() => deleting && removal.onConfirm(deleting, () => setDeleting(null))}
        />
      )}
    </>
  );
}
