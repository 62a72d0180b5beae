import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import type { Project } from '@atrium/domain-work';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  ChipMultiSelect,
  Group,
  IconPencil,
  IconTrash,
  Link,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  formatDay,
  formatInstant,
} from '@atrium/ui';
import { StageBadge } from '../../components/stage-badge';
import { useContactChoices, useContactNames } from '@atrium/domain-crm/public';
import { ProjectMeetings } from './project-meetings';
import { useProjectActions } from './use-project';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

const when = (iso: string | null, allDay: boolean) => (allDay ? formatDay(iso) : formatInstant(iso));

/** The project's contacts: their names (crm's public calls), a link to each, add and remove. */
function LinkedContacts({ project: p }: { project: Project }) {
  const names = useContactNames(p.contacts);
  const choices = useContactChoices();
  const { addContacts, update } = useProjectActions(p._id);
  const [adding, setAdding] = useState<string[]>([]);
  const available = choices.choices.filter((c) => !p.contacts.includes(c.value));

  const add = async () => {
    try {
      await addContacts.mutateAsync(adding);
      toast.success(`${adding.length} contact(s) linked`);
      setAdding([]);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to link contacts. Please try again.');
    }
  };
  const remove = async (id: string) => {
    try {
      await update.mutateAsync({ contacts: p.contacts.filter((c) => c !== id) });
      toast.success('Contact unlinked');
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to unlink the contact. Please try again.');
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Contacts
        </Title>
        {p.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contacts linked yet. Link the clients and suppliers of this project below.
          </Text>
        ) : (
          <Stack gap={4} aria-label="Linked contacts">
            {p.contacts.map((id) => (
              <Group key={id} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/contacts/${encodeURIComponent(id)}`} size="sm">
                  {names[id] ?? 'Loading…'}
                </Anchor>
                <Tooltip label="Unlink">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Unlink ${names[id] ?? id}`}
                    onClick={() => void remove(id)}
                    disabled={update.isPending}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Box style={{ flex: 1 }}>
            <ChipMultiSelect
              ariaLabel="Contacts to link"
              placeholder={choices.isError ? 'Contacts could not be loaded' : 'Choose contacts to link'}
              data={available}
              value={adding}
              onChange={setAdding}
            />
          </Box>
          <Button onClick={() => void add()} disabled={adding.length === 0} loading={addContacts.isPending}>
            Link
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The details tab: every field of the project (docs/requirements.md §3), its address, contacts and meetings. */
export function DetailsTab({ project: p, onEdit }: { project: Project; onEdit: () => void }) {
  const a = p.address;
  const addressLines = a
    ? [a.line1, a.line2, [a.city, a.state, a.zip].filter(Boolean).join(', '), a.country].filter(Boolean)
    : [];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} fz="md">
              Details
            </Title>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              Edit details
            </Button>
          </Group>
          <SimpleGrid cols={2} spacing="md">
            <Field label="Title">{p.title}</Field>
            <Field label="Type">{p.type}</Field>
            <Field label="Stage">
              <StageBadge stage={p.stage} />
            </Field>
            <Field label="All day">{p.isAllDay ? 'Yes' : 'No'}</Field>
            <Field label="Start">{when(p.startDate, p.isAllDay)}</Field>
            <Field label="Due">{when(p.dueDate, p.isAllDay)}</Field>
            <Field label="Location">{p.location ?? '—'}</Field>
            <Field label="Tasks">{p.taskCount}</Field>
            <Field label="Created">
              {formatInstant(p.createdAt)}
              {p.createdBy ? ` by ${p.createdBy.name}` : ''}
            </Field>
            <Field label="Updated">{formatInstant(p.updatedAt)}</Field>
          </SimpleGrid>
          <Field label="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.description ?? '—'}
            </Text>
          </Field>
          <Field label="Address">{addressLines.length ? addressLines.map((l) => <div key={l}>{l}</div>) : '—'}</Field>
        </Stack>
      </Paper>
      <Stack gap="md">
        <LinkedContacts project={p} />
        <ProjectMeetings projectId={p._id} />
      </Stack>
    </SimpleGrid>
  );
}
