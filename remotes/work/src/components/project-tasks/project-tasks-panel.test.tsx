import { fireEvent, screen, waitFor } from '@testing-library/react';
import { bus, type Toast } from '@atrium/event-bus';
import { projects, tasks } from '@atrium/domain-work';
import { envelope, makeProject, makeTask, mockNoContacts, renderWithProviders, taskAnswer } from '../../test-utils';
import { ProjectTasksPanel } from './index';

let toasts: Toast[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
  jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1)]));
  mockNoContacts();
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});

describe('ProjectTasksPanel', () => {
  it('lists the project’s tasks (GET /tasks?projectId=)', async () => {
    const list = jest
      .spyOn(tasks, 'list')
      .mockResolvedValue(taskAnswer([makeTask(1, { title: 'Measure', projectId: 'p1' })]));
    renderWithProviders(<ProjectTasksPanel projectId="p1" />, '/projects/p1/tasks');
    expect(await screen.findByTestId('project-task-row')).toHaveTextContent('Measure');
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'p1' }));
  });

  it('adds a task inline through the project, refusing a blank title with the spec’s message', async () => {
    jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([]));
    const addTask = jest.spyOn(projects, 'addTask').mockResolvedValue(makeTask(2));
    renderWithProviders(<ProjectTasksPanel projectId="p1" />, '/projects/p1/tasks');
    expect(await screen.findByText('No tasks in this project yet. Add the first one above.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(addTask).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('New task title'), { target: { value: 'Order tiles' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(addTask).toHaveBeenCalledWith('p1', { title: 'Order tiles', projectId: 'p1' }));
    await waitFor(() => expect(toasts.at(-1)?.message).toBe('Task created successfully'));
    expect(screen.getByLabelText('New task title')).toHaveValue('');
  });

  it('changes the status in place and deletes after confirming, through the project’s routes', async () => {
    jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([makeTask(1, { title: 'Measure', projectId: 'p1' })]));
    const updateTask = jest.spyOn(projects, 'updateTask').mockResolvedValue(makeTask(1));
    const removeTask = jest.spyOn(projects, 'removeTask').mockResolvedValue();
    renderWithProviders(<ProjectTasksPanel projectId="p1" />, '/projects/p1/tasks');
    await screen.findByTestId('project-task-row');
    fireEvent.click(screen.getByRole('combobox', { name: 'Status of Measure' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Blocked' }));
    await waitFor(() => expect(updateTask).toHaveBeenCalledWith('p1', 't1', { status: 'blocked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Measure' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(removeTask).toHaveBeenCalledWith('p1', 't1'));
  });

  it('opens a task in the drawer', async () => {
    jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([makeTask(1, { title: 'Measure', projectId: 'p1' })]));
    jest
      .spyOn(tasks, 'get')
      .mockResolvedValue({ ...makeTask(1, { title: 'Measure' }), attachments: [], comments: [], history: [] });
    renderWithProviders(<ProjectTasksPanel projectId="p1" />, '/projects/p1/tasks');
    fireEvent.click(await screen.findByRole('button', { name: 'Measure' }));
    expect(await screen.findByTestId('task-drawer-title')).toHaveTextContent('Measure');
  });
});
