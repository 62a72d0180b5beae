import { useEffect, useState } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Button,
  DraggableModal,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  handleError,
} from '@atrium/ui';
import {
  COMMUNITY_MESSAGES,
  communityInputSchema,
  type Community,
  type CommunityVisibility,
} from '@atrium/domain-market';
import { useCommunityActions } from './use-communities';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Editing this community; absent: a new one. */
  community?: Community;
  onSaved?: (community: Community) => void;
}

type Errors = Partial<Record<'name' | 'description' | 'visibility', string>>;

/**
 * Create or edit a community: name, description, public or approval-only, a cover image. The shared schema
 * checks the fields; a taken name comes back as DUPLICATE_COMMUNITY_NAME, whose toast the shared error handler
 * shows ('A community with this name already exists. Please choose a different name.').
 */
export function CommunityFormModal({ opened, onClose, community, onSaved }: Props) {
  const actions = useCommunityActions();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<CommunityVisibility>('public');
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(community?.name ?? '');
    setDescription(community?.description ?? '');
    setVisibility(community?.visibility ?? 'public');
    setCover(null);
    setErrors({});
  }, [opened, community]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = communityInputSchema.safeParse({ name, description, visibility });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      let saved = community ? await actions.update(community._id, parsed.data) : await actions.create(parsed.data);
      if (cover) {
        try {
          saved = await actions.uploadCover(saved._id, cover);
        } catch (e) {
          handleError(e);
        }
      }
      toast.success(community ? COMMUNITY_MESSAGES.updated : COMMUNITY_MESSAGES.created);
      onSaved?.(saved);
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields as Errors);
      handleError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DraggableModal
      modalId="community"
      opened={opened}
      onClose={onClose}
      title={community ? 'Edit community' : 'New community'}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Who can join
            </Text>
            <SegmentedControl
              value={visibility}
              onChange={(v) => setVisibility(v as CommunityVisibility)}
              data={[
                { value: 'public', label: 'Anyone' },
                { value: 'private', label: 'Approval only' },
              ]}
            />
            <Text size="xs" c="dimmed">
              {visibility === 'public'
                ? 'Anyone can join and read posts and events.'
                : 'People ask to join; a moderator approves. Only members read posts and events.'}
            </Text>
          </Stack>
          <Group>
            <FileButton onChange={setCover} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button variant="default" {...props}>
                  {community?.coverUrl ? 'Replace cover image' : 'Add cover image'}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {cover ? cover.name : 'PNG, JPEG, WebP or GIF, up to 2 MB'}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {community ? 'Save' : 'Create community'}
            </Button>
          </Group>
        </Stack>
      </form>
    </DraggableModal>
  );
}
