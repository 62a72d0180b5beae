import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  calendar,
  meetingKeys,
  projectKeys,
  taskKeys,
  type CalendarItem,
  type CalendarQuery,
} from '@atrium/domain-work';
import { ITEM_STYLES } from '../../lib/calendar-items';
import { toMove } from './calendar-events';

/** The calendar's items for the shown range and filters (GET /calendar/meetings); the last range stays while the next loads. */
export function useCalendarItems(query: CalendarQuery | null) {
  return useQuery({
    queryKey: meetingKeys.calendar(query as CalendarQuery),
    queryFn: ({ signal }) => calendar.items(query as CalendarQuery, { signal }),
    enabled: !!query,
    placeholderData: keepPreviousData,
  });
}

/**
 * A drag or resize on the calendar → PATCH /calendar/items/{id}. FullCalendar already shows the new place; when
 * the server refuses, the item goes back (revert) and a toast says why. Then the calendar, and the tasks or
 * projects when one of those moved, are fetched again.
 */
export function useMoveItem() {
  const client = useQueryClient();
  return useCallback(
    async (
      item: CalendarItem,
      moved: { start: Date | null; end: Date | null; allDay: boolean },
      revert: () => void,
    ) => {
      const move = toMove(item, moved);
      if (!move) {
        revert();
        return false;
      }
      try {
        await calendar.moveItem(item._id, move);
        return true;
      } catch (e) {
        revert();
        const what = ITEM_STYLES[item.type].label.toLowerCase();
        toast.error(isApiError(e) && e.message ? e.message : `The ${what} could not be moved. Please try again.`);
        return false;
      } finally {
        void client.invalidateQueries({ queryKey: meetingKeys.all });
        if (item.type === 'task') void client.invalidateQueries({ queryKey: taskKeys.all });
        if (item.type === 'project') void client.invalidateQueries({ queryKey: projectKeys.all });
      }
    },
    [client],
  );
}
