import type { Contact } from '@atrium/contracts';
import { contactDisplayName } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import { ActionIcon, Anchor, Badge, Group, IconCopy, Link, Table, Text, Tooltip, UnstyledButton } from '@atrium/ui';

const dateFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Invalid date' : dateFmt.format(d);
}

async function copyEmail(email: string) {
  try {
    await navigator.clipboard.writeText(email);
    toast.success(`Copied ${email}`);
  } catch {
    toast.error('Could not copy the email address');
  }
}

export function ContactsTable({ rows, onOpen }: { rows: Contact[]; onOpen: (contact: Contact) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Contacts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Business</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c._id}>
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
              <Table.Td>{formatDate(c.dateCreated)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
