import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Anchor,
  Badge,
  Group,
  Link,
  NavIcon,
  Stack,
  Text,
  WidgetError,
  WidgetSkeleton,
  formatPeriod,
} from '@atrium/ui';
import { calendar, meetingKeys, type CalendarItem, type CalendarQuery } from '@atrium/domain-work';
import { ITEM_STYLES, itemPath, statusLabel } from '../../lib/calendar-items';
import { wireDay } from '../../lib/meeting-dates';

/** Rows shown before "Open the calendar". */
const SHOWN = 8;

/** Today (from the viewer's midnight) and the next 7 days, as GET /calendar/meetings takes it. */
export function nextWeekQuery(now = new Date()): CalendarQuery {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 8);
  return { startDate: start.toISOString(), endDate: end.toISOString() };
}

/** When an item starts, for ordering: an all-day item at its day's start where the viewer is. */
function startsAt(i: CalendarItem): number {
  if (!i.isAllDay) return Date.parse(i.startDate);
  const [y, m, d] = wireDay(i.startDate).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/** Home widget 'calendar': meetings, tasks and projects of today and the next 7 days, soonest first. */
export default function CalendarWidget() {
  // The range is fixed for the widget's life (home is re-mounted on each visit).
  const query = useMemo(() => nextWeekQuery(), []);
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: meetingKeys.calendar(query),
    queryFn: ({ signal }) => calendar.items(query, { signal }),
  });
  if (isPending) return <WidgetSkeleton />;
  if (isError) return <WidgetError onRetry={() => void refetch()}>The calendar could not be loaded.</WidgetError>;
  const rows = [...data].sort((a, b) => startsAt(a) - startsAt(b));
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing planned for the next 7 days. Use + New → Meeting to book one.{' '}
        <Anchor component={Link} to="/calendar" size="sm">
          Open the calendar
        </Anchor>
      </Text>
    );
  return (
    <Stack gap="xs">
      {rows.slice(0, SHOWN).map((i) => {
        const style = ITEM_STYLES[i.type];
        return (
          <Group key={`${i.type}:${i._id}`} justify="space-between" wrap="nowrap" data-testid="widget-calendar-item">
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text c={style.mantine} lh={0} role="img" aria-label={style.label} component="span">
                <NavIcon name={style.icon} size={16} />
              </Text>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={itemPath(i)} size="sm" truncate>
                  {i.title || 'Untitled'}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatPeriod(i.startDate, i.endDate, i.isAllDay)}
                </Text>
              </Stack>
            </Group>
            <Badge size="xs" variant="light" color={style.mantine} tt="none">
              {statusLabel(i)}
            </Badge>
          </Group>
        );
      })}
      <Anchor component={Link} to="/calendar" size="xs">
        {rows.length > SHOWN ? `Open the calendar (${rows.length - SHOWN} more) →` : 'Open the calendar →'}
      </Anchor>
    </Stack>
  );
}
