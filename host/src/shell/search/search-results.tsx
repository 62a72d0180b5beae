import type { SearchResult, SearchResultType } from '@atrium/contracts';
import { Button, Group, NavIcon, Stack, Text, UnstyledButton } from '@atrium/ui';

const GROUPS: { type: SearchResultType; label: string; icon: string }[] = [
  { type: 'project', label: 'Projects', icon: 'projects' },
  { type: 'contact', label: 'Contacts', icon: 'contacts' },
  { type: 'task', label: 'Tasks', icon: 'tasks' },
];

export function ResultGroups({ results, onPick }: { results: SearchResult[]; onPick: (r: SearchResult) => void }) {
  return (
    <Stack gap="sm">
      {GROUPS.map(({ type, label, icon }) => {
        const items = results.filter((r) => r.type === type);
        if (items.length === 0) return null;
        return (
          <Stack key={type} gap={2} role="group" aria-label={label}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {label}
            </Text>
            {items.map((r) => (
              <UnstyledButton
                key={`${r.type}:${r.id}`}
                onClick={() => onPick(r)}
                p={6}
                style={{ borderRadius: 6 }}
                className="atrium-search-item"
              >
                <Group gap="sm" wrap="nowrap">
                  <NavIcon name={icon} size={16} />
                  <Text size="sm" truncate>
                    {r.title}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        );
      })}
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
