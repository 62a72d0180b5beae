import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Link,
  LoadError,
  PageSkeleton,
  Pagination,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  formatInstant,
  handleError,
  useParams,
} from '@atrium/ui';
import { CAMPAIGN_MESSAGES, RECIPIENT_STATUSES, type RecipientStatus } from '@atrium/domain-comms';
import { STATUS_LABELS, StatusBadge } from '../features/campaigns/status';
import { useCampaign, useCampaignAction, useRecipients } from '../features/campaigns/use-campaigns';

/** /emails/campaigns/{id}: the campaign's progress and each recipient's status, refreshed while it sends. */
export default function CampaignDetailPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const [page, setPage] = useState(1);
  const live = campaign.data?.status === 'sending';
  const recipients = useRecipients(id, { status: status ?? undefined, page, limit: 50 }, live);
  const action = useCampaignAction(id);
  const me = useSnapshot(sessionView).user;

  if (campaign.isPending) return <PageSkeleton />;
  if (campaign.isError)
    return <LoadError title={CAMPAIGN_MESSAGES.loadFailed} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;
  // It goes out from the sender's Gmail: its sender, owners and admins stop and resume it (the server says so too).
  const mayControl = Boolean(me && (me.id === c.sender._id || me.role === 'owner' || me.role === 'admin'));
  const done = c.counts.sent + c.counts.failed + c.counts.bounced + c.counts.unknown;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/emails/campaigns" size="sm">
        ← Campaigns
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={1} fz={26}>
            {c.name}
          </Title>
          <StatusBadge status={c.status} />
        </Group>
        <Group>
          {mayControl && (c.status === 'scheduled' || c.status === 'sending') && (
            <Button
              variant="default"
              color="red"
              loading={action.isPending}
              onClick={() => action.mutate('cancel', { onError: (e) => handleError(e) })}
            >
              Cancel campaign
            </Button>
          )}
          {mayControl && c.status === 'failed' && (
            <Button
              loading={action.isPending}
              onClick={() => action.mutate('resume', { onError: (e) => handleError(e) })}
            >
              Resume
            </Button>
          )}
        </Group>
      </Group>
      {c.note && <Alert color={c.status === 'failed' ? 'red' : 'yellow'}>{c.note}</Alert>}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text size="sm">
            Subject: <b>{c.subject}</b> · From {c.sender.name} ·{' '}
            {c.sendAt ? `Scheduled for ${formatInstant(c.sendAt)}` : `Created ${formatInstant(c.createdAt)}`}
          </Text>
          <Progress value={c.total ? (done / c.total) * 100 : 0} aria-label="Progress" />
          <SimpleGrid cols={{ base: 3, sm: 6 }} data-testid="campaign-counts">
            {RECIPIENT_STATUSES.map((s) => (
              <div key={s}>
                <Text size="xs" c="dimmed">
                  {STATUS_LABELS[s]}
                </Text>
                <Text fw={600}>{c.counts[s]}</Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Text fw={600}>Recipients ({c.total})</Text>
          <Select
            placeholder="Every status"
            clearable
            w={180}
            data={RECIPIENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={status}
            onChange={(v) => {
              setStatus(v as RecipientStatus | null);
              setPage(1);
            }}
          />
        </Group>
        {recipients.isError ? (
          <LoadError title={CAMPAIGN_MESSAGES.loadFailed} onRetry={() => void recipients.refetch()} />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(recipients.data?.data ?? []).map((r) => (
                <Table.Tr key={r._id} data-testid="recipient-row">
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>{r.sentAt ? formatInstant(r.sentAt) : ''}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="red">
                      {r.error ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {(recipients.data?.pagination.totalPages ?? 1) > 1 && (
          <Pagination mt="sm" value={page} onChange={setPage} total={recipients.data!.pagination.totalPages} />
        )}
      </Paper>
    </Stack>
  );
}
