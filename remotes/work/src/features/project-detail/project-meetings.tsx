import { useQuery } from '@tanstack/react-query';
import { bus } from '@atrium/event-bus';
import { meetingAgendaItem, meetingKeys, meetings } from '@atrium/domain-work';
import { AgendaList, Button, Group, IconPlus, LoadError, Paper, Skeleton, Stack, Text, Title } from '@atrium/ui';

/**
 * The project's meetings (GET /meetings/project/{id}) on its details tab: upcoming soonest first, then past, each
 * linked to /calendar/meetings/{id} with when it happens and its status; 'New meeting' opens the meeting modal in
 * this project.
 */
export function ProjectMeetings({ projectId }: { projectId: string }) {
  const list = useQuery({ queryKey: meetingKeys.ofProject(projectId), queryFn: () => meetings.ofProject(projectId) });
  const rows = list.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            Meetings
          </Title>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => bus.openModal('meeting', { projectId })}
          >
            New meeting
          </Button>
        </Group>
        {list.isPending ? (
          <Stack gap="xs">
            <Skeleton height={14} />
            <Skeleton height={14} />
          </Stack>
        ) : list.isError ? (
          <LoadError
            title="The meetings could not be loaded"
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No meetings in this project yet.
          </Text>
        ) : (
          <AgendaList items={rows.map(meetingAgendaItem)} />
        )}
      </Stack>
    </Paper>
  );
}
