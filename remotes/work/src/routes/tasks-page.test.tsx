import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import { contacts } from '@atrium/domain-crm/public';
import { projects, tasks, type TaskListParams } from '@atrium/domain-work';
import { envelope, makeProject, makeTask, taskAnswer } from '../test-utils';
import TasksPage from './tasks-page';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

function renderPage(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <TasksPage />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

let toasts: Toast[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
  jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1)]));
  jest.spyOn(contacts, 'list').mockResolvedValue({
    success: true,
    data: [],
    pagination: { total: 0, page: 1, limit: 100, totalPages: 1 },
  } as never);
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('/tasks list', () => {
  it('lists a page of tasks with status, priority, project and the range', async () => {
    const list = jest.spyOn(tasks, 'list').mockResolvedValue(
      taskAnswer(
        [
          makeTask(1, {
            title: 'Order tiles',
            status: 'blocked',
            priority: 'high',
            project: { _id: 'p1', title: 'Kitchen' },
          }),
        ],
        41,
      ),
    );
    renderPage('/tasks');
    const row = await screen.findByTestId('task-row');
    expect(row).toHaveTextContent('Order tiles');
    expect(row).toHaveTextContent('Blocked');
    expect(row).toHaveTextContent('High');
    expect(row).toHaveTextContent('Kitchen');
    expect(screen.getByTestId('tasks-range')).toHaveTextContent('Showing 1–20 of 41 tasks');
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ page: 1, limit: 20 }));
  });

  it('searches after the 300 ms debounce, through the address bar', async () => {
    const list = jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([makeTask(1)]));
    renderPage('/tasks');
    await screen.findByTestId('task-row');
    fireEvent.change(screen.getByLabelText('Search tasks'), { target: { value: 'tiles' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/tasks?search=tiles'));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining<TaskListParams>({ search: 'tiles', page: 1 })),
    );
  });

  it('reads the filters from the address bar and sends them', async () => {
    const list = jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([]));
    renderPage('/tasks?status=in_progress&priority=high&projectId=p1');
    expect(await screen.findByText('No tasks match your search.')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'in_progress', priority: 'high', projectId: 'p1' }),
    );
  });

  it('an empty business is told how to start', async () => {
    jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([]));
    const opened: unknown[] = [];
    const s = bus.on('modal:open').subscribe((m) => opened.push(m.id));
    renderPage('/tasks');
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first task' }));
    expect(opened).toEqual(['task']);
    s.unsubscribe();
  });

  it('a failed list says so with Try again', async () => {
    const list = jest.spyOn(tasks, 'list').mockRejectedValueOnce(new ApiError(500, 'FETCH_ERROR', 'boom'));
    list.mockResolvedValue(taskAnswer([makeTask(1)]));
    renderPage('/tasks');
    expect(await screen.findByText('Failed to fetch tasks: boom')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('task-row')).toBeInTheDocument();
  });

  it('opens the task the global search passed in navigation state', async () => {
    jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([]));
    jest
      .spyOn(tasks, 'get')
      .mockResolvedValue({ ...makeTask(7, { title: 'Picked in search' }), attachments: [], comments: [], history: [] });
    renderPage({ pathname: '/tasks', state: { taskId: 't7' } });
    expect(await screen.findByTestId('task-drawer-title')).toHaveTextContent('Picked in search');
    expect(screen.getByTestId('where')).toHaveTextContent('/tasks?task=t7');
    expect(tasks.get).toHaveBeenCalledWith('t7');
  });
});

describe('/tasks kanban', () => {
  const serveBoard = () => {
    jest.spyOn(tasks, 'totals').mockResolvedValue({ todo: 2, in_progress: 1, blocked: 0, completed: 0, total: 3 });
    return jest.spyOn(tasks, 'list').mockImplementation(async (p: TaskListParams = {}) => {
      if (p.status === 'todo') return taskAnswer([makeTask(1, { title: 'A' }), makeTask(2, { title: 'B' })], 2, 1, 50);
      if (p.status === 'in_progress') return taskAnswer([makeTask(3, { title: 'C', status: 'in_progress' })], 1, 1, 50);
      return taskAnswer([], 0, 1, 50);
    });
  };
  const column = (s: string) => screen.getByTestId(`kanban-column-${s}`);
  const titles = (s: string) =>
    within(column(s))
      .queryAllByTestId('kanban-card')
      .map((c) => c.textContent?.[0]);

  it('shows four columns with their totals, each paged from the server in board order', async () => {
    const list = serveBoard();
    renderPage('/tasks?view=kanban');
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    expect(screen.getByTestId('kanban-total-todo')).toHaveTextContent('2');
    expect(screen.getByTestId('kanban-total-in_progress')).toHaveTextContent('1');
    expect(within(column('blocked')).getByText('No tasks here. Drag a card into this column.')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ status: 'todo', sortBy: 'board', sortOrder: 'asc', limit: 50, page: 1 });
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed', sortBy: 'board' }));
  });

  it('moves a card to the next column from the keyboard, at once, and sends columnId and taskOrder', async () => {
    serveBoard();
    let settle!: () => void;
    const moveColumn = jest
      .spyOn(tasks, 'moveColumn')
      .mockImplementation(() => new Promise((r) => (settle = () => r(makeTask(2, { status: 'in_progress' })))));
    renderPage('/tasks?view=kanban');
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    const b = within(column('todo')).getAllByTestId('kanban-card')[1]!;
    fireEvent.keyDown(b, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(titles('in_progress')).toEqual(['C', 'B']));
    expect(titles('todo')).toEqual(['A']);
    expect(screen.getByTestId('kanban-total-todo')).toHaveTextContent('1');
    expect(screen.getByTestId('kanban-total-in_progress')).toHaveTextContent('2');
    expect(moveColumn).toHaveBeenCalledWith('t2', { columnId: 'in_progress', taskOrder: 1 });
    await act(async () => settle());
  });

  it('refetches the board once the last of quick moves settles (a refetch never undoes a move in flight)', async () => {
    const list = serveBoard();
    const settles: (() => void)[] = [];
    jest.spyOn(tasks, 'moveColumn').mockImplementation(() => new Promise((r) => settles.push(() => r(makeTask(1)))));
    renderPage('/tasks?view=kanban');
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    const boardCalls = () => list.mock.calls.filter(([p]) => p?.sortBy === 'board').length;
    const before = boardCalls();
    fireEvent.keyDown(within(column('todo')).getAllByTestId('kanban-card')[0]!, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(titles('todo')).toEqual(['B']));
    fireEvent.keyDown(within(column('todo')).getAllByTestId('kanban-card')[0]!, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(titles('todo')).toEqual([]));
    await act(async () => settles[0]!());
    expect(boardCalls()).toBe(before);
    expect(titles('in_progress')).toEqual(['B', 'A', 'C']);
    await act(async () => settles[1]!());
    await waitFor(() => expect(boardCalls()).toBeGreaterThan(before));
  });

  it('puts the card back when the server refuses the move, and says so', async () => {
    serveBoard();
    jest.spyOn(tasks, 'moveColumn').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Task not found'));
    renderPage('/tasks?view=kanban');
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    fireEvent.keyDown(within(column('todo')).getAllByTestId('kanban-card')[0]!, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ type: 'error', message: 'Task not found' }));
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    expect(tasks.moveColumn).toHaveBeenCalledWith('t1', { columnId: 'todo', taskOrder: 1 });
  });

  it('moves a card from its Move menu, to another column’s top or within its column', async () => {
    serveBoard();
    const moveColumn = jest.spyOn(tasks, 'moveColumn').mockResolvedValue(makeTask(1));
    renderPage('/tasks?view=kanban');
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    fireEvent.click(screen.getByRole('button', { name: 'Move B' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'To the top' }));
    await waitFor(() => expect(moveColumn).toHaveBeenCalledWith('t2', { columnId: 'todo', taskOrder: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Move A' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'To Completed' }));
    await waitFor(() => expect(moveColumn).toHaveBeenCalledWith('t1', { columnId: 'completed', taskOrder: 0 }));
    // The menu's button never opens the drawer.
    expect(screen.getByTestId('where')).not.toHaveTextContent('task=');
  });

  it('opens a card with Enter on its title (the card’s focus)', async () => {
    serveBoard();
    jest
      .spyOn(tasks, 'get')
      .mockResolvedValue({ ...makeTask(2, { title: 'B' }), attachments: [], comments: [], history: [] });
    renderPage('/tasks?view=kanban');
    await waitFor(() => expect(titles('todo')).toEqual(['A', 'B']));
    const title = within(column('todo')).getByRole('button', { name: 'B' });
    expect(title).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(title, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/tasks?view=kanban&task=t2'));
  });

  it('keeps the view in the address bar', async () => {
    serveBoard();
    renderPage('/tasks');
    fireEvent.click(await screen.findByText('Kanban'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/tasks?view=kanban'));
    expect(await screen.findByTestId('kanban-column-todo')).toBeInTheDocument();
  });
});
