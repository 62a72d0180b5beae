import { makeCalendarItem } from '../../test-utils';
import { toEventInput, toEventInputs, toMove } from './calendar-events';
import { itemPath, statusLabel } from '../../lib/calendar-items';

describe('calendar items → FullCalendar events', () => {
  it('a timed meeting keeps its instants, in the meeting colour, draggable', () => {
    const e = toEventInput(makeCalendarItem(1, { title: 'Kick-off' }));
    expect(e).toMatchObject({
      id: 'meeting:m1',
      title: 'Kick-off',
      start: '2026-11-20T14:00:00.000Z',
      end: '2026-11-20T15:00:00.000Z',
      allDay: false,
      editable: true,
      color: 'var(--mantine-color-teal-7)',
    });
    expect(e.className).toContain('atrium-fc-meeting');
  });

  it('an all-day item’s inclusive last day becomes FullCalendar’s exclusive end', () => {
    const e = toEventInput(
      makeCalendarItem(2, {
        isAllDay: true,
        startDate: '2026-11-20T00:00:00.000Z',
        endDate: '2026-11-21T00:00:00.000Z',
      }),
    );
    expect([e.start, e.end, e.allDay]).toEqual(['2026-11-20', '2026-11-22', true]);
  });

  it('tasks and projects have their own colours and ids', () => {
    const task = toEventInput(makeCalendarItem(3, { _id: 't3', type: 'task', status: 'todo' }));
    const project = toEventInput(makeCalendarItem(4, { _id: 'p4', type: 'project', status: 'planning' }));
    expect([task.id, task.color]).toEqual(['task:t3', 'var(--mantine-color-blue-7)']);
    expect([project.id, project.color]).toEqual(['project:p4', 'var(--mantine-color-grape-7)']);
  });

  it('a read-only Google event cannot be dragged and looks read-only', () => {
    const e = toEventInput(makeCalendarItem(5, { source: 'google_calendar', isReadOnly: true }));
    expect(e.editable).toBe(false);
    expect(e.color).toBe('var(--mantine-color-gray-6)');
    expect(e.className).toContain('atrium-fc-readonly');
  });

  it('an item listed twice is shown once; a blank title reads Untitled', () => {
    const events = toEventInputs([makeCalendarItem(1), makeCalendarItem(1), makeCalendarItem(2, { title: '' })]);
    expect(events.map((e) => [e.id, e.title])).toEqual([
      ['meeting:m1', 'Item 1'],
      ['meeting:m2', 'Untitled'],
    ]);
  });

  it('opens each kind at its own path, and names its status', () => {
    expect(itemPath({ _id: 'm1', type: 'meeting' })).toBe('/calendar/meetings/m1');
    expect(itemPath({ _id: 't1', type: 'task' })).toBe('/calendar/tasks/t1');
    expect(itemPath({ _id: 'p1', type: 'project' })).toBe('/calendar/projects/p1');
    expect(statusLabel({ type: 'task', status: 'in_progress' })).toBe('In progress');
    expect(statusLabel({ type: 'project', status: 'review' })).toBe('Review');
    expect(statusLabel({ type: 'meeting', status: 'cancelled' })).toBe('Cancelled');
  });
});

describe('a drag or resize → PATCH /calendar/items/{id}', () => {
  it('timed: the new instants, with the item’s type', () => {
    expect(
      toMove(
        { type: 'task' },
        { start: new Date('2026-11-21T09:00:00.000Z'), end: new Date('2026-11-21T10:30:00.000Z'), allDay: false },
      ),
    ).toEqual({
      type: 'task',
      startDate: '2026-11-21T09:00:00.000Z',
      endDate: '2026-11-21T10:30:00.000Z',
      isAllDay: false,
    });
  });

  it('all-day: the days, the end back to the inclusive last day', () => {
    expect(
      toMove({ type: 'meeting' }, { start: new Date(2026, 10, 24), end: new Date(2026, 10, 27), allDay: true }),
    ).toEqual({ type: 'meeting', startDate: '2026-11-24', endDate: '2026-11-26', isAllDay: true });
  });

  it('nothing to send without a start', () => {
    expect(toMove({ type: 'meeting' }, { start: null, end: null, allDay: true })).toBeNull();
  });
});
