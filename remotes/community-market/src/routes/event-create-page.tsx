import { useMemo, useState, type ComponentProps } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  handleError,
  useNavigate,
  useSearchParams,
} from '@atrium/ui';
import { COMMUNITY_MESSAGES, eventInputSchema } from '@atrium/domain-market';
import { useCommunityActions, useCommunityList } from '../features/communities/use-communities';
import { allZones, browserZone, zonedWallToIso } from '../lib/zoned-time';

type Field =
  'communityId' | 'title' | 'description' | 'startsAt' | 'endsAt' | 'timeZone' | 'onlineUrl' | 'place' | 'capacity';
type Errors = Partial<Record<Field, string>>;

/**
 * One text field of the form — title, start, end, link, place, capacity: its value and setter, and the error of
 * its field by name; the rest goes to the input as it is.
 */
function EventField({
  field,
  value,
  onValue,
  errors,
  ...input
}: Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange' | 'error'> & {
  field: Field;
  value: string;
  onValue: (value: string) => void;
  errors: Errors;
}) {
  return <TextInput {...input} value={value} onChange={(e) => onValue(e.currentTarget.value)} error={errors[field]} />;
}

/**
 * /events/create: an event of a community the caller runs (owner or moderator) — title, description, start and
 * end as wall times in the chosen time zone, online link or place, an optional capacity.
 */
export default function EventCreatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mine = useCommunityList({ scope: 'mine', limit: 100 });
  const actions = useCommunityActions();
  const zones = useMemo(() => allZones(), []);
  const runnable = (mine.data?.data ?? []).filter(
    (c) => c.myStatus === 'active' && (c.myRole === 'owner' || c.myRole === 'moderator'),
  );
  const [communityId, setCommunityId] = useState<string | null>(params.get('communityId'));
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [timeZone, setTimeZone] = useState(browserZone());
  const [mode, setMode] = useState<'online' | 'in_person'>('online');
  const [onlineUrl, setOnlineUrl] = useState('');
  const [place, setPlace] = useState('');
  const [capacity, setCapacity] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!communityId) next.communityId = 'Choose a community';
    const input = {
      title,
      description,
      startsAt: zonedWallToIso(start, timeZone) ?? '',
      endsAt: zonedWallToIso(end, timeZone) ?? '',
      timeZone,
      mode,
      onlineUrl: mode === 'online' ? onlineUrl : undefined,
      place: mode === 'in_person' ? place : undefined,
      capacity: capacity.trim() === '' ? null : Number(capacity),
    };
    const parsed = eventInputSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
    if (!start) next.startsAt = 'Start is required';
    if (!end) next.endsAt = 'End is required';
    setErrors(next);
    if (Object.keys(next).length || !parsed.success || !communityId) return;
    setBusy(true);
    try {
      const made = await actions.createEvent(communityId, parsed.data);
      toast.success(COMMUNITY_MESSAGES.eventCreated);
      navigate(`/communities/${encodeURIComponent(communityId)}/events/${encodeURIComponent(made._id)}`);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields as Errors);
      handleError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={1} fz={26}>
        New event
      </Title>
      {mine.isSuccess && runnable.length === 0 ? (
        <Alert color="gray" title="No community to host it">
          Events belong to a community. Create a community, or ask one you belong to for the moderator role.
        </Alert>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Select
                label="Community"
                withAsterisk
                data={runnable.map((c) => ({ value: c._id, label: c.name }))}
                value={communityId}
                onChange={setCommunityId}
                error={errors.communityId}
              />
              <EventField label="Title" withAsterisk field="title" value={title} onValue={setTitle} errors={errors} />
              <Textarea
                label="Description"
                autosize
                minRows={3}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                error={errors.description}
              />
              <Group grow align="flex-start">
                <EventField
                  label="Starts"
                  type="datetime-local"
                  withAsterisk
                  field="startsAt"
                  value={start}
                  onValue={setStart}
                  errors={errors}
                />
                <EventField
                  label="Ends"
                  type="datetime-local"
                  withAsterisk
                  field="endsAt"
                  value={end}
                  onValue={setEnd}
                  errors={errors}
                />
              </Group>
              <Select
                label="Time zone"
                searchable
                data={zones}
                value={timeZone}
                onChange={(v) => v && setTimeZone(v)}
                error={errors.timeZone}
                limit={50}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Where
                </Text>
                <SegmentedControl
                  value={mode}
                  onChange={(v) => setMode(v as 'online' | 'in_person')}
                  data={[
                    { value: 'online', label: 'Online' },
                    { value: 'in_person', label: 'In person' },
                  ]}
                />
              </Stack>
              {mode === 'online' ? (
                <EventField
                  key="onlineUrl"
                  label="Link"
                  placeholder="https://"
                  withAsterisk
                  field="onlineUrl"
                  value={onlineUrl}
                  onValue={setOnlineUrl}
                  errors={errors}
                />
              ) : (
                <EventField
                  key="place"
                  label="Place"
                  withAsterisk
                  field="place"
                  value={place}
                  onValue={setPlace}
                  errors={errors}
                />
              )}
              <EventField
                label="Capacity"
                description="Leave empty for no limit; past it, people join the waitlist."
                inputMode="numeric"
                field="capacity"
                value={capacity}
                onValue={setCapacity}
                errors={errors}
                maw={200}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => navigate(-1)}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Create event
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
