import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  ChipMultiSelect,
  GmailGateModal,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  handleError,
  useNavigate,
} from '@atrium/ui';
import {
  CAMPAIGN_MESSAGES,
  GMAIL_MESSAGES,
  campaignInputSchema,
  gmail,
  type CampaignAudienceInput,
} from '@atrium/domain-comms';
import {
  useAudienceCount,
  useAudienceOptions,
  useCreateCampaign,
  useGmailStatus,
  useTemplates,
} from '../features/campaigns/use-campaigns';

/** /emails/campaigns/create: template, audience (count shown), schedule; the Gmail gate when Gmail is not connected. */
export default function CampaignCreatePage() {
  const navigate = useNavigate();
  const templates = useTemplates();
  const options = useAudienceOptions();
  const status = useGmailStatus();
  const create = useCreateCampaign();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [contactStatus, setContactStatus] = useState<string | null>(null);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [gate, setGate] = useState(false);

  const audience: CampaignAudienceInput = useMemo(
    () => ({ groupIds, tagIds, status: (contactStatus as 'Active' | null) ?? null }),
    [groupIds, tagIds, contactStatus],
  );
  const count = useAudienceCount(audience);
  const template = templates.data?.find((t) => t._id === templateId);
  const connected = status.data?.connected === true;

  const submit = () => {
    if (!connected) {
      setGate(true);
      return;
    }
    const parsed = campaignInputSchema.safeParse({
      name,
      templateId: templateId ?? '',
      subject,
      audience,
      sendAt: when === 'later' && sendAt ? new Date(sendAt).toISOString() : null,
    });
    const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    if (when === 'later' && !sendAt) problems.push('Choose when to send');
    if (count.data && count.data.recipients === 0) problems.push(CAMPAIGN_MESSAGES.noRecipients);
    if (!parsed.success || problems.length > 0) {
      setErrors([...new Set(problems)]);
      return;
    }
    setErrors([]);
    create.mutate(parsed.data, {
      onSuccess: (c) => navigate(`/emails/campaigns/${c._id}`),
      onError: (e) => {
        if ((e as { status?: number }).status === 409) setGate(true);
        else setErrors([handleError(e, { silent: true })]);
      },
    });
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz={26}>
        New campaign
      </Title>
      {status.data && !connected && (
        <Alert color="yellow" title={GMAIL_MESSAGES.gateTitle}>
          {GMAIL_MESSAGES.notConnected}
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert color="red" title="The campaign cannot be sent">
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput label="Campaign name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select
            label="Template"
            required
            placeholder={templates.data?.length === 0 ? 'No templates yet: create one first' : 'Choose a template'}
            data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            value={templateId}
            onChange={setTemplateId}
          />
          <TextInput
            label="Subject"
            description="Leave empty to use the template's subject."
            placeholder={template?.subject ?? ''}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600}>Audience</Text>
          <Text size="sm" c="dimmed">
            Contacts in any of the groups or with any of the tags (none chosen: every contact). Unsubscribed addresses
            are left out.
          </Text>
          <ChipMultiSelect
            label="Groups"
            data={options.data?.groups ?? []}
            value={groupIds}
            onChange={setGroupIds}
            placeholder="Any group"
          />
          <ChipMultiSelect
            label="Tags"
            data={options.data?.tags ?? []}
            value={tagIds}
            onChange={setTagIds}
            placeholder="Any tag"
          />
          <Select
            label="Contact status"
            placeholder="Any status"
            clearable
            data={['Active', 'Inactive']}
            value={contactStatus}
            onChange={setContactStatus}
          />
          <Text size="sm" data-testid="audience-count">
            {count.data
              ? `${count.data.recipients} recipient${count.data.recipients === 1 ? '' : 's'}` +
                (count.data.unsubscribed ? ` (${count.data.unsubscribed} unsubscribed left out)` : '')
              : 'Counting recipients…'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Radio.Group label="When" value={when} onChange={(v) => setWhen(v as 'now')}>
          <Group mt="xs">
            <Radio value="now" label="Send now" />
            <Radio value="later" label="Schedule" />
          </Group>
        </Radio.Group>
        {when === 'later' && (
          <TextInput
            mt="sm"
            type="datetime-local"
            label="Send at"
            value={sendAt}
            onChange={(e) => setSendAt(e.currentTarget.value)}
            w={260}
          />
        )}
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/emails/campaigns')}>
          Cancel
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          {when === 'later' ? 'Schedule campaign' : 'Send campaign'}
        </Button>
      </Group>
      <GmailGateModal
        opened={gate}
        onClose={() => setGate(false)}
        connectHref={gmail.connectUrl('campaign')}
        texts={GMAIL_MESSAGES}
      />
    </Stack>
  );
}
