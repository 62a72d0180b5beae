import { useQuery } from '@tanstack/react-query';
import { AgendaList, Button, Card, Group, Skeleton, Stack, Text, Title } from '@atrium/ui';
import { meetingAgendaItem, meetingKeys, meetings } from '@atrium/domain-work/public';

/**
 * The contact's meetings (GET /meetings/contact/{id}, the work domain's public call: the meetings this contact
 * attends): upcoming first, then past, each linked to /calendar/meetings/{id} with when it happens and its status.
 */
export function ContactMeetingsCard({ contactId }: { contactId: string }) {
  const list = useQuery({ queryKey: meetingKeys.ofContact(contactId), queryFn: () => meetings.ofContact(contactId) });
  const rows = list.data ?? [];
  return (
    <Card withBorder>
      <Title order={2} fz="md" mb="sm">
        Meetings
      </Title>
      <Stack gap="xs">
        {list.isPending ? (
          <Skeleton height={14} />
        ) : list.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red">
              Meetings could not be loaded.
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Group>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No meetings with this contact yet.
          </Text>
        ) : (
          <AgendaList items={rows.map(meetingAgendaItem)} />
        )}
      </Stack>
    </Card>
  );
}
