import { Anchor, Badge, Button, Group, Paper, Stack, Text, Link, IconPlus } from '@atrium/ui';
import type { Community } from '@atrium/domain-market';
import { useEvents } from './use-communities';
import { eventWhen, eventWhere, seatsText } from '../../lib/event-when';
import { browserZone } from '../../lib/zoned-time';

export function EventsTab({ community, canModerate }: { community: Community; canModerate: boolean }) {
  const events = useEvents(community._id, true);
  const zone = browserZone();
  return (
    <Stack>
      {canModerate && (
        <Group>
          <Button
            component={Link}
            to={`/events/create?communityId=${encodeURIComponent(community._id)}`}
            leftSection={<IconPlus size={16} />}
          >
            New event
          </Button>
        </Group>
      )}
      {events.isError && <Text c="red">{events.error.message}</Text>}
      {events.data?.length === 0 && <Text c="dimmed">No events planned.</Text>}
      {events.data?.map((e) => (
        <Paper key={e._id} withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Anchor
                component={Link}
                to={`/communities/${encodeURIComponent(community._id)}/events/${encodeURIComponent(e._id)}`}
                fw={600}
              >
                {e.title}
              </Anchor>
              <Text size="sm">{eventWhen(e, zone).own}</Text>
              <Text size="sm" c="dimmed">
                {eventWhere(e)} · {seatsText(e)}
              </Text>
            </Stack>
            {e.myRsvp && (
              <Badge color={e.myRsvp === 'going' ? 'teal' : 'yellow'} variant="light">
                {e.myRsvp === 'going' ? 'Going' : 'On the waitlist'}
              </Badge>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
