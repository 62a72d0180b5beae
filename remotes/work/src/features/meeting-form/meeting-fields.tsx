import {
  Anchor,
  ChipMultiSelect,
  Link,
  SearchableSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  type UseFormReturnType,
} from '@atrium/ui';
import {
  MEETING_STATUSES,
  MEETING_STATUS_LABELS,
  MEETING_TYPES,
  MEETING_TYPE_LABELS,
  type Meeting,
} from '@atrium/domain-work';
import { convertDateInput } from '../../lib/task-dates';
import { DateRangeFields } from '../../components/date-range-fields';
import { useProjectOptions } from '../../hooks/use-task-pickers';
import { attendeeValue, useAttendeeChoices, useMembers } from '../../hooks/use-attendee-choices';
import { INTEGRATIONS_PATH } from '../../hooks/use-google-sync-note';
import type { MeetingFormValues } from './meeting-form-values';

const STATUS_OPTIONS = MEETING_STATUSES.map((s) => ({ value: s, label: MEETING_STATUS_LABELS[s] }));
const TYPE_OPTIONS = MEETING_TYPES.map((t) => ({ value: t, label: MEETING_TYPE_LABELS[t] }));

/** A meeting's end as all day is switched: a day becomes 10:00 that day (an hour after the start's 09:00). */
const convertMeetingEnd = (value: string, toAllDay: boolean) =>
  toAllDay || !value || value.includes('T') ? convertDateInput(value, toAllDay) : `${value}T10:00`;

/**
 * The fields of a meeting (spec §3 Meeting): title, description, type, status, dates with all-day (an all-day
 * meeting's end is its last day), location, virtual with its link, project, organizer (a member), attendees
 * (contacts and members), notes and the Google Calendar switch. Editing, the project is left to the meeting's panel.
 */
export function MeetingFields({
  form,
  meeting,
  googleNote,
  onLeave,
}: {
  form: UseFormReturnType<MeetingFormValues>;
  meeting?: Meeting | null;
  /** Under the Google Calendar switch: whether it can sync, said plainly. */
  googleNote: { text: string; disabled: boolean; connect: boolean };
  /** Following the link to connect Google Calendar leaves the form. */
  onLeave: () => void;
}) {
  const v = form.values;
  const projectOptions = useProjectOptions(meeting?.project);
  const attendees = useAttendeeChoices(v.attendees);
  const members = useMembers();
  const organizerOptions = members.members.map((m) => ({ value: m.id, label: m.name }));
  if (meeting?.organizer && !organizerOptions.some((o) => o.value === meeting.organizer!._id))
    organizerOptions.unshift({ value: meeting.organizer._id, label: meeting.organizer.name });
  const pickAttendees = (values: string[]) =>
    form.setFieldValue(
      'attendees',
      values.flatMap((value) => {
        const c = attendees.choices.find((x) => x.value === value);
        return c ? [c.attendee] : [];
      }),
    );
  return (
    <Stack gap="sm">
      <TextInput label="Title" withAsterisk placeholder="What is it about?" {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={8}
        placeholder="Agenda, context…"
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={2}>
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('type')}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <DateRangeFields
        form={form}
        start={{ field: 'startDate', label: 'Start' }}
        end={{ field: 'endDate', label: v.isAllDay ? 'Last day' : 'End' }}
        required
        convertEnd={convertMeetingEnd}
      />
      <TextInput label="Location" placeholder="Address or room" {...form.getInputProps('location')} />
      <Switch label="Virtual meeting" {...form.getInputProps('isVirtual', { type: 'checkbox' })} />
      {v.isVirtual && (
        <TextInput label="Meeting link" placeholder="https://…" type="url" {...form.getInputProps('meetingLink')} />
      )}
      <SimpleGrid cols={meeting ? 1 : 2}>
        {/* An existing meeting changes project on its panel (link / unlink). */}
        {!meeting && (
          <SearchableSelect
            label="Project"
            placeholder={projectOptions.isPending ? 'Loading projects…' : 'No project'}
            data={projectOptions.options}
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps('projectId')}
            value={v.projectId || null}
            onChange={(x) => form.setFieldValue('projectId', x ?? '')}
          />
        )}
        <SearchableSelect
          label="Organizer"
          placeholder={members.isPending ? 'Loading members…' : 'You'}
          data={organizerOptions}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('organizer')}
          value={v.organizer || null}
          onChange={(x) => form.setFieldValue('organizer', x ?? '')}
        />
      </SimpleGrid>
      <ChipMultiSelect
        label="Attendees"
        placeholder={attendees.isError ? 'People could not be loaded' : 'Add contacts or members'}
        data={attendees.choices}
        value={v.attendees.map(attendeeValue)}
        onChange={pickAttendees}
        error={form.errors.attendees as string | undefined}
      />
      <Textarea label="Notes" autosize minRows={2} maxRows={8} {...form.getInputProps('notes')} />
      <Stack gap={2}>
        <Switch
          label="Sync to Google Calendar"
          disabled={googleNote.disabled && !v.syncToGoogleCalendar}
          {...form.getInputProps('syncToGoogleCalendar', { type: 'checkbox' })}
        />
        <Text size="xs" c="dimmed" data-testid="google-sync-note">
          {googleNote.text}{' '}
          {googleNote.connect && (
            <Anchor component={Link} to={INTEGRATIONS_PATH} size="xs" onClick={onLeave}>
              Connect it in the integrations
            </Anchor>
          )}
        </Text>
      </Stack>
    </Stack>
  );
}
