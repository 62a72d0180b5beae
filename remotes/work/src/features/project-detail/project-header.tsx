import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { bus, toast } from '@atrium/event-bus';
import { PROJECT_MESSAGES, type Project } from '@atrium/domain-work';
import {
  Anchor,
  Badge,
  Button,
  DeleteConfirmDialog,
  Group,
  IconCopy,
  IconPencil,
  IconTrash,
  Link,
  Stack,
  Text,
  Title,
  formatDay,
  formatInstant,
} from '@atrium/ui';
import { StageBadge } from '../../components/stage-badge';
import { useProjectActions } from './use-project';

const when = (iso: string | null, allDay: boolean) => (allDay ? formatDay(iso) : formatInstant(iso));

/** The project page's header: title, stage, type, dates; Edit, Duplicate and Delete. */
export function ProjectHeader({ project: p, onEdit }: { project: Project; onEdit: () => void }) {
  const actions = useProjectActions(p._id);
  const [confirming, setConfirming] = useState(false);

  const duplicate = async () => {
    try {
      const copy = await actions.duplicate.mutateAsync();
      toast.success('Project duplicated');
      bus.emit('navigate', { to: `/projects/${encodeURIComponent(copy._id)}` });
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to duplicate project. Please try again.');
    }
  };

  const remove = async () => {
    try {
      await actions.remove.mutateAsync();
      setConfirming(false);
      toast.success('Project deleted');
      bus.emit('navigate', { to: '/projects' });
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to delete project. Please try again.');
    }
  };

  return (
    <Stack gap={6}>
      <Anchor component={Link} to="/projects" size="sm" c="dimmed">
        ← Projects
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={1} fz={26}>
              {p.title}
            </Title>
            <StageBadge stage={p.stage} size="md" />
          </Group>
          <Group gap="md">
            <Badge variant="outline" color="gray" tt="none">
              {p.type}
            </Badge>
            <Text size="sm" c="dimmed">
              {p.startDate || p.dueDate
                ? `Start ${when(p.startDate, p.isAllDay)} · Due ${when(p.dueDate, p.isAllDay)}`
                : 'No dates set'}
            </Text>
            {p.location && (
              <Text size="sm" c="dimmed">
                {p.location}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => void duplicate()}
            loading={actions.duplicate.isPending}
          >
            Duplicate
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Group>
      </Group>
      <DeleteConfirmDialog
        opened={confirming}
        title="Delete project"
        message={PROJECT_MESSAGES.deleteConfirm}
        loading={actions.remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
