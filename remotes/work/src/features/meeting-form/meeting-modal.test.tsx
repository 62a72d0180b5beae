import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { bus, type Toast } from '@atrium/event-bus';
import { businesses } from '@atrium/domain-admin/public';
import { contacts } from '@atrium/domain-crm/public';
import { googleCalendar, meetings, projects, type GoogleCalendarStatus } from '@atrium/domain-work';
import { envelope, makeMeeting, makeProject, renderWithProviders } from '../../test-utils';
import MeetingModalEntry from './meeting-modal-entry';
import { toFormValues, toInput } from './meeting-form-values';
import { calendarAfterCreate } from './meeting-modal';

function watchBus() {
  const toasts: Toast[] = [];
  const navigations: string[] = [];
  const subs = [
    bus.on('toast:show').subscribe((t) => toasts.push(t)),
    bus.on('navigate').subscribe((n) => navigations.push(n.to)),
  ];
  return { toasts, navigations, stop: () => subs.forEach((s) => s.unsubscribe()) };
}
const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'application/pdf' });
const member = (userId: string, firstName: string, lastName: string) => ({
  id: `bm-${userId}`,
  businessId: 'b1',
  userId,
  role: 'member' as const,
  user: { _id: userId, email: `${firstName.toLowerCase()}@example.com`, firstName, lastName },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const gcal = (state: GoogleCalendarStatus['state'], email: string | null = null): GoogleCalendarStatus => ({
  configured: state !== 'not_configured',
  state,
  run: 'idle',
  email,
  lastSyncedAt: null,
  lastError: null,
});

let bus$: ReturnType<typeof watchBus>;
beforeEach(() => {
  localStorage.clear();
  setTestSession({ status: 'authenticated', user: { ...sampleUser, id: 'u1', businessId: 'b1' } });
  jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1, { title: 'Kitchen remodel' })]));
  jest
    .spyOn(contacts, 'list')
    .mockResolvedValue(
      envelope([{ _id: 'c1', firstName: 'Carla', lastName: 'Client', email: 'carla@example.com' }], 1, 1, 100) as never,
    );
  jest
    .spyOn(businesses, 'list')
    .mockResolvedValue([
      { id: 'b1', _id: 'b1', members: [member('u1', 'Ann', 'Owner'), member('u2', 'Ben', 'Helper')] },
    ] as never);
  jest.spyOn(googleCalendar, 'status').mockResolvedValue(gcal('not_connected'));
  bus$ = watchBus();
});
afterEach(() => {
  bus$.stop();
  clearTestSession();
  jest.restoreAllMocks();
});

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('meeting form values', () => {
  it('a range selected on the calendar prefills the days (all-day: first and last day, inclusive)', () => {
    const v = toFormValues(null, { start: '2026-11-20', end: '2026-11-22', allDay: true });
    expect([v.startDate, v.endDate, v.isAllDay]).toEqual(['2026-11-20', '2026-11-22', true]);
    expect(toInput({ ...v, title: ' Offsite ' })).toMatchObject({
      title: 'Offsite',
      startDate: '2026-11-20',
      endDate: '2026-11-22',
      isAllDay: true,
      status: 'scheduled',
      type: 'meeting',
    });
  });

  it('a timed range is edited in the viewer’s zone and sent as instants', () => {
    const v = toFormValues(null, { start: '2026-11-20T14:00:00.000Z', end: '2026-11-20T15:30:00.000Z' });
    const input = toInput({ ...v, title: 'Call' });
    expect([input.startDate, input.endDate, input.isAllDay]).toEqual([
      '2026-11-20T14:00:00.000Z',
      '2026-11-20T15:30:00.000Z',
      false,
    ]);
  });

  it('a link is kept for a virtual meeting only', () => {
    const v = { ...toFormValues(null), title: 'x', meetingLink: 'https://meet.example/abc' };
    expect(toInput(v).meetingLink).toBeNull();
    expect(toInput({ ...v, isVirtual: true }).meetingLink).toBe('https://meet.example/abc');
  });
});

describe('after creating', () => {
  it('goes to /calendar at the meeting’s day, keeping an open calendar’s view and filters', () => {
    const allDay = { isAllDay: true, startDate: '2026-12-10' };
    expect(calendarAfterCreate(allDay, { pathname: '/contacts', search: '?q=1' })).toBe('/calendar?date=2026-12-10');
    expect(
      calendarAfterCreate(allDay, { pathname: '/calendar', search: '?view=week&date=2026-11-01&type=meeting' }),
    ).toBe('/calendar?view=week&date=2026-12-10&type=meeting');
    const timed = { isAllDay: false, startDate: new Date(2026, 11, 10, 9, 30).toISOString() };
    expect(calendarAfterCreate(timed, { pathname: '/', search: '' })).toBe('/calendar?date=2026-12-10');
  });

  it('drops an open calendar’s filters that would hide the new meeting, keeps those it passes', () => {
    const m = { isAllDay: true, startDate: '2026-12-10', title: 'Site visit', status: 'scheduled' as const };
    const at = (search: string) => calendarAfterCreate(m, { pathname: '/calendar', search });
    expect(at('?type=task,project&status=completed&search=invoice')).toBe('/calendar?date=2026-12-10');
    expect(at('?view=week&type=meeting,task&status=scheduled&search=SITE')).toBe(
      '/calendar?view=week&type=meeting%2Ctask&status=scheduled&search=SITE&date=2026-12-10',
    );
  });
});

describe('meeting modal (+ New → Meeting)', () => {
  it('is the draggable modal "meeting", a scheduled meeting by default', async () => {
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    expect(await screen.findByText('New meeting')).toBeInTheDocument();
    expect(document.querySelector('[data-modal-id="meeting"]')).not.toBeNull();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Meeting');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Scheduled');
    const sync = screen.getByLabelText(/Sync to Google Calendar/);
    expect(sync).not.toBeChecked();
    // Not connected: said plainly, with the way to connect, and the switch cannot be turned on.
    await waitFor(() =>
      expect(screen.getByTestId('google-sync-note')).toHaveTextContent('Google Calendar is not connected.'),
    );
    expect(screen.getByRole('link', { name: 'Connect it in the integrations' })).toHaveAttribute(
      'href',
      '/settings/profile/integrations',
    );
    expect(sync).toBeDisabled();
  });

  it('says when Google Calendar is not set up in this installation, or needs a reconnect', async () => {
    jest.spyOn(googleCalendar, 'status').mockResolvedValue(gcal('not_configured'));
    const { unmount } = renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    await waitFor(() =>
      expect(screen.getByTestId('google-sync-note')).toHaveTextContent(
        'Google Calendar is not set up in this installation.',
      ),
    );
    expect(screen.getByLabelText(/Sync to Google Calendar/)).toBeDisabled();
    unmount();
    jest.spyOn(googleCalendar, 'status').mockResolvedValue(gcal('reconnect'));
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    await waitFor(() =>
      expect(screen.getByTestId('google-sync-note')).toHaveTextContent(/Reconnect to resume syncing/),
    );
    expect(screen.getByLabelText(/Sync to Google Calendar/)).toBeDisabled();
  });

  it('with Google Calendar connected, the meeting can be sent to it', async () => {
    jest.spyOn(googleCalendar, 'status').mockResolvedValue(gcal('connected', 'ann@gmail.test'));
    const create = jest.spyOn(meetings, 'create').mockResolvedValue(makeMeeting(9));
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    await waitFor(() =>
      expect(screen.getByTestId('google-sync-note')).toHaveTextContent('Connected as ann@gmail.test'),
    );
    const sync = screen.getByLabelText(/Sync to Google Calendar/);
    expect(sync).toBeEnabled();
    fireEvent.click(sync);
    type(/Title/, 'Synced one');
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ syncToGoogleCalendar: true })));
  });

  it('shows the server’s messages for a blank title and a missing end, and sends nothing', async () => {
    const create = jest.spyOn(meetings, 'create');
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    type(/^End/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('End date is required for meeting creation')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('an end before the start is refused on the end', async () => {
    const create = jest.spyOn(meetings, 'create');
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    type(/Title/, 'Site visit');
    type(/^Start/, '2026-12-10T10:00');
    type(/^End/, '2026-12-10T09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    expect(await screen.findByText('End date cannot be before start date')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the meeting with a member and a contact attending, toasts, closes and goes to /calendar', async () => {
    const create = jest
      .spyOn(meetings, 'create')
      .mockResolvedValue(
        makeMeeting(9, { title: 'Site visit', isAllDay: true, startDate: '2026-12-10', endDate: '2026-12-11' }),
      );
    const onClose = jest.fn();
    renderWithProviders(<MeetingModalEntry onClose={onClose} data={{ projectId: 'p1' }} />, '/');
    type(/Title/, 'Site visit');
    fireEvent.click(screen.getByLabelText('All day'));
    type(/^Start/, '2026-12-10');
    type(/Last day/, '2026-12-11');
    const attendees = screen.getByLabelText('Attendees');
    fireEvent.focus(attendees);
    fireEvent.click(await screen.findByRole('option', { name: 'Ben Helper (member)' }));
    fireEvent.focus(attendees);
    fireEvent.click(await screen.findByRole('option', { name: 'Carla Client' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      title: 'Site visit',
      description: null,
      startDate: '2026-12-10',
      endDate: '2026-12-11',
      isAllDay: true,
      location: null,
      status: 'scheduled',
      type: 'meeting',
      isVirtual: false,
      meetingLink: null,
      notes: null,
      projectId: 'p1',
      organizer: null,
      attendees: [
        { id: 'u2', model: 'User', email: 'ben@example.com', name: 'Ben Helper' },
        { id: 'c1', model: 'Contact', email: 'carla@example.com', name: 'Carla Client' },
      ],
      syncToGoogleCalendar: false,
    });
    expect(bus$.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Meeting created successfully']]);
    // The calendar, at the meeting's day.
    expect(bus$.navigations).toEqual(['/calendar?date=2026-12-10']);
  });

  it('from a contact page: that contact already attends (the bus payload), and is sent with the meeting', async () => {
    const create = jest.spyOn(meetings, 'create').mockResolvedValue(makeMeeting(10, { title: 'Intro' }));
    const dora = { id: 'c9', model: 'Contact' as const, email: 'dora@example.com', name: 'Dora Other' };
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} data={{ attendees: [dora] }} />, '/contacts/c9');
    await screen.findByText('New meeting');
    expect(screen.getByLabelText('Attendees').closest('.mantine-InputWrapper-root')).toHaveTextContent('Dora Other');
    type(/Title/, 'Intro');
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({ title: 'Intro', attendees: [dora], projectId: null });
  });

  it('uploads the files picked before creating, one call each, with the attachment toasts', async () => {
    jest.spyOn(meetings, 'create').mockResolvedValue(makeMeeting(9));
    const upload = jest
      .spyOn(meetings, 'uploadAttachment')
      .mockResolvedValueOnce({ _id: 'a1', name: 'a.pdf', mimetype: 'application/pdf', size: 10, createdAt: '' })
      .mockRejectedValueOnce(new ApiError(413, 'FILE_TOO_LARGE', 'too big'));
    renderWithProviders(<MeetingModalEntry onClose={jest.fn()} />, '/');
    type(/Title/, 'With files');
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, [
      file('a.pdf'),
      file('b.pdf'),
    ]);
    expect(screen.getByTestId('picked-files')).toHaveTextContent('b.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(bus$.toasts).toHaveLength(2));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload).toHaveBeenCalledWith('m9', expect.any(File));
    expect(bus$.toasts.map((t) => [t.type, t.message])).toEqual([
      ['info', 'Meeting created! Uploading 2 attachment(s)...'],
      ['warning', 'Meeting created! 1 attachments uploaded, 1 failed.'],
    ]);
  });

  it('a failed create says so, keeps the modal open and puts the server’s field message on its field', async () => {
    jest
      .spyOn(meetings, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid meeting data', [
          { field: 'location', message: 'Must be at most 500 characters' },
        ]),
      );
    const onClose = jest.fn();
    renderWithProviders(<MeetingModalEntry onClose={onClose} />, '/');
    type(/Title/, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(bus$.toasts.at(-1)?.message).toBe('Failed to create meeting. Please try again.'));
    expect(screen.getByText('Must be at most 500 characters')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(bus$.navigations).toEqual([]);
  });

  it('edits a meeting: its values in the form, PUT on save, Meeting updated successfully', async () => {
    const m = makeMeeting(3, { title: 'Review', location: 'Studio' });
    const update = jest.spyOn(meetings, 'update').mockResolvedValue({ ...m, title: 'Final review' });
    const onClose = jest.fn();
    renderWithProviders(<MeetingModalEntry onClose={onClose} data={{ meeting: m }} />, '/');
    expect(screen.getByText('Edit meeting')).toBeInTheDocument();
    expect(screen.getByLabelText(/Location/)).toHaveValue('Studio');
    // Its project changes on its panel (link / unlink), not here.
    expect(screen.queryByRole('combobox', { name: 'Project' })).toBeNull();
    type(/Title/, 'Final review');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith('m3', expect.objectContaining({ title: 'Final review', location: 'Studio' }));
    expect(bus$.toasts.map((t) => t.message)).toEqual(['Meeting updated successfully']);
  });
});
