import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { projects, type ProjectListParams } from '@atrium/domain-work';
import { envelope, makeProject, renderWithProviders } from '../test-utils';
import ProjectsPage from './projects-page';

let events: BusMessage[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  events = [];
  sub = bus.all().subscribe((m) => events.push(m));
  jest.spyOn(projects, 'types').mockResolvedValue([
    { name: 'Wedding', projectCount: 2 },
    { name: 'Kitchen', projectCount: 1 },
  ]);
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
  jest.useRealTimers();
});
const toasts = () =>
  events
    .filter((e) => e.type === 'toast:show')
    .map((e) => {
      const { type, message } = e.payload as { type: string; message: string };
      return { type, message };
    });

describe('/projects table', () => {
  it('lists the projects with stage, type and task count, and pages through the server', async () => {
    const list = jest
      .spyOn(projects, 'list')
      .mockResolvedValue(
        envelope([makeProject(1, { title: 'Smith wedding', stage: 'review', taskCount: 4 })], 41, 1, 20),
      );
    renderWithProviders(<ProjectsPage />, '/projects');
    const table = await screen.findByRole('table', { name: 'Projects' });
    const row = within(table).getByText('Smith wedding').closest('tr')!;
    expect(within(row).getByText('Review')).toBeInTheDocument();
    expect(within(row).getByText('Wedding')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Smith wedding' })).toHaveAttribute('href', '/projects/p1/activity');
    expect(screen.getByTestId('projects-range')).toHaveTextContent('Showing 1–20 of 41 projects');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, limit: 20 }));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));
  });

  it('searches 300 ms after typing stops', async () => {
    const list = jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1)]));
    renderWithProviders(<ProjectsPage />, '/projects');
    await screen.findByRole('table', { name: 'Projects' });
    jest.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: 'smi' } });
    act(() => void jest.advanceTimersByTime(200));
    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: 'smith' } });
    act(() => void jest.advanceTimersByTime(299));
    expect(list).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'smith' }));
    act(() => void jest.advanceTimersByTime(1));
    jest.useRealTimers();
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'smith', page: 1 })));
    expect(list).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'smi' }));
  });

  it('says what to do when there are no projects, and offers to create one', async () => {
    jest.spyOn(projects, 'list').mockResolvedValue(envelope([]));
    renderWithProviders(<ProjectsPage />, '/projects');
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create your first project' }));
    expect(await screen.findByText('New project', { selector: 'h2 *, h2' })).toBeInTheDocument();
  });

  it('shows the failure with Try again, which asks again', async () => {
    const list = jest
      .spyOn(projects, 'list')
      .mockRejectedValueOnce(new ApiError(500, 'FETCH_ERROR', 'Failed to fetch projects'))
      .mockResolvedValue(envelope([makeProject(1)]));
    renderWithProviders(<ProjectsPage />, '/projects');
    expect(await screen.findByText('Failed to fetch projects')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Project 1')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('changes the type of the selected projects in one call and says how many changed', async () => {
    jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1), makeProject(2), makeProject(3)]));
    const bulk = jest.spyOn(projects, 'bulkUpdateTypes').mockResolvedValue(2);
    renderWithProviders(<ProjectsPage />, '/projects');
    fireEvent.click(await screen.findByLabelText('Select Project 1'));
    fireEvent.click(screen.getByLabelText('Select Project 3'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.change(screen.getAllByLabelText('New project type')[0]!, { target: { value: 'Kitchen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change type' }));
    await waitFor(() =>
      expect(bulk).toHaveBeenCalledWith({
        updates: [
          { id: 'p1', type: 'Kitchen' },
          { id: 'p3', type: 'Kitchen' },
        ],
      }),
    );
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', message: '2 project(s) updated to type Kitchen' }]),
    );
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });

  it('exports every match (export=true) as CSV', async () => {
    jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1)]));
    const exportAll = jest.spyOn(projects, 'exportAll').mockResolvedValue([makeProject(1), makeProject(2)]);
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<ProjectsPage />, '/projects?stage=review');
    await screen.findByText('Project 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', message: 'Exported 2 project(s)' }]));
    expect(exportAll).toHaveBeenCalledWith(expect.objectContaining({ stage: 'review' }));
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });
});

describe('/projects?view=board', () => {
  const serveColumns = (cols: Partial<Record<string, ReturnType<typeof makeProject>[]>>) =>
    jest
      .spyOn(projects, 'list')
      .mockImplementation(async (p: ProjectListParams = {}) => envelope(cols[p.stage ?? ''] ?? [], undefined, 1, 50));

  it('shows four stage columns with their counts, each asking for its cards in board order', async () => {
    const list = serveColumns({
      planning: [makeProject(1, { title: 'Alpha' }), makeProject(2, { title: 'Beta' })],
      review: [makeProject(3, { title: 'Gamma', stage: 'review' })],
    });
    renderWithProviders(<ProjectsPage />, '/projects?view=board');
    const planning = await screen.findByRole('region', { name: 'Planning column' });
    await within(planning).findByText('Alpha');
    expect(within(planning).getByLabelText('2 projects')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Review column' })).getByText('Gamma')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Completed column' })).getByText('Drop a project here'),
    ).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ stage: 'in_progress', sortBy: 'board', sortOrder: 'asc', limit: 50, page: 1 });
    // Only the columns ask: the table's page is not fetched behind the board.
    expect(list.mock.calls.every(([p]) => p?.sortBy === 'board')).toBe(true);
  });

  it('moves a card with its menu at once, and puts it back with a toast when the server refuses', async () => {
    serveColumns({ planning: [makeProject(1, { title: 'Alpha' }), makeProject(2, { title: 'Beta' })] });
    let reject!: (e: unknown) => void;
    const move = jest.spyOn(projects, 'moveStage').mockImplementation(() => new Promise((_, r) => (reject = r)));
    renderWithProviders(<ProjectsPage />, '/projects?view=board');
    const planning = await screen.findByRole('region', { name: 'Planning column' });
    await within(planning).findByText('Beta');
    fireEvent.click(screen.getByRole('button', { name: 'Move Beta' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Review' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith('p2', { stage: 'review', order: 0 }));
    const review = screen.getByRole('region', { name: 'Review column' });
    await waitFor(() => expect(within(review).getByText('Beta')).toBeInTheDocument());
    expect(within(planning).queryByText('Beta')).not.toBeInTheDocument();
    expect(within(planning).getByLabelText('1 projects')).toBeInTheDocument();
    act(() => reject(new ApiError(500, 'STAGE_UPDATE_ERROR', 'Failed to update project stage')));
    await waitFor(() => expect(within(planning).getByText('Beta')).toBeInTheDocument());
    expect(toasts()).toContainEqual({ type: 'error', message: 'Failed to update project stage' });
  });

  it('pages a long column through the server with Show more', async () => {
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => makeProject(from + i, { title: `Card ${from + i}` }));
    const list = jest.spyOn(projects, 'list').mockImplementation(async (p: ProjectListParams = {}) => {
      if (p.stage !== 'planning') return envelope([], 0, 1, 50);
      return p.page === 2 ? envelope(page(51, 10), 60, 2, 50) : envelope(page(1, 50), 60, 1, 50);
    });
    renderWithProviders(<ProjectsPage />, '/projects?view=board');
    const planning = await screen.findByRole('region', { name: 'Planning column' });
    await within(planning).findByText('Card 50');
    expect(within(planning).getByLabelText('60 projects')).toBeInTheDocument();
    fireEvent.click(within(planning).getByRole('button', { name: 'Show more (10 more)' }));
    expect(await within(planning).findByText('Card 60')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ stage: 'planning', page: 2, sortBy: 'board' }));
    expect(within(planning).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('reloads the board once the last of quick successive moves settles (the first never undoes the second)', async () => {
    const list = serveColumns({
      planning: [makeProject(1, { title: 'Alpha' }), makeProject(2, { title: 'Beta' })],
    });
    const answers: ((p: ReturnType<typeof makeProject>) => void)[] = [];
    jest.spyOn(projects, 'moveStage').mockImplementation(() => new Promise((r) => answers.push(r)));
    renderWithProviders(<ProjectsPage />, '/projects?view=board');
    const planning = await screen.findByRole('region', { name: 'Planning column' });
    await within(planning).findByText('Beta');
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Review' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Move Beta' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Completed' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    const calls = list.mock.calls.length;
    act(() => answers[0]!(makeProject(1, { stage: 'review' })));
    // The first answer alone reloads nothing: Beta stays in Completed as shown.
    await new Promise((r) => setTimeout(r, 20));
    expect(list.mock.calls.length).toBe(calls);
    const completed = screen.getByRole('region', { name: 'Completed column' });
    expect(within(completed).getByText('Beta')).toBeInTheDocument();
    act(() => answers[1]!(makeProject(2, { stage: 'completed' })));
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(calls));
  });

  it('moves a card down within its column with the keyboard menu (order = its new index)', async () => {
    serveColumns({ planning: [makeProject(1, { title: 'Alpha' }), makeProject(2, { title: 'Beta' })] });
    // The server has not answered yet: the board shows the move already.
    const move = jest.spyOn(projects, 'moveStage').mockReturnValue(new Promise(() => {}));
    renderWithProviders(<ProjectsPage />, '/projects?view=board');
    const planning = await screen.findByRole('region', { name: 'Planning column' });
    await within(planning).findByText('Alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith('p1', { stage: 'planning', order: 1 }));
    await waitFor(() =>
      expect(
        within(planning)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Beta', 'Alpha']),
    );
  });
});
