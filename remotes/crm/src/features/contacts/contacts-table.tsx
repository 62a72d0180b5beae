import { contactDisplayName } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import type { Contact, ContactListParams, ContactSortField } from '@atrium/domain-crm';
import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  IconCopy,
  Link,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  formatInstant,
  SortHeader,
  SelectAllHeader,
} from '@atrium/ui';

async function copyEmail(email: string) {
  try {
    await navigator.clipboard.writeText(email);
    toast.success(`Copied ${email}`);
  } catch {
    toast.error('Could not copy the email address');
  }
}

interface ContactsTableProps {
  rows: Contact[];
  onOpen: (contact: Contact) => void;
  params: ContactListParams;
  onSort: (field: ContactSortField) => void;
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
}

export function ContactsTable({ rows, onOpen, params, onSort, selected, onSelect }: ContactsTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Contacts">
        <Table.Thead>
          <Table.Tr>
            <SelectAllHeader ids={rows.map((r) => r._id)} selected={selected} onSelect={onSelect} />
            <SortHeader field="firstName" label="Name" params={params} onSort={onSort} />
            <SortHeader field="email" label="Email" params={params} onSort={onSort} />
            <Table.Th>Phone</Table.Th>
            <SortHeader field="business" label="Business" params={params} onSort={onSort} />
            <SortHeader field="status" label="Status" params={params} onSort={onSort} />
            <SortHeader field="dateCreated" label="Created" params={params} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c._id} bg={selected.has(c._id) ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${contactDisplayName(c)}`}
                  checked={selected.has(c._id)}
                  onChange={(e) => onSelect([c._id], e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <UnstyledButton onClick={() => onOpen(c)} aria-label={`Edit ${contactDisplayName(c)}`}>
                    <Text fw={500}>{contactDisplayName(c)}</Text>
                  </UnstyledButton>
                  <Anchor
                    component={Link}
                    to={`/contacts/${c._id}`}
                    size="xs"
                    c="dimmed"
                    aria-label={`Open ${contactDisplayName(c)}`}
                  >
                    Open
                  </Anchor>
                </Group>
                {c.jobTitle && (
                  <Text size="xs" c="dimmed">
                    {c.jobTitle}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Anchor href={`mailto:${c.email}`} size="sm">
                    {c.email}
                  </Anchor>
                  <Tooltip label="Copy email">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Copy ${c.email}`}
                      onClick={() => void copyEmail(c.email)}
                    >
                      <IconCopy size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
              <Table.Td>{c.phone ?? '—'}</Table.Td>
              <Table.Td>{c.business ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={c.status === 'Active' ? 'atrium' : 'gray'} variant="light" tt="none">
                  {c.status}
                </Badge>
              </Table.Td>
              <Table.Td>{formatInstant(c.dateCreated)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
