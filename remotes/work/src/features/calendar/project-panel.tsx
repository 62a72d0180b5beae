import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { Alert, Anchor, Button, Drawer, Group, Link, PageSkeleton, Stack, Text, formatPeriod } from '@atrium/ui';
import { projects, projectKeys } from '@atrium/domain-work';
import { StageBadge } from '../../components/stage-badge';

/** /calendar/projects/{id}: a small panel over the calendar — the project's title, stage and dates, and a link to it. */
export function ProjectPanel({ projectId, onClose }: { projectId: string | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: projectKeys.one(projectId ?? undefined),
    queryFn: () => projects.get(projectId as string),
    enabled: !!projectId,
    retry: false,
  });
  const notFound = isApiError(q.error) && q.error.status === 404;
  const p = q.data;
  return (
    <Drawer
      opened={!!projectId}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={600}>Project</Text>}
      padding="lg"
    >
      {!projectId ? null : q.isPending ? (
        <PageSkeleton rows={3} />
      ) : q.isError || !p ? (
        <Alert color="red" role="alert" title={notFound ? 'Project not found' : 'The project could not be loaded'}>
          <Button size="xs" variant="default" onClick={onClose}>
            Close
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text fw={700} fz="lg" style={{ wordBreak: 'break-word' }}>
            {p.title}
          </Text>
          <Group gap={6}>
            <StageBadge stage={p.stage} />
            {p.type && (
              <Text size="sm" c="dimmed">
                {p.type}
              </Text>
            )}
          </Group>
          <Text size="sm">
            {p.startDate || p.dueDate
              ? formatPeriod(p.startDate ?? p.dueDate!, p.dueDate ?? p.startDate, p.isAllDay)
              : 'No dates'}
          </Text>
          {p.description && (
            <Text size="sm" c="dimmed" lineClamp={4}>
              {p.description}
            </Text>
          )}
          <Anchor component={Link} to={`/projects/${encodeURIComponent(p._id)}`} fw={600}>
            Open project
          </Anchor>
        </Stack>
      )}
    </Drawer>
  );
}
