import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { contacts, type Contact } from '@atrium/domain-crm/public';
import { finance } from '@atrium/domain-documents/public';
import {
  FILE_MESSAGES,
  meetings,
  projects,
  tasks,
  type Activity,
  type Meeting,
  type ProjectDetail,
} from '@atrium/domain-work';
import { envelope, makeFile, makeProject, makeTask, renderWithProviders, taskAnswer } from '../test-utils';
import ProjectPage from './project-page';
import ProjectRedirectPage from './project-redirect-page';

/** Enough of a crm contact for its name (the display-name rule reads name first). */
const makeContact = (id: string, name: string) => ({ _id: id, name }) as unknown as Contact;

let events: BusMessage[] = [];
let sub: { unsubscribe(): void };
const detail = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  ...makeProject(1, { title: 'Smith wedding', stage: 'in_progress', type: 'Wedding' }),
  attachments: [],
  ...over,
});
const entry = (i: number, over: Partial<Activity> = {}): Activity => ({
  _id: `a${i}`,
  type: 'custom',
  message: `entry ${i}`,
  subject: null,
  actor: { _id: 'u1', name: 'Ann Owner' },
  timestamp: new Date(Date.UTC(2026, 10, 20, 12) - i * 60_000).toISOString(),
  ...over,
});

beforeEach(() => {
  events = [];
  sub = bus.all().subscribe((m) => events.push(m));
  jest.spyOn(projects, 'types').mockResolvedValue([]);
  jest.spyOn(contacts, 'list').mockResolvedValue(envelope([]));
  jest.spyOn(meetings, 'ofProject').mockResolvedValue([]);
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});
const toasts = () =>
  events.filter((e) => e.type === 'toast:show').map((e) => (e.payload as { message: string }).message);
const open = (path: string) => renderWithProviders(<ProjectPage />, path, '/projects/:projectId/:tab');

describe('/projects/:projectId/:tab', () => {
  it('shows the header and the activity feed, newest first, with who and when; Load more pages back', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    const feed = jest
      .spyOn(projects, 'feed')
      .mockResolvedValueOnce({ data: [entry(1, { message: 'moved the project to Review' }), entry(2)], hasMore: true })
      .mockResolvedValueOnce({ data: [entry(3, { actor: null })], hasMore: false });
    open('/projects/p1/activity');
    expect(await screen.findByRole('heading', { name: 'Smith wedding' })).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(await screen.findByText('moved the project to Review')).toBeInTheDocument();
    const first = screen.getAllByTestId('activity-entry')[0]!;
    expect(within(first).getByText('Ann Owner')).toBeInTheDocument();
    expect(feed).toHaveBeenCalledWith('p1', undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('entry 3')).toBeInTheDocument();
    expect(feed).toHaveBeenLastCalledWith('p1', entry(2).timestamp);
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('adds an entry to the activity, refusing a blank one with the schema message', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    jest.spyOn(projects, 'feed').mockResolvedValue({ data: [], hasMore: false });
    const add = jest.spyOn(projects, 'addActivity').mockResolvedValue(entry(9));
    open('/projects/p1/activity');
    await screen.findByText(/No activity yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add to activity' }));
    expect(await screen.findByText('Write what happened')).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('New activity entry'), { target: { value: 'Called the florist' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to activity' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith('p1', { message: 'Called the florist' }));
    await waitFor(() => expect(screen.getByLabelText('New activity entry')).toHaveValue(''));
  });

  it("says 'Project not found: {id}' for a project the server does not know", async () => {
    jest.spyOn(projects, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Project not found: nope'));
    open('/projects/nope/activity');
    expect(await screen.findByText('Project not found: nope')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/projects');
  });

  it('opens the activity tab for an unknown tab, and /projects/{id} redirects there', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    jest.spyOn(projects, 'feed').mockResolvedValue({ data: [entry(1)], hasMore: false });
    open('/projects/p1/nonsense');
    expect(await screen.findByText('entry 1')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  });

  it('deletes after confirmation and goes back to /projects', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    jest.spyOn(projects, 'feed').mockResolvedValue({ data: [], hasMore: false });
    const remove = jest.spyOn(projects, 'remove').mockResolvedValue();
    open('/projects/p1/details');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its tasks, files and activity are deleted with it/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('p1'));
    await waitFor(() => expect(events).toContainEqual({ type: 'navigate', payload: { to: '/projects' } }));
  });

  it('duplicates and opens the copy', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    jest.spyOn(projects, 'feed').mockResolvedValue({ data: [], hasMore: false });
    jest.spyOn(projects, 'duplicate').mockResolvedValue(makeProject(2, { _id: 'p2' }));
    open('/projects/p1/activity');
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(events).toContainEqual({ type: 'navigate', payload: { to: '/projects/p2' } }));
    expect(toasts()).toContain('Project duplicated');
  });

  it("shows the project's invoices and payments on the finance tab", async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    const call = jest.spyOn(finance, 'ofProject').mockResolvedValue({ totals: [], invoices: [], payments: [] });
    open('/projects/p1/finance');
    expect(await screen.findByText('No invoices in this project yet.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('p1');
  });

  it("lists the project's tasks on the tasks tab", async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    const list = jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([makeTask(1, { title: 'Book venue' })]));
    open('/projects/p1/tasks');
    expect(await screen.findByText('Book venue')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'p1' }));
  });
});

describe('files tabs', () => {
  it('shows only the files of the tab with thumbnails and download links', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(
      detail({
        attachments: [
          makeFile(1, { name: 'plan.png', kind: 'floorplan' }),
          makeFile(2, { name: 'contract.pdf', type: 'application/pdf', kind: 'attachment' }),
        ],
      }),
    );
    open('/projects/p1/floorplans');
    expect(await screen.findByText('plan.png')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Floor plans (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Attachments (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Designs' })).toBeInTheDocument();
    expect(screen.queryByText('contract.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'plan.png' })).toHaveAttribute('src', '/api/v1/projects/p1/attachments/f1');
    expect(screen.getByRole('link', { name: 'Download plan.png' })).toHaveAttribute(
      'href',
      '/api/v1/projects/p1/attachments/f1?download=1',
    );
  });

  it('uploads dropped files with the kind of the tab, and refuses too many before sending', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    const upload = jest.spyOn(projects, 'uploadFiles').mockResolvedValue([makeFile(1, { kind: 'design' })]);
    open('/projects/p1/designs');
    const zone = await screen.findByTestId('drop-zone');
    const file = (n: number) => new File(['x'], `d${n}.png`, { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: Array.from({ length: 11 }, (_, i) => file(i)) } });
    await waitFor(() => expect(toasts()).toEqual([FILE_MESSAGES.tooMany]));
    expect(upload).not.toHaveBeenCalled();
    fireEvent.drop(zone, { dataTransfer: { files: [file(1), file(2)] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith('p1', [expect.any(File), expect.any(File)], 'design'));
    await waitFor(() => expect(toasts()).toContain('1 file(s) uploaded'));
  });

  it('deletes a file after confirmation', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail({ attachments: [makeFile(1, { name: 'a.png' })] }));
    const remove = jest.spyOn(projects, 'removeFile').mockResolvedValue();
    open('/projects/p1/attachments');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete a.png' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('p1', 'f1'));
  });
});

describe('details tab', () => {
  it('shows the fields and the linked contacts by name, links more and unlinks one', async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(
      detail({
        contacts: ['c1'],
        location: 'Town hall',
        address: { line1: '1 Main St', line2: null, country: 'Ireland', state: null, city: 'Cork', zip: null },
      }),
    );
    jest.spyOn(contacts, 'get').mockResolvedValue(makeContact('c1', 'Ada Lovelace'));
    jest
      .spyOn(contacts, 'list')
      .mockResolvedValue(envelope([makeContact('c1', 'Ada Lovelace'), makeContact('c2', 'Bob Byrne')]));
    const add = jest.spyOn(projects, 'addContacts').mockResolvedValue(makeProject(1));
    const update = jest.spyOn(projects, 'update').mockResolvedValue(makeProject(1));
    open('/projects/p1/details');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/contacts/c1');
    expect(screen.getAllByText('Town hall').length).toBeGreaterThan(0);
    expect(screen.getByText('1 Main St')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Ada Lovelace' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('p1', { contacts: [] }));
    expect(add).not.toHaveBeenCalled();
  });

  it("shows the project's meetings, each linked to the calendar", async () => {
    jest.spyOn(projects, 'get').mockResolvedValue(detail());
    const of = jest.spyOn(meetings, 'ofProject').mockResolvedValue([
      {
        _id: 'm1',
        title: 'Tasting',
        startDate: '2099-05-01T00:00:00.000Z',
        endDate: '2099-05-01T00:00:00.000Z',
        isAllDay: true,
        status: 'scheduled',
      } as Meeting,
    ]);
    open('/projects/p1/details');
    expect(await screen.findByRole('link', { name: 'Tasting' })).toHaveAttribute('href', '/calendar/meetings/m1');
    expect(screen.getByText('May 1, 2099')).toBeInTheDocument();
    expect(of).toHaveBeenCalledWith('p1');
  });
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.hash}`}</div>;
}
const redirect = (from: string) =>
  render(
    <MemoryRouter initialEntries={[from]}>
      <Routes>
        <Route path="/projects/:projectId" element={<ProjectRedirectPage />} />
        <Route path="/projects/:projectId/:tab" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/projects/:projectId', () => {
  it('redirects to the activity tab', () => {
    redirect('/projects/p1');
    expect(screen.getByTestId('where')).toHaveTextContent('/projects/p1/activity');
  });

  it("opens the notes tab for an entity's notes address (#notes)", () => {
    redirect('/projects/p1#notes');
    expect(screen.getByTestId('where')).toHaveTextContent('/projects/p1/notes#notes');
  });
});
