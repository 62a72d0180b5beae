import type { SearchGroup, SearchItem } from '@atrium/contracts';
import { Button, Group, NavIcon, Stack, Text, UnstyledButton } from '@atrium/ui';

/** The groups the remotes' providers answered, already ordered and without empty ones (orderSearchGroups). */
export function ResultGroups({ groups, onPick }: { groups: SearchGroup[]; onPick: (item: SearchItem) => void }) {
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <Stack key={group.key} gap={2} role="group" aria-label={group.label}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {group.label}
          </Text>
          {group.items.map((item) => (
            <UnstyledButton
              key={`${group.key}:${item.id}`}
              onClick={() => onPick(item)}
              p={6}
              style={{ borderRadius: 6 }}
              className="atrium-search-item"
            >
              <Group gap="sm" wrap="nowrap">
                {group.icon && <NavIcon name={group.icon} size={16} />}
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {item.title}
                  </Text>
                  {item.subtitle && (
                    <Text size="xs" c="dimmed" truncate>
                      {item.subtitle}
                    </Text>
                  )}
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

export function RecentList({
  items,
  onPick,
  onClear,
}: {
  items: string[];
  onPick: (t: string) => void;
  onClear: () => void;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="sm">
        No recent searches
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="xs" fw={700} c="dimmed">
          Recent Searches
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={onClear}>
          Clear search history
        </Button>
      </Group>
      {items.map((t) => (
        <UnstyledButton key={t} onClick={() => onPick(t)} p={6} style={{ borderRadius: 6 }}>
          <Text size="sm">{t}</Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
