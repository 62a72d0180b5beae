import { useQuery } from '@tanstack/react-query';
import { bus } from '@atrium/event-bus';
import { meetingAgendaItem, meetingKeys, meetings } from '@atrium/domain-work';
import { AgendaList, Button, IconPlus } from '@atrium/ui';
import { ListCard } from './list-card';

/**
 * The project's meetings (GET /meetings/project/{id}) on its details tab: upcoming soonest first, then past, each
 * linked to /calendar/meetings/{id} with when it happens and its status; 'New meeting' opens the meeting modal in
 * this project.
 */
export function ProjectMeetings({ projectId }: { projectId: string }) {
  const list = useQuery({ queryKey: meetingKeys.ofProject(projectId), queryFn: () => meetings.ofProject(projectId) });
  return (
    <ListCard
      title="Meetings"
      action={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => bus.openModal('meeting', { projectId })}
        >
          New meeting
        </Button>
      }
      query={list}
      errorTitle="The meetings could not be loaded"
      emptyText="No meetings in this project yet."
    >
      {(rows) => <AgendaList items={rows.map(meetingAgendaItem)} />}
    </ListCard>
  );
}
