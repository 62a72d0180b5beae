import { useEffect, useMemo, useRef } from 'react';
import FullCalendar, { type CalendarRef, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { NavIcon, VisuallyHidden } from '@atrium/ui';
import type { CalendarItem } from '@atrium/domain-work';
import { ITEM_STYLES } from '../../lib/calendar-items';
import { FC_VIEWS, type CalendarViewName } from './calendar-params';

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, listPlugin, classicTheme];

export interface CalendarRange {
  start: Date;
  end: Date;
  /** The shown period in words ('November 2026'). */
  title: string;
}

export interface CalendarViewProps {
  view: CalendarViewName;
  /** A day inside the period to show (YYYY-MM-DD). */
  date: string;
  events: EventInput[];
  /** The shown range changed (first render, a view or date change). */
  onRange: (range: CalendarRange) => void;
  /** Dragged or resized; `revert` puts it back. */
  onMove: (
    item: CalendarItem,
    moved: { start: Date | null; end: Date | null; allDay: boolean },
    revert: () => void,
  ) => void;
  /** A range selected on empty days or slots. */
  onSelect: (range: { start: Date; end: Date; allDay: boolean }) => void;
  onOpen: (item: CalendarItem) => void;
}

const WEEK_TITLE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** The shown period in words: FullCalendar's title, but a week as its days ('Nov 22 – 28, 2026'), not its month. */
function titleOf(view: { type: string; title: string; currentStart: Date; currentEnd: Date }): string {
  if (view.type !== 'timeGridWeek') return view.title;
  return WEEK_TITLE.formatRange(view.currentStart, new Date(view.currentEnd.getTime() - 86_400_000));
}

const itemOf = (extendedProps: Record<string, unknown>) => extendedProps.item as CalendarItem;

/**
 * FullCalendar (v7: month, week, day and list views; drag, resize and select through the interaction plugin) in
 * the viewer's time zone. The page owns the view and the date (the address bar holds them) and draws its own
 * toolbar; this component follows them and reports the shown range. Loaded lazily: only /calendar pays for it.
 */
export default function CalendarView({ view, date, events, onRange, onMove, onSelect, onOpen }: CalendarViewProps) {
  const ref = useRef<CalendarRef>(null);
  const handlers = useRef({ onRange, onMove, onSelect, onOpen });
  handlers.current = { onRange, onMove, onSelect, onOpen };

  // The address bar moved (toolbar, Back/Forward): show that view and date.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const fcView = FC_VIEWS[view];
    if (api.view.type !== fcView) api.changeView(fcView, date);
    else {
      const d = new Date(`${date}T12:00:00`);
      if (d < api.view.currentStart || d >= api.view.currentEnd) api.gotoDate(date);
    }
  }, [view, date]);

  const options = useMemo(
    () => ({
      plugins: PLUGINS,
      initialView: FC_VIEWS[view],
      initialDate: date,
      headerToolbar: false as const,
      timeZone: 'local',
      // A busy day shows a few items and '+N more' (a popover), whatever the page's height.
      dayMaxEvents: 4,
      nowIndicator: true,
      selectable: true,
      selectMirror: true,
      editable: true,
      eventResizableFromStart: false,
      scrollTime: '08:00:00',
      noEventsText: 'Nothing in this period',
    }),
    // Initial values only: later changes go through the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <div className="atrium-calendar" data-testid="calendar">
      <FullCalendar
        ref={ref}
        {...options}
        events={events}
        // The month and the list take the rows they need; a day's hours scroll inside a fixed height.
        height={view === 'week' || view === 'day' ? 720 : 'auto'}
        datesSet={(info) => handlers.current.onRange({ start: info.start, end: info.end, title: titleOf(info.view) })}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          handlers.current.onOpen(itemOf(info.event.extendedProps));
        }}
        eventDrop={(info) =>
          handlers.current.onMove(
            itemOf(info.event.extendedProps),
            { start: info.event.start, end: info.event.end, allDay: info.event.allDay },
            info.revert,
          )
        }
        eventResize={(info) =>
          handlers.current.onMove(
            itemOf(info.event.extendedProps),
            { start: info.event.start, end: info.event.end, allDay: info.event.allDay },
            info.revert,
          )
        }
        select={(info) => {
          handlers.current.onSelect({ start: info.start, end: info.end, allDay: info.allDay });
          ref.current?.getApi().unselect();
        }}
        eventContent={(arg) => {
          const item = itemOf(arg.event.extendedProps);
          const style = ITEM_STYLES[item.type];
          return (
            <span
              // In a day's column (week and day views) the title wraps under the time; in rows it is one line.
              className={
                arg.view.type.startsWith('timeGrid') ? 'atrium-fc-content atrium-fc-block' : 'atrium-fc-content'
              }
              title={`${style.label}${item.isReadOnly ? ' (Google Calendar, read-only)' : ''}: ${arg.event.title}`}
            >
              <NavIcon name={style.icon} size={12} />
              <VisuallyHidden>{style.label}:</VisuallyHidden>
              {arg.timeText && <b>{arg.timeText}</b>}
              <span>{arg.event.title}</span>
            </span>
          );
        }}
      />
    </div>
  );
}
