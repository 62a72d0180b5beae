import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Badge,
  Button,
  CloseButton,
  ColorInput,
  DeleteConfirmDialog,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@atrium/ui';
import {
  contactTags,
  DEFAULT_TAG_COLOR,
  contactTagInputSchema,
  type ContactTag,
  contactTagKeys,
} from '@atrium/domain-crm';

/** Contact tags: create with a colour, see them as chips, delete with confirmation. */
export function TagsPanel() {
  const qc = useQueryClient();
  const tags = useQuery({ queryKey: contactTagKeys.list, queryFn: () => contactTags.list() });
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);
  // One message per field: a bad colour is said under the colour, not under the name.
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});
  const [deleting, setDeleting] = useState<ContactTag | null>(null);
  // The dialog's text keeps the last tag's name while it closes (deleting is null by then).
  const lastDeleting = useRef<ContactTag | null>(null);
  const adding = useRef(false);
  if (deleting) lastDeleting.current = deleting;
  const refresh = () => qc.invalidateQueries({ queryKey: contactTagKeys.all });
  const create = useMutation({
    mutationFn: (input: { name: string; color: string }) => contactTags.create(input),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => contactTags.remove(id), onSuccess: refresh });

  const add = async () => {
    // Enter pressed again while the first create is on its way must not send a second one.
    if (adding.current) return;
    const parsed = contactTagInputSchema.safeParse({ name, color });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors({ [issue?.path[0] === 'color' ? 'color' : 'name']: issue?.message ?? 'Invalid tag' });
    }
    setErrors({});
    adding.current = true;
    try {
      await create.mutateAsync({ name, color });
      setName('');
      toast.success('Tag created');
    } catch (e) {
      setErrors({ name: isApiError(e) ? e.message : 'Failed to create tag' });
    } finally {
      adding.current = false;
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Tags
        </Title>
        {tags.isPending ? (
          <Skeleton h={22} w={180} radius="xl" aria-label="Loading tags" />
        ) : tags.isError ? (
          <Text size="sm" c="red">
            Tags could not be loaded.
          </Text>
        ) : (tags.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            No tags yet.
          </Text>
        ) : (
          <Group gap="xs">
            {tags.data!.map((t) => (
              <Badge
                key={t._id}
                color={t.color}
                variant="filled"
                tt="none"
                rightSection={
                  <CloseButton size="xs" c="white" aria-label={`Delete tag ${t.name}`} onClick={() => setDeleting(t)} />
                }
              >
                {t.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label="New tag name"
            placeholder="New tag"
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
          />
          <ColorInput
            aria-label="New tag color"
            value={color}
            onChange={setColor}
            error={errors.color}
            format="hex"
            w={130}
          />
          <Button onClick={() => void add()} loading={create.isPending}>
            Add tag
          </Button>
        </Group>
      </Stack>
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete Tag"
        message={`Delete the tag "${lastDeleting.current?.name ?? ''}"? It is removed from every contact.`}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!._id);
            setDeleting(null);
          } catch (e) {
            toast.error((e as Error).message);
          }
        }}
      />
    </Paper>
  );
}
