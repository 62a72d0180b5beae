import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import { calendar, meetings, type CalendarItem } from '@atrium/domain-work';
import { makeCalendarItem, makeMeeting } from '../test-utils';
import { useMoveItem } from '../features/calendar/use-calendar-items';
import CalendarPage from './calendar-page';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

function renderCalendar(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const page = (
    <>
      <CalendarPage />
      <Where />
    </>
  );
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {[
              '/calendar',
              '/calendar/meetings/:meetingId',
              '/calendar/tasks/:taskId',
              '/calendar/projects/:projectId',
            ].map((p) => (
              <Route key={p} path={p} element={page} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

const ITEMS: CalendarItem[] = [
  makeCalendarItem(1, {
    title: 'Client kick-off',
    startDate: '2026-11-18T15:00:00.000Z',
    endDate: '2026-11-18T16:00:00.000Z',
  }),
  makeCalendarItem(2, {
    _id: 't2',
    type: 'task',
    title: 'Order tiles',
    status: 'todo',
    isAllDay: true,
    startDate: '2026-11-19T00:00:00.000Z',
    endDate: '2026-11-19T00:00:00.000Z',
  }),
  makeCalendarItem(3, {
    _id: 'g3',
    title: 'Dentist (Google)',
    source: 'google_calendar',
    isReadOnly: true,
    startDate: '2026-11-20T09:00:00.000Z',
    endDate: '2026-11-20T10:00:00.000Z',
  }),
];

afterEach(() => jest.restoreAllMocks());

describe('/calendar', () => {
  it('asks for the shown month’s items with the URL’s filters and draws each kind', async () => {
    const items = jest.spyOn(calendar, 'items').mockResolvedValue(ITEMS);
    renderCalendar('/calendar?date=2026-11-15&type=meeting,task&status=scheduled&google=1');
    // The first test loads FullCalendar's lazy chunk (transformed on first use): give it time.
    expect(await screen.findByText('Client kick-off', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Order tiles')).toBeInTheDocument();
    expect(screen.getByText('Dentist (Google)')).toBeInTheDocument();
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('November 2026');
    const [query, options] = items.mock.calls[0]!;
    expect(query).toMatchObject({ type: 'meeting,task', status: 'scheduled', includeGoogleCalendar: true });
    // The month grid: from the Sunday before Nov 1 to after Nov 30, in the viewer's zone.
    expect(new Date(query.startDate).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(Date.parse(query.endDate)).toBeGreaterThan(new Date(2026, 10, 30).getTime());
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    // Kinds are told apart in words too (for screen readers), and Google's read-only item says so.
    const readOnly = screen.getByTitle('Meeting (Google Calendar, read-only): Dentist (Google)');
    expect(readOnly.closest('.atrium-fc-readonly')).not.toBeNull();
    expect(screen.getByTitle('Task: Order tiles')).toBeInTheDocument();
  });

  it('keeps the filters and the view in the address bar', async () => {
    jest.spyOn(calendar, 'items').mockResolvedValue([]);
    renderCalendar('/calendar?date=2026-11-15');
    await screen.findByText('November 2026');
    fireEvent.click(screen.getByLabelText('Projects'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('type=meeting%2Ctask'));
    fireEvent.click(screen.getByLabelText('Include Google Calendar'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('google=1'));
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('view=week'));
    // A week is titled by its days.
    await waitFor(() => expect(screen.getByTestId('calendar-title')).toHaveTextContent(/Nov 15\s–\s21, 2026/));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('date=2026-11-22'));
  });

  it('searches after the debounce, through the address bar', async () => {
    const items = jest.spyOn(calendar, 'items').mockResolvedValue([]);
    renderCalendar('/calendar?date=2026-11-15');
    await screen.findByText('November 2026');
    fireEvent.change(screen.getByLabelText('Search the calendar'), { target: { value: 'smith' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('search=smith'), { timeout: 2000 });
    await waitFor(() =>
      expect(items).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'smith' }), expect.anything()),
    );
  });

  it('a click opens the meeting’s panel at /calendar/meetings/{id}, keeping the calendar’s place', async () => {
    jest.spyOn(calendar, 'items').mockResolvedValue(ITEMS);
    jest.spyOn(meetings, 'get').mockResolvedValue(
      makeMeeting(1, {
        title: 'Client kick-off',
        location: 'Studio',
        attendees: [{ id: 'c1', model: 'Contact', email: 'carla@example.com', name: 'Carla Client' }],
      }),
    );
    renderCalendar('/calendar?date=2026-11-15');
    fireEvent.click(await screen.findByText('Client kick-off'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/calendar/meetings/m1?date=2026-11-15'));
    expect(await screen.findByTestId('meeting-panel-title')).toHaveTextContent('Client kick-off');
    expect(screen.getByRole('link', { name: 'Carla Client' })).toHaveAttribute('href', '/contacts/c1');
  });

  it('a deep link opens the item over the calendar; an unknown meeting says Meeting not found', async () => {
    jest.spyOn(calendar, 'items').mockResolvedValue([]);
    jest.spyOn(meetings, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Meeting not found'));
    renderCalendar('/calendar/meetings/nope');
    expect(await screen.findByText('Meeting not found')).toBeInTheDocument();
  });

  it('says when the calendar could not be loaded, with Try again', async () => {
    jest.spyOn(calendar, 'items').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'Server down'));
    renderCalendar('/calendar?date=2026-11-15');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The calendar could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('New meeting opens the meeting modal on the bus', async () => {
    jest.spyOn(calendar, 'items').mockResolvedValue([]);
    const opened: unknown[] = [];
    const sub = bus.on('modal:open').subscribe((m) => opened.push(m));
    renderCalendar('/calendar');
    fireEvent.click(screen.getByRole('button', { name: 'New meeting' }));
    sub.unsubscribe();
    expect(opened).toEqual([{ id: 'meeting', data: undefined }]);
  });
});

describe('moving an item (drag or resize)', () => {
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );

  it('sends the new dates (all-day end back to the inclusive last day) and keeps the move', async () => {
    const moveItem = jest.spyOn(calendar, 'moveItem').mockResolvedValue(ITEMS[1]!);
    const revert = jest.fn();
    const { result } = renderHook(() => useMoveItem(), { wrapper });
    const ok = await result.current(
      ITEMS[1]!,
      { start: new Date(2026, 10, 24), end: new Date(2026, 10, 26), allDay: true },
      revert,
    );
    expect(ok).toBe(true);
    expect(moveItem).toHaveBeenCalledWith('t2', {
      type: 'task',
      startDate: '2026-11-24',
      endDate: '2026-11-25',
      isAllDay: true,
    });
    expect(revert).not.toHaveBeenCalled();
  });

  it('puts the item back and says why when the server refuses', async () => {
    jest
      .spyOn(calendar, 'moveItem')
      .mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', 'End date cannot be before start date'));
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    const revert = jest.fn();
    const { result } = renderHook(() => useMoveItem(), { wrapper });
    const ok = await result.current(
      ITEMS[0]!,
      { start: new Date('2026-11-19T15:00:00.000Z'), end: new Date('2026-11-19T16:00:00.000Z'), allDay: false },
      revert,
    );
    sub.unsubscribe();
    expect(ok).toBe(false);
    expect(revert).toHaveBeenCalledTimes(1);
    expect(toasts.map((t) => [t.type, t.message])).toEqual([['error', 'End date cannot be before start date']]);
  });

  it('a network failure without a message gets the catalogued fallback', async () => {
    jest.spyOn(calendar, 'moveItem').mockRejectedValue(new Error(''));
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    const revert = jest.fn();
    const { result } = renderHook(() => useMoveItem(), { wrapper });
    await result.current(ITEMS[0]!, { start: new Date(), end: null, allDay: false }, revert);
    sub.unsubscribe();
    expect(revert).toHaveBeenCalled();
    expect(toasts.at(-1)?.message).toBe('The meeting could not be moved. Please try again.');
  });
});
