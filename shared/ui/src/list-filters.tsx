import type { FilterGroup } from '@atrium/contracts';
import { Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FilterBuilder, type FilterBuilderField } from './inputs/filter-builder';

/**
 * A list page's Filters button (the count of active filters on it) and its popover: the list's own simple filters
 * (children), the advanced filter groups (FilterBuilder) and 'Clear filters'. Changes go out as an
 * address-bar patch: ?filters= holds the groups as JSON (none removes it); Clear removes the simple keys too.
 */
export function ListFilters({
  count,
  fields,
  groupsDraft,
  filterKeys,
  clearDisabled = count === 0,
  onChange,
  children,
}: {
  /** How many filters narrow the list. */
  count: number;
  /** The fields the advanced filter groups offer. */
  fields: FilterBuilderField[];
  /** The advanced filter groups as edited (incomplete conditions included). */
  groupsDraft: FilterGroup[];
  /** The simple filters' URL keys, cleared by 'Clear filters'. */
  filterKeys: readonly string[];
  /** Whether 'Clear filters' is off (by default when no filter is active). */
  clearDisabled?: boolean;
  onChange: (patch: Record<string, string | null>) => void;
  children: ReactNode;
}) {
  return (
    <Popover position="bottom-start" width={560} shadow="md" trapFocus={false}>
      {/* The target is the button (its aria-expanded belongs on a button, not on the badge's div). */}
      <Indicator label={count} size={16} disabled={count === 0}>
        <Popover.Target>
          <Button variant="default">Filters</Button>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Stack gap="sm">
          {children}
          <Divider />
          <Text size="sm" fw={600}>
            Advanced filters
          </Text>
          <ScrollArea.Autosize mah={260} type="auto">
            <FilterBuilder
              fields={fields}
              value={groupsDraft}
              onChange={(groups) => onChange({ filters: groups.length ? JSON.stringify(groups) : null })}
            />
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              disabled={clearDisabled}
              onClick={() => onChange({ ...Object.fromEntries(filterKeys.map((k) => [k, null])), filters: null })}
            >
              Clear filters
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
