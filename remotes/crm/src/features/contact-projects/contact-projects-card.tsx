import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  IconTrash,
  Link,
  SearchableSelect,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@atrium/ui';
import { PROJECT_STAGE_LABELS, projects, projectKeys } from '@atrium/domain-work/public';

const PROJECT_CHOICES = { page: 1, limit: 100, sortBy: 'title', sortOrder: 'asc' } as const;

/**
 * The contact's projects (GET /contacts/{id}/projects), each linked to its page, with link and unlink
 * (POST /contacts/{id}/projects, DELETE /contacts/{id}/projects/{projectId}) — the work domain's public calls.
 */
export function ContactProjectsCard({ contactId }: { contactId: string }) {
  const qc = useQueryClient();
  const linked = useQuery({ queryKey: projectKeys.ofContact(contactId), queryFn: () => projects.ofContact(contactId) });
  const [choosing, setChoosing] = useState(false);
  const [projectId, setProjectId] = useState<string | null>(null);
  const choices = useQuery({
    queryKey: projectKeys.list(PROJECT_CHOICES),
    queryFn: () => projects.list(PROJECT_CHOICES),
    enabled: choosing,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: projectKeys.all });
  const link = useMutation({ mutationFn: (id: string) => projects.linkContact(contactId, id), onSuccess: refresh });
  const unlink = useMutation({
    mutationFn: (id: string) => projects.unlinkContact(contactId, id),
    onSuccess: refresh,
  });
  const rows = linked.data ?? [];
  const available = (choices.data?.data ?? [])
    .filter((p) => !rows.some((r) => r._id === p._id))
    .map((p) => ({ value: p._id, label: p.title }));

  const doLink = async () => {
    if (!projectId) return;
    try {
      await link.mutateAsync(projectId);
      toast.success('Project linked');
      setProjectId(null);
      setChoosing(false);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to link the project. Please try again.');
    }
  };
  const doUnlink = async (id: string) => {
    try {
      await unlink.mutateAsync(id);
      toast.success('Project unlinked');
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to unlink the project. Please try again.');
    }
  };

  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Projects
        </Title>
        {!choosing && (
          <Button size="xs" variant="default" onClick={() => setChoosing(true)}>
            Link a project
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {linked.isPending ? (
          <Skeleton height={14} />
        ) : linked.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red">
              Projects could not be loaded.
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void linked.refetch()}>
              Try again
            </Button>
          </Group>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not linked to any project yet.
          </Text>
        ) : (
          rows.map((p) => (
            <Group key={p._id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Anchor component={Link} to={`/projects/${encodeURIComponent(p._id)}`} size="sm" truncate>
                  {p.title}
                </Anchor>
                <Badge size="xs" variant="light" tt="none">
                  {PROJECT_STAGE_LABELS[p.stage]}
                </Badge>
              </Group>
              <Tooltip label="Unlink">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Unlink ${p.title}`}
                  onClick={() => void doUnlink(p._id)}
                  disabled={unlink.isPending}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))
        )}
        {choosing && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <SearchableSelect
              label="Project"
              placeholder={choices.isPending ? 'Loading projects…' : 'Choose a project'}
              data={available}
              value={projectId}
              onChange={setProjectId}
              style={{ flex: 1 }}
            />
            <Button onClick={() => void doLink()} disabled={!projectId} loading={link.isPending}>
              Link
            </Button>
            <Button variant="subtle" onClick={() => setChoosing(false)}>
              Cancel
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
