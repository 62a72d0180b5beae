import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatPeriod } from './dates';

/** Something that happens over a period (a meeting, a calendar item), as a row of an agenda. */
export interface AgendaItem {
  id: string;
  title: string;
  href: string;
  /** An instant, or for all-day a calendar day (UTC midnight), as the wire carries it. */
  start: string;
  /** Inclusive: an all-day item's last day. */
  end: string;
  allDay: boolean;
  /** Shown at the row's end (a status), in the theme's colour unless one is named. */
  badge?: { label: string; color?: string };
}

/** The viewer's local midnight of a calendar day stored as UTC midnight. */
function localDay(iso: string, plusDays = 0): number {
  const d = new Date(iso);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + plusDays).getTime();
}
const startsAt = (i: AgendaItem) => (i.allDay ? localDay(i.start) : Date.parse(i.start));
/** When it is over: the end instant, or the start of the day after an all-day item's last day in the viewer's zone. */
const endsAt = (i: AgendaItem) => (i.allDay ? localDay(i.end || i.start, 1) : Date.parse(i.end || i.start));

/**
 * Upcoming (not over yet, ongoing included; soonest first) and past (latest first). An all-day item is upcoming
 * until its last day has ended where the viewer is.
 */
export function splitAgenda<T extends AgendaItem>(items: readonly T[], now: Date = new Date()) {
  const t = now.getTime();
  const upcoming = items.filter((i) => !(endsAt(i) <= t)).sort((a, b) => startsAt(a) - startsAt(b));
  const past = items.filter((i) => endsAt(i) <= t).sort((a, b) => startsAt(b) - startsAt(a));
  return { upcoming, past };
}

function Section({ title, items, shown }: { title: string; items: AgendaItem[]; shown: number }) {
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const rows = all ? items : items.slice(0, shown);
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      {/* The list is the stack itself: a <ul> holds only its <li>s. */}
      <Stack component="ul" gap={8} aria-label={title} m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((i) => (
          <Box component="li" key={i.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={i.href} size="sm" truncate>
                  {i.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatPeriod(i.start, i.end, i.allDay)}
                </Text>
              </Stack>
              {i.badge && (
                <Badge size="xs" variant="light" tt="none" color={i.badge.color}>
                  {i.badge.label}
                </Badge>
              )}
            </Group>
          </Box>
        ))}
      </Stack>
      {items.length > rows.length && (
        <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
          Show {items.length - rows.length} more
        </Button>
      )}
    </Stack>
  );
}

/**
 * Items split into Upcoming and Past lists (splitAgenda), each row the title linked to its page, when it happens
 * (formatPeriod: all-day as days, timed in the viewer's zone) and its badge. Each list shows `shown` rows, then
 * 'Show N more'. The caller handles loading, errors and the empty state.
 */
export function AgendaList({ items, now, shown = 5 }: { items: readonly AgendaItem[]; now?: Date; shown?: number }) {
  const { upcoming, past } = splitAgenda(items, now);
  return (
    <Stack gap="sm">
      <Section title="Upcoming" items={upcoming} shown={shown} />
      <Section title="Past" items={past} shown={shown} />
    </Stack>
  );
}
