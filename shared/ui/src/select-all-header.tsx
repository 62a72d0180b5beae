import { Checkbox, Table } from '@mantine/core';

/** A list table's first header: a checkbox that selects (or drops) every row on the page, half-checked for some. */
export function SelectAllHeader({
  ids,
  selected,
  onSelect,
}: {
  /** The rows on this page. */
  ids: string[];
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
}) {
  const allOnPage = ids.length > 0 && ids.every((id) => selected.has(id));
  const someOnPage = ids.some((id) => selected.has(id));
  return (
    <Table.Th w={36}>
      <Checkbox
        aria-label="Select all on this page"
        checked={allOnPage}
        indeterminate={someOnPage && !allOnPage}
        onChange={(e) => onSelect(ids, e.currentTarget.checked)}
      />
    </Table.Th>
  );
}
