import {
  Anchor,
  Button,
  DeleteConfirmDialog,
  Group,
  IconPlus,
  IconTrash,
  ActionIcon,
  Link,
  LoadError,
  Navigate,
  PageSkeleton,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  formatInstant,
  handleError,
  useNavigate,
  useParams,
} from '@atrium/ui';
import { useState } from 'react';
import { CAMPAIGN_MESSAGES, type EmailTemplateSummary } from '@atrium/domain-comms';
import { StatusBadge } from '../features/campaigns/status';
import { useCampaigns, useDeleteTemplate, useTemplates } from '../features/campaigns/use-campaigns';

const TABS = ['campaigns', 'templates'] as const;

function CampaignsTab() {
  const { data, isPending, isError, refetch } = useCampaigns();
  if (isPending) return <PageSkeleton />;
  if (isError) return <LoadError title={CAMPAIGN_MESSAGES.loadFailed} onRetry={() => void refetch()} />;
  if (data.length === 0) return <Text c="dimmed">No campaigns yet. Create one to email a group of contacts.</Text>;
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Sent</Table.Th>
          <Table.Th>Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((c) => (
          <Table.Tr key={c._id}>
            <Table.Td>
              <Anchor component={Link} to={`/emails/campaigns/${c._id}`}>
                {c.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={c.status} />
            </Table.Td>
            <Table.Td>
              {c.counts.sent} / {c.total}
            </Table.Td>
            <Table.Td>{formatInstant(c.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TemplatesTab() {
  const { data, isPending, isError, refetch } = useTemplates();
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<EmailTemplateSummary | null>(null);
  if (isPending) return <PageSkeleton />;
  if (isError) return <LoadError title={CAMPAIGN_MESSAGES.templatesLoadFailed} onRetry={() => void refetch()} />;
  return (
    <>
      {data.length === 0 ? (
        <Text c="dimmed">No templates yet. Design one to use it in campaigns.</Text>
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((t) => (
              <Table.Tr key={t._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/emails/templates/${t._id}/edit`}>
                    {t.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.subject}</Table.Td>
                <Table.Td>{formatInstant(t.updatedAt)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${t.name}`}
                    onClick={() => setDeleting(t)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <DeleteConfirmDialog
        opened={!!deleting}
        onCancel={() => setDeleting(null)}
        title="Delete template"
        message={`Delete the template '${deleting?.name ?? ''}'? Campaigns already sent keep their copy.`}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, { onSuccess: () => setDeleting(null), onError: (e) => handleError(e) })
        }
      />
    </>
  );
}

/** /emails and /emails/{tab}: the campaigns and the templates. */
export default function EmailsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!tab) return <Navigate to="/emails/campaigns" replace />;
  if (!(TABS as readonly string[]).includes(tab)) return <Navigate to="/emails/campaigns" replace />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Emails
        </Title>
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} />} component={Link} to="/emails/templates/create">
            New template
          </Button>
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/emails/campaigns/create">
            New campaign
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => v && navigate(`/emails/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="campaigns">Campaigns</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md">
        {tab === 'campaigns' ? <CampaignsTab /> : <TemplatesTab />}
      </Paper>
    </Stack>
  );
}
