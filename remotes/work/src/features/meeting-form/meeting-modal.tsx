import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import { bus, toast } from '@atrium/event-bus';
import { Button, DraggableModal, Group, Stack, schemaResolver, useForm, useLocation } from '@atrium/ui';
import { MEETING_MESSAGES, meetingInputSchema, meetingKeys, meetings, type Meeting } from '@atrium/domain-work';
import { PickedFiles } from '../../components/picked-files';
import { createWithFiles } from '../../lib/create-with-files';
import { localDay, wireDay } from '../../lib/meeting-dates';
import { useGoogleSyncNote } from '../../hooks/use-google-sync-note';
import { MeetingFields } from './meeting-fields';
import { toFormValues, toInput, toUpdate, type MeetingFormValues, type MeetingPreset } from './meeting-form-values';

/**
 * Where a created meeting takes the user (spec §2: /calendar): the calendar at the meeting's day (it opens at
 * ?date=), so the meeting is on screen wherever it falls. An open calendar keeps its view and the filters the meeting
 * passes; a filter that would hide it (?type= without meetings, another ?status=, a ?search= its title lacks) is
 * dropped.
 */
export function calendarAfterCreate(
  m: Pick<Meeting, 'startDate' | 'isAllDay'> & Partial<Pick<Meeting, 'title' | 'status'>>,
  from: { pathname: string; search: string },
): string {
  const params = new URLSearchParams(from.pathname.startsWith('/calendar') ? from.search : '');
  params.set('date', m.isAllDay ? wireDay(m.startDate) : localDay(new Date(m.startDate)));
  const types = params.get('type')?.split(',').filter(Boolean) ?? [];
  if (types.length > 0 && !types.includes('meeting')) params.delete('type');
  const status = params.get('status');
  if (status && status !== m.status) params.delete('status');
  const search = params.get('search')?.trim().toLowerCase();
  if (search && !(m.title ?? '').toLowerCase().includes(search)) params.delete('search');
  return `/calendar?${params.toString()}`;
}

/**
 * '+ New' → Meeting (spec §2, §8): a draggable modal (modal id 'meeting') with every field of a meeting and
 * attachments picked before creating; the slice's meetingInputSchema (the server's own) validates it. Created →
 * /calendar at its day. With `meeting` it edits that one instead (its attachments are on its panel).
 */
export function MeetingModal({
  meeting,
  preset,
  onClose,
}: {
  meeting?: Meeting | null;
  preset?: MeetingPreset;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const location = useLocation();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const googleNote = useGoogleSyncNote();
  const form = useForm<MeetingFormValues>({
    initialValues: toFormValues(meeting, preset),
    validate: schemaResolver(meetingInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: meetingKeys.all });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      if (meeting) {
        await meetings.update(meeting._id, toUpdate(values));
        toast.success(MEETING_MESSAGES.updated);
        refresh();
        onClose();
        return;
      }
      await createWithFiles(
        () => meetings.create(toInput(values)),
        files,
        (id, f) => meetings.uploadAttachment(id, f),
        MEETING_MESSAGES,
        (created) => {
          refresh();
          onClose();
          bus.emit('navigate', { to: calendarAfterCreate(created, location) });
        },
      );
      // The uploads changed the meeting's attachments.
      if (files.length) refresh();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      if (meeting) toast.error(isApiError(e) && e.message ? e.message : MEETING_MESSAGES.updateFailed);
      else toast.error(MEETING_MESSAGES.createFailed);
    } finally {
      setBusy(false);
    }
  });

  return (
    <DraggableModal
      modalId="meeting"
      opened
      onClose={onClose}
      title={meeting ? 'Edit meeting' : 'New meeting'}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <MeetingFields form={form} meeting={meeting} googleNote={googleNote} onLeave={onClose} />
          {!meeting && (
            <PickedFiles
              files={files}
              onChange={setFiles}
              hint="Attach files now; they upload once the meeting is created."
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {meeting ? 'Save changes' : 'Create meeting'}
            </Button>
          </Group>
        </Stack>
      </form>
    </DraggableModal>
  );
}
