import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus, type Toast } from '@atrium/event-bus';
import { meetings, projects } from '@atrium/domain-work';
import { envelope, makeMeeting, makeProject, renderWithProviders } from '../../test-utils';
import { MeetingPanel } from './meeting-panel';

let toasts: Toast[];
let stop: () => void;
beforeEach(() => {
  toasts = [];
  const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
  stop = () => sub.unsubscribe();
  jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1, { title: 'Kitchen remodel' })]));
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

describe('meeting panel (/calendar/meetings/{id})', () => {
  it('shows the details, attendees, project and Google sync state; Edit opens the meeting modal', async () => {
    const m = makeMeeting(1, {
      title: 'Site visit',
      location: '12 Oak St',
      isVirtual: true,
      meetingLink: 'https://meet.example/abc',
      project: { _id: 'p1', title: 'Kitchen remodel' },
      projectId: 'p1',
      attendees: [
        { id: 'c1', model: 'Contact', email: 'carla@example.com', name: 'Carla Client' },
        { id: 'u2', model: 'User', email: 'ben@example.com', name: 'Ben Helper' },
      ],
      syncToGoogleCalendar: true,
      syncedToGoogleCalendar: true,
      googleCalendarUrl: 'https://calendar.google.com/event?eid=x',
    });
    jest.spyOn(meetings, 'get').mockResolvedValue(m);
    const opened: unknown[] = [];
    const sub = bus.on('modal:open').subscribe((x) => opened.push(x));
    renderWithProviders(<MeetingPanel meetingId="m1" onClose={jest.fn()} />, '/');
    expect(await screen.findByTestId('meeting-panel-title')).toHaveTextContent('Site visit');
    expect(screen.getByText('12 Oak St')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://meet.example/abc' })).toHaveAttribute(
      'href',
      'https://meet.example/abc',
    );
    expect(screen.getAllByTestId('meeting-attendee').map((a) => a.textContent)).toEqual([
      'Carla Clientcarla@example.comContact',
      'Ben Helperben@example.comMember',
    ]);
    expect(screen.getByRole('link', { name: 'Kitchen remodel' })).toHaveAttribute('href', '/projects/p1');
    expect(screen.getByText(/Synced to Google Calendar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Google Calendar' })).toHaveAttribute(
      'href',
      'https://calendar.google.com/event?eid=x',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    sub.unsubscribe();
    expect(opened).toEqual([{ id: 'meeting', data: { meeting: m } }]);
  });

  it('deletes after the confirmation, then closes', async () => {
    jest.spyOn(meetings, 'get').mockResolvedValue(makeMeeting(1));
    const remove = jest.spyOn(meetings, 'remove').mockResolvedValue(undefined);
    const onClose = jest.fn();
    renderWithProviders(<MeetingPanel meetingId="m1" onClose={onClose} />, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete meeting' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this meeting? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(remove).toHaveBeenCalledWith('m1');
    expect(toasts.map((t) => t.message)).toEqual(['Meeting deleted successfully']);
  });

  it('a read-only Google event is view only, with Link to project', async () => {
    const m = makeMeeting(2, { title: 'Dentist', source: 'google_calendar', isReadOnly: true });
    jest.spyOn(meetings, 'get').mockResolvedValue(m);
    const link = jest.spyOn(meetings, 'linkProject').mockResolvedValue({ ...m, isReadOnly: false, projectId: 'p1' });
    renderWithProviders(<MeetingPanel meetingId="m2" onClose={jest.fn()} />, '/');
    expect(await screen.findByText('Read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Link to project' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Kitchen remodel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Link to project' }));
    await waitFor(() => expect(link).toHaveBeenCalledWith('m2', 'p1'));
    expect(toasts.at(-1)?.message).toBe('Meeting linked to the project');
  });

  it('opens an attachment through the base64 call and deletes one after asking', async () => {
    const m = makeMeeting(3, {
      attachments: [
        { _id: 'a1', name: 'plan.pdf', mimetype: 'application/pdf', size: 2048, createdAt: '2026-11-20T10:00:00.000Z' },
      ],
    });
    jest.spyOn(meetings, 'get').mockResolvedValue(m);
    const content = jest
      .spyOn(meetings, 'attachment')
      .mockResolvedValue({ base64: btoa('%PDF-1.4'), mimetype: 'application/pdf', name: 'plan.pdf' });
    const removeAttachment = jest.spyOn(meetings, 'removeAttachment').mockResolvedValue(undefined);
    const createObjectURL = jest.fn(() => 'blob:plan');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<MeetingPanel meetingId="m3" onClose={jest.fn()} />, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'plan.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(content).toHaveBeenCalledWith('m3', 'a1');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect([blob.type, blob.size]).toEqual(['application/pdf', 8]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete plan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attachment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(removeAttachment).toHaveBeenCalledWith('m3', 'a1'));
    expect(toasts.at(-1)?.message).toBe('Attachment deleted');
  });
});
