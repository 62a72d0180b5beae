import { Table, UnstyledButton } from '@mantine/core';

/**
 * A sortable column header of a list table: the label as a button (onSort with the field: the list cycles
 * ascending, descending, default), an arrow and aria-sort for the column the list is sorted by.
 */
export function SortHeader<F extends string>({
  field,
  label,
  params,
  onSort,
}: {
  field: F;
  label: string;
  params: { sortBy?: F; sortOrder?: 'asc' | 'desc' };
  onSort: (f: F) => void;
}) {
  const active = params.sortBy === field;
  const arrow = active ? (params.sortOrder === 'desc' ? ' ↓' : ' ↑') : '';
  return (
    <Table.Th aria-sort={active ? (params.sortOrder === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        {label}
        {arrow}
      </UnstyledButton>
    </Table.Th>
  );
}
