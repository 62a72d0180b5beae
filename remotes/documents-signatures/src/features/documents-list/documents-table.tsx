import {
  ActionIcon,
  Anchor,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconFile,
  IconPencil,
  IconPlus,
  IconTrash,
  Link,
  Menu,
  Table,
  Text,
  formatDay,
  formatInstant,
} from '@atrium/ui';
import { DOCUMENT_TYPE_LABELS, formatMoney, type DocumentSummary } from '@atrium/domain-documents';
import { StatusBadge } from '../../components/status-badge';
import { openPath } from '../../lib/paths';

export type RowAction = 'duplicate' | 'saveAsTemplate' | 'fromTemplate' | 'pdf' | 'delete';

interface DocumentsTableProps {
  rows: DocumentSummary[];
  templates: boolean;
  onAction: (action: RowAction, row: DocumentSummary) => void;
}

/** The documents (or templates) table: title (opens it), type, number, client, status, total, due, updated. */
export function DocumentsTable({ rows, templates, onAction }: DocumentsTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={templates ? 'Templates' : 'Documents'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Client</Table.Th>
            {!templates && <Table.Th>Status</Table.Th>}
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th w={48} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d._id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={openPath(d)} fw={500}>
                  {d.title}
                </Anchor>
                {d.project && (
                  <Text size="xs" c="dimmed" truncate>
                    {d.project.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{DOCUMENT_TYPE_LABELS[d.type]}</Table.Td>
              <Table.Td>{d.number ?? ''}</Table.Td>
              <Table.Td>{d.contact?.name ?? ''}</Table.Td>
              {!templates && (
                <Table.Td>
                  <StatusBadge status={d.status} />
                </Table.Td>
              )}
              <Table.Td ta="right">{d.total !== null && d.currency ? formatMoney(d.total, d.currency) : ''}</Table.Td>
              <Table.Td>{formatDay(d.dueDate)}</Table.Td>
              <Table.Td>{formatInstant(d.updatedAt)}</Table.Td>
              <Table.Td>
                <RowMenu row={d} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowMenu({ row, onAction }: { row: DocumentSummary; onAction: DocumentsTableProps['onAction'] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.title}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={openPath(row)} leftSection={<IconPencil size={14} />}>
          Open
        </Menu.Item>
        {row.type === 'questionnaire' && !row.isTemplate && (
          <Menu.Item component={Link} to={`/documents/responses/${encodeURIComponent(row._id)}`}>
            Responses
          </Menu.Item>
        )}
        {row.isTemplate ? (
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => onAction('fromTemplate', row)}>
            Use template
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconFile size={14} />} onClick={() => onAction('saveAsTemplate', row)}>
            Save as template
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => onAction('duplicate', row)}>
          Duplicate
        </Menu.Item>
        {!row.isTemplate && (
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => onAction('pdf', row)}>
            Download PDF
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="var(--mantine-color-error)"
          leftSection={<IconTrash size={14} />}
          onClick={() => onAction('delete', row)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
