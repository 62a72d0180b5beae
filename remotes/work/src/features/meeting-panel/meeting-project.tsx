import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Anchor, Button, Group, Link, SearchableSelect, Stack, Text } from '@atrium/ui';
import type { Meeting } from '@atrium/domain-work';
import { useProjectOptions } from '../../hooks/use-task-pickers';
import type { useMeetingMutations } from '../../hooks/use-meeting';

/**
 * The meeting's project: a link to it and Unlink, or a project to pick and Link. Linking a read-only Google event
 * makes it the business's meeting (spec §4: read-only until linked to a project).
 */
export function MeetingProject({
  meeting,
  mutations,
}: {
  meeting: Meeting;
  mutations: Pick<ReturnType<typeof useMeetingMutations>, 'linkProject' | 'unlinkProject'>;
}) {
  const { linkProject, unlinkProject } = mutations;
  const options = useProjectOptions(meeting.project);
  const [picked, setPicked] = useState<string | null>(null);

  const link = async () => {
    if (!picked) return;
    try {
      await linkProject.mutateAsync(picked);
      toast.success('Meeting linked to the project');
      setPicked(null);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The meeting could not be linked. Please try again.');
    }
  };
  const unlink = async () => {
    try {
      await unlinkProject.mutateAsync();
      toast.success('Meeting unlinked from its project');
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The meeting could not be unlinked. Please try again.');
    }
  };

  if (meeting.project)
    return (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          Project:{' '}
          <Anchor component={Link} to={`/projects/${encodeURIComponent(meeting.project._id)}`} size="sm">
            {meeting.project.title}
          </Anchor>
        </Text>
        {!meeting.isReadOnly && (
          <Button size="xs" variant="default" onClick={() => void unlink()} loading={unlinkProject.isPending}>
            Unlink
          </Button>
        )}
      </Group>
    );
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <SearchableSelect
          label={meeting.isReadOnly ? 'Link to project' : 'Project'}
          placeholder={options.isPending ? 'Loading projects…' : 'Pick a project'}
          data={options.options}
          value={picked}
          onChange={setPicked}
          style={{ flex: 1 }}
        />
        <Button size="sm" onClick={() => void link()} disabled={!picked} loading={linkProject.isPending}>
          Link to project
        </Button>
      </Group>
      {meeting.isReadOnly && (
        <Text size="xs" c="dimmed">
          Linking it to a project makes it this business’s meeting, still kept in step with Google Calendar.
        </Text>
      )}
    </Stack>
  );
}
