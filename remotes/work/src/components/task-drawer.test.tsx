import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { bus, type Toast } from '@atrium/event-bus';
import { contacts } from '@atrium/domain-crm/public';
import { projects, tasks, type TaskDetail } from '@atrium/domain-work';
import { envelope, makeFile, makeProject, makeTask, mockNoContacts, renderWithProviders } from '../test-utils';
import { changeText } from './task-history-text';
import { TaskDrawer } from './task-drawer';

const detail = (over: Partial<TaskDetail> = {}): TaskDetail => ({
  ...makeTask(1, {
    title: 'Order tiles',
    status: 'in_progress',
    priority: 'high',
    projectId: 'p1',
    project: { _id: 'p1', title: 'Kitchen' },
  }),
  attachments: [makeFile(1, { name: 'plan.pdf', type: 'application/pdf', url: '/api/tasks/t1/attachments/f1' })],
  comments: [
    {
      _id: 'c1',
      content: 'Mine',
      userId: 'u1',
      author: { _id: 'u1', name: 'Ada Lovelace' },
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    },
    {
      _id: 'c2',
      content: 'Theirs',
      userId: 'u2',
      author: { _id: 'u2', name: 'Bob Builder' },
      createdAt: '2026-11-21T11:00:00.000Z',
      updatedAt: '2026-11-21T11:00:00.000Z',
    },
  ],
  history: [
    {
      _id: 'h1',
      action: 'created',
      changes: [],
      performedBy: { _id: 'u1', name: 'Ada Lovelace' },
      timestamp: '2026-11-20T10:00:00.000Z',
    },
    {
      _id: 'h2',
      action: 'updated',
      changes: [{ field: 'status', from: 'todo', to: 'in_progress' }],
      performedBy: { _id: 'u2', name: 'Bob Builder' },
      timestamp: '2026-11-22T10:00:00.000Z',
    },
  ],
  ...over,
});

let toasts: Toast[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
  setTestSession({ status: 'authenticated', user: { ...sampleUser, role: 'member' } });
  jest
    .spyOn(projects, 'list')
    .mockResolvedValue(envelope([makeProject(1, { title: 'Kitchen' }), makeProject(2, { title: 'Bathroom' })]));
  mockNoContacts();
});
afterEach(() => {
  sub.unsubscribe();
  clearTestSession();
  jest.restoreAllMocks();
});

const open = (onClose = jest.fn(), onOpen = jest.fn()) => {
  renderWithProviders(<TaskDrawer taskId="t1" onClose={onClose} onOpen={onOpen} />, '/tasks');
  return { onClose, onOpen };
};

describe('task drawer', () => {
  it('shows the task with its fields, comments and project', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    open();
    expect(await screen.findByTestId('task-drawer-title')).toHaveTextContent('Order tiles');
    expect(screen.getByLabelText(/Title/)).toHaveValue('Order tiles');
    expect(screen.getByRole('tab', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(screen.getAllByTestId('task-comment')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Kitchen' })).toHaveAttribute('href', '/projects/p1/tasks');
  });

  it('offers a member Delete only on their own comments, and deletes it', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    const removeComment = jest.spyOn(tasks, 'removeComment').mockResolvedValue();
    open();
    const [mine, theirs] = await screen.findAllByTestId('task-comment');
    expect(within(theirs!).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    fireEvent.click(within(mine!).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(removeComment).toHaveBeenCalledWith('t1', 'c1'));
  });

  it('lets an owner delete anyone’s comment', async () => {
    setTestSession({ status: 'authenticated', user: { ...sampleUser, role: 'owner' } });
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    open();
    await screen.findAllByTestId('task-comment');
    expect(screen.getAllByRole('button', { name: 'Delete comment' })).toHaveLength(2);
  });

  it('adds a comment, and refuses a blank one with the slice’s message', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    const addComment = jest.spyOn(tasks, 'addComment').mockResolvedValue(detail().comments[0]!);
    open();
    await screen.findByTestId('task-drawer-title');
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Write a comment first')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New comment'), { target: { value: 'Tiles ordered' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(addComment).toHaveBeenCalledWith('t1', 'Tiles ordered'));
    await waitFor(() => expect(screen.getByLabelText('New comment')).toHaveValue(''));
  });

  it('shows each change in the history: who, what from → to', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    open();
    await screen.findByTestId('task-drawer-title');
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const entries = await screen.findAllByTestId('task-history-entry');
    expect(entries[0]).toHaveTextContent('Bob Builder updated the task');
    expect(entries[0]).toHaveTextContent('Status: To do → In progress');
    expect(entries[1]).toHaveTextContent('Ada Lovelace created the task');
    expect(changeText({ field: 'dueDate', from: null, to: '2026-12-01' })).toMatch(/^Due date: none → Dec 1, 2026$/);
    expect(changeText({ field: 'dueDate', from: '2026-12-01T00:00:00.000Z', to: null })).toBe(
      'Due date: Dec 1, 2026 → none',
    );
    expect(changeText({ field: 'priority', from: 'low', to: 'high' })).toBe('Priority: Low → High');
  });

  it('lists attachments with download links, previews a PDF, uploads several and deletes after confirming', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    const upload = jest.spyOn(tasks, 'uploadFiles').mockResolvedValue([makeFile(2), makeFile(3)]);
    const removeFile = jest.spyOn(tasks, 'removeFile').mockResolvedValue();
    open();
    await screen.findByTestId('task-drawer-title');
    fireEvent.click(screen.getByRole('tab', { name: 'Attachments (1)' }));
    expect(await screen.findByRole('link', { name: 'Download plan.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/tasks/t1/attachments/f1?download=1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'plan.pdf' }));
    expect(await screen.findByTitle('plan.pdf')).toHaveAttribute('src', '/api/v1/tasks/t1/attachments/f1');

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const files = [new File(['a'], 'a.png'), new File(['b'], 'b.png')];
    fireEvent.change(input, { target: { files } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith('t1', files));
    await waitFor(() => expect(toasts.at(-1)?.message).toBe('2 attachment(s) uploaded'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete plan.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(removeFile).toHaveBeenCalledWith('t1', 'f1'));
  });

  it('saves edited fields through PATCH, with the date rule checked first', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    const update = jest.spyOn(tasks, 'update').mockResolvedValue(makeTask(1));
    open();
    await screen.findByTestId('task-drawer-title');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Start date cannot be after due date')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        't1',
        expect.objectContaining({ startDate: '2026-12-10', dueDate: '2026-12-20', title: 'Order tiles' }),
      ),
    );
    expect(update.mock.calls[0]![1]).not.toHaveProperty('projectId');
  });

  it('duplicates (opening the copy) and deletes after the confirmation', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail());
    jest.spyOn(tasks, 'duplicate').mockResolvedValue(makeTask(2));
    const remove = jest.spyOn(tasks, 'remove').mockResolvedValue();
    const { onClose, onOpen } = open();
    await screen.findByTestId('task-drawer-title');
    fireEvent.click(screen.getByRole('button', { name: 'Task actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('t2'));
    fireEvent.click(screen.getByRole('button', { name: 'Task actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(
      await screen.findByText('Are you sure you want to delete this task? This action cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('t1'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.map((t) => t.message)).toEqual(['Task duplicated', 'Task deleted']);
  });

  it('names its linked contacts, reading by id one that is not in the first page of contacts', async () => {
    jest.spyOn(tasks, 'get').mockResolvedValue(detail({ contactIds: ['c9'] }));
    const get = jest.spyOn(contacts, 'get').mockResolvedValue({ _id: 'c9', name: 'Zoe Tiler' } as never);
    open();
    expect((await screen.findAllByText('Zoe Tiler')).length).toBeGreaterThan(0);
    expect(screen.queryByText('c9')).toBeNull();
    expect(get).toHaveBeenCalledWith('c9');
  });

  it('a task that does not exist says so', async () => {
    jest.spyOn(tasks, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Task not found'));
    open();
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
