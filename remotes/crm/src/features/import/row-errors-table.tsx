import { ScrollArea, Table } from '@atrium/ui';
import type { ContactImportRowError } from '@atrium/domain-crm';
import { fieldLabel } from './import-helpers';

/** Row, field and message of each problem a CSV row had (validation and the import's skipped rows). */
export function RowErrorsTable({
  errors,
  label,
  maxHeight,
}: {
  errors: ContactImportRowError[];
  label: string;
  maxHeight: number;
}) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
      <Table fz="sm" verticalSpacing={4} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Row</Table.Th>
            <Table.Th w={130}>Field</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e, i) => (
            <Table.Tr key={`${e.row}-${e.field}-${i}`}>
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{fieldLabel(e.field)}</Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
