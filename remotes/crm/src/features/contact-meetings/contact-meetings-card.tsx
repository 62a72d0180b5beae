import { useQuery } from '@tanstack/react-query';
import { contactDisplayName } from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import { AgendaList, Button, Card, Group, IconPlus, Skeleton, Stack, Text, Title } from '@atrium/ui';
import { meetingAgendaItem, meetingKeys, meetings } from '@atrium/domain-work/public';

/** The contact as the meeting modal's first attendee. */
export interface MeetingContact {
  _id: string;
  email?: string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The contact's meetings (GET /meetings/contact/{id}, the work domain's public call: the meetings this contact
 * attends): upcoming first, then past, each linked to /calendar/meetings/{id} with when it happens and its status.
 * 'New meeting' opens the work remote's meeting modal (the bus) with this contact attending.
 */
export function ContactMeetingsCard({ contact }: { contact: MeetingContact }) {
  const contactId = contact._id;
  const list = useQuery({ queryKey: meetingKeys.ofContact(contactId), queryFn: () => meetings.ofContact(contactId) });
  const rows = list.data ?? [];
  const newMeeting = () =>
    bus.openModal('meeting', {
      attendees: [{ id: contactId, model: 'Contact', email: contact.email ?? null, name: contactDisplayName(contact) }],
    });
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Meetings
        </Title>
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={newMeeting}>
          New meeting
        </Button>
      </Group>
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
