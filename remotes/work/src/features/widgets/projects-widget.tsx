import { useQuery } from '@tanstack/react-query';
import { projects, projectKeys } from '@atrium/domain-work';
import { Anchor, Badge, Group, Link, Stack, Text, WidgetError, WidgetSkeleton, formatDay } from '@atrium/ui';
import { STAGE_COLORS, STAGES, stageLabel } from '../../lib/stages';

const LATEST = { page: 1, limit: 6, sortBy: 'updatedAt', sortOrder: 'desc' } as const;

/** Home widget (docs/requirements.md §1): the latest projects with their stage, grouped by stage, linked. */
export default function ProjectsWidget() {
  const { data, isPending, isError } = useQuery({
    queryKey: projectKeys.list(LATEST),
    queryFn: () => projects.list(LATEST),
  });
  if (isPending) return <WidgetSkeleton />;
  if (isError) return <WidgetError>Projects could not be loaded.</WidgetError>;
  if (data.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No projects yet.{' '}
        <Anchor component={Link} to="/projects">
          Start your first project
        </Anchor>
      </Text>
    );
  const byStage = STAGES.map((s) => [s, data.data.filter((p) => p.stage === s)] as const).filter(
    ([, list]) => list.length > 0,
  );
  return (
    <Stack gap="sm">
      {byStage.map(([stage, list]) => (
        <Stack key={stage} gap={4}>
          <Group gap={6}>
            <Badge size="xs" variant="light" color={STAGE_COLORS[stage]} tt="none">
              {stageLabel(stage)}
            </Badge>
          </Group>
          {list.map((p) => (
            <Group key={p._id} justify="space-between" wrap="nowrap" pl="xs">
              <Anchor component={Link} to={`/projects/${encodeURIComponent(p._id)}/activity`} size="sm" truncate>
                {p.title}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {p.dueDate ? `Due ${formatDay(p.dueDate)}` : p.type}
              </Text>
            </Group>
          ))}
        </Stack>
      ))}
      <Anchor component={Link} to="/projects?view=board" size="xs">
        Open the stage board →
      </Anchor>
    </Stack>
  );
}
