import { Table, Text, Tooltip } from '@atrium/ui';
import { AUDIT_EVENT_LABELS, type AuditEntry } from '@atrium/domain-documents';
import { formatAt } from './format';

const short = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 12)}…` : hash);

/**
 * The workflow's audit trail, oldest first: what happened, who, when, from where (IP and browser) and each entry's
 * hash (chained to the one before; the full value on hover).
 */
export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" fz="sm" aria-label="Audit trail">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>IP address</Table.Th>
            <Table.Th>Browser</Table.Th>
            <Table.Th>Hash</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...entries]
            .sort((a, b) => a.sequence - b.sequence)
            .map((e) => (
              <Table.Tr key={e.sequence}>
                <Table.Td>{e.sequence}</Table.Td>
                <Table.Td>{AUDIT_EVENT_LABELS[e.event]}</Table.Td>
                <Table.Td>{e.actorName ?? (e.actor === 'system' ? 'Atrium' : e.actor)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAt(e.at)}</Table.Td>
                <Table.Td>{e.ip ?? '—'}</Table.Td>
                <Table.Td maw={220}>
                  <Text size="xs" truncate title={e.userAgent ?? undefined}>
                    {e.userAgent ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={e.hash} multiline w={300} style={{ wordBreak: 'break-all' }}>
                    <Text span ff="monospace" size="xs" tabIndex={0} aria-label={`Hash ${e.hash}`}>
                      {short(e.hash)}
                    </Text>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
