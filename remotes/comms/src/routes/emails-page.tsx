import {
  Button,
  Group,
  IconPlus,
  Link,
  Navigate,
  Paper,
  Stack,
  Tabs,
  Title,
  formatInstant,
  handleError,
  useNavigate,
  useParams,
} from '@atrium/ui';
import { CAMPAIGN_MESSAGES } from '@atrium/domain-comms';
import { ListTable } from '../features/list-table';
import { StatusBadge } from '../features/campaigns/status';
import { useCampaigns, useDeleteTemplate, useTemplates } from '../features/campaigns/use-campaigns';

const TABS = ['campaigns', 'templates'] as const;

function CampaignsTab() {
  const query = useCampaigns();
  return (
    <ListTable
      query={query}
      loadFailed={CAMPAIGN_MESSAGES.loadFailed}
      empty="No campaigns yet. Create one to email a group of contacts."
      linkTo={(c) => `/emails/campaigns/${c._id}`}
      columns={[
        { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
        { header: 'Sent', cell: (c) => `${c.counts.sent} / ${c.total}` },
        { header: 'Created', cell: (c) => formatInstant(c.createdAt) },
      ]}
    />
  );
}

function TemplatesTab() {
  const query = useTemplates();
  const remove = useDeleteTemplate();
  return (
    <ListTable
      query={query}
      loadFailed={CAMPAIGN_MESSAGES.templatesLoadFailed}
      empty="No templates yet. Design one to use it in campaigns."
      linkTo={(t) => `/emails/templates/${t._id}/edit`}
      columns={[
        { header: 'Subject', cell: (t) => t.subject },
        { header: 'Updated', cell: (t) => formatInstant(t.updatedAt) },
      ]}
      removal={{
        title: 'Delete template',
        message: (t) => `Delete the template '${t.name}'? Campaigns already sent keep their copy.`,
        pending: remove.isPending,
        onConfirm: (t, done) => remove.mutate(t._id, { onSuccess: done, onError: (e) => handleError(e) }),
      }}
    />
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
