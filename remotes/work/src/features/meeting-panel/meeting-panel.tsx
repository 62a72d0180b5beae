import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { bus, toast } from '@atrium/event-bus';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  DeleteConfirmDialog,
  Divider,
  Drawer,
  Group,
  IconPencil,
  IconTrash,
  Link,
  PageSkeleton,
  Stack,
  Text,
  formatPeriod,
} from '@atrium/ui';
import { MEETING_MESSAGES, MEETING_STATUS_LABELS, MEETING_TYPE_LABELS, type Meeting } from '@atrium/domain-work';
import { useMeeting, useMeetingMutations } from '../../hooks/use-meeting';
import { MeetingAttachments } from './meeting-attachments';
import { MeetingProject } from './meeting-project';

/** /calendar/meetings/{id}: the meeting over the calendar — details, attendees, project, files, Google sync; Edit, Delete. */
export function MeetingPanel({ meetingId, onClose }: { meetingId: string | null; onClose: () => void }) {
  const q = useMeeting(meetingId);
  const notFound = isApiError(q.error) && q.error.status === 404;
  return (
    <Drawer
      opened={!!meetingId}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>Meeting</Text>}
      padding="lg"
    >
      {!meetingId ? null : q.isPending ? (
        <PageSkeleton rows={6} />
      ) : q.isError ? (
        <Alert
          color="red"
          title={notFound ? MEETING_MESSAGES.notFound : 'The meeting could not be loaded'}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            {!notFound && <Text size="sm">{q.error.message}</Text>}
            <Group gap="xs">
              {!notFound && (
                <Button size="xs" onClick={() => void q.refetch()}>
                  Try again
                </Button>
              )}
              <Button size="xs" variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <MeetingDetails key={q.data._id} meeting={q.data} onClose={onClose} />
      )}
    </Drawer>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}

function GoogleSync({ meeting }: { meeting: Meeting }) {
  if (meeting.source === 'google_calendar')
    return (
      <Text size="sm">
        From Google Calendar{meeting.isReadOnly ? ' (read-only until linked to a project)' : ''}.{' '}
        {meeting.googleCalendarUrl && (
          <Anchor href={meeting.googleCalendarUrl} target="_blank" rel="noreferrer" size="sm">
            Open in Google Calendar
          </Anchor>
        )}
      </Text>
    );
  if (meeting.syncedToGoogleCalendar)
    return (
      <Text size="sm">
        Synced to Google Calendar.{' '}
        {meeting.googleCalendarUrl && (
          <Anchor href={meeting.googleCalendarUrl} target="_blank" rel="noreferrer" size="sm">
            Open in Google Calendar
          </Anchor>
        )}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      {meeting.syncToGoogleCalendar
        ? 'Not synced to Google Calendar yet (it syncs once Google Calendar is connected and reachable).'
        : 'Not synced to Google Calendar.'}
    </Text>
  );
}

function MeetingDetails({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const m = useMeetingMutations(meeting._id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = async () => {
    try {
      await m.remove.mutateAsync();
      toast.success(MEETING_MESSAGES.deleted);
      setConfirmDelete(false);
      onClose();
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : MEETING_MESSAGES.deleteFailed);
    }
  };
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={700} fz="lg" data-testid="meeting-panel-title" style={{ wordBreak: 'break-word' }}>
          {meeting.title}
        </Text>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={meeting.status === 'cancelled' ? 'red' : 'teal'}>
            {MEETING_STATUS_LABELS[meeting.status]}
          </Badge>
          <Badge size="sm" variant="outline" color="gray">
            {MEETING_TYPE_LABELS[meeting.type]}
          </Badge>
          {meeting.isReadOnly && (
            <Badge size="sm" variant="outline" color="gray">
              Read-only
            </Badge>
          )}
        </Group>
      </Stack>
      {!meeting.isReadOnly && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => bus.openModal('meeting', { meeting })}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
        </Group>
      )}
      <Stack gap={6}>
        <Row label="When">{formatPeriod(meeting.startDate, meeting.endDate, meeting.isAllDay)}</Row>
        {meeting.location && <Row label="Where">{meeting.location}</Row>}
        {meeting.isVirtual && (
          <Row label="Online">
            {meeting.meetingLink ? (
              <Anchor href={meeting.meetingLink} target="_blank" rel="noreferrer" size="sm">
                {meeting.meetingLink}
              </Anchor>
            ) : (
              'Virtual meeting (no link yet)'
            )}
          </Row>
        )}
        {meeting.organizer && (
          <Row label="Organizer">
            {meeting.organizer.name}
            {meeting.organizer.email ? ` · ${meeting.organizer.email}` : ''}
          </Row>
        )}
        {meeting.description && <Row label="Description">{meeting.description}</Row>}
        {meeting.notes && <Row label="Notes">{meeting.notes}</Row>}
      </Stack>
      <Divider />
      <Stack gap={6}>
        <Text fw={600} size="sm">
          Attendees ({meeting.attendees.length})
        </Text>
        {meeting.attendees.length === 0 ? (
          <Text size="sm" c="dimmed">
            No attendees.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {meeting.attendees.map((a) => (
              <Group key={`${a.model}:${a.id}`} component="li" gap={6} wrap="nowrap" data-testid="meeting-attendee">
                {a.model === 'Contact' ? (
                  <Anchor component={Link} to={`/contacts/${encodeURIComponent(a.id)}`} size="sm">
                    {a.name || a.email || 'Contact'}
                  </Anchor>
                ) : (
                  <Text size="sm">{a.name || a.email || 'Member'}</Text>
                )}
                {a.email && a.name && (
                  <Text size="xs" c="dimmed">
                    {a.email}
                  </Text>
                )}
                <Badge size="xs" variant="light" color="gray">
                  {a.model === 'Contact' ? 'Contact' : 'Member'}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Divider />
      <MeetingProject meeting={meeting} mutations={m} />
      <Divider />
      <MeetingAttachments meeting={meeting} mutations={m} />
      <Divider />
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Google Calendar
        </Text>
        <GoogleSync meeting={meeting} />
      </Stack>
      <DeleteConfirmDialog
        opened={confirmDelete}
        title="Delete meeting"
        message={MEETING_MESSAGES.deleteConfirm}
        loading={m.remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
