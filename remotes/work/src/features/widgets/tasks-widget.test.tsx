import { screen } from '@testing-library/react';
import { tasks } from '@atrium/domain-work';
import { makeTask, renderWithProviders, taskAnswer } from '../../test-utils';
import TasksWidget from './tasks-widget';

afterEach(() => jest.restoreAllMocks());

describe('tasks widget', () => {
  it('asks for open tasks due soonest and links each to its drawer on /tasks', async () => {
    const list = jest
      .spyOn(tasks, 'list')
      .mockResolvedValue(
        taskAnswer([makeTask(1, { title: 'Call the tiler', dueDate: '2026-12-01', status: 'blocked' })], 7),
      );
    renderWithProviders(<TasksWidget />, '/');
    expect(await screen.findByRole('link', { name: 'Call the tiler' })).toHaveAttribute('href', '/tasks?task=t1');
    expect(screen.getByTestId('widget-task')).toHaveTextContent('Blocked');
    expect(screen.getByRole('link', { name: 'All tasks (7) →' })).toHaveAttribute('href', '/tasks');
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({
        sortBy: 'dueDate',
        sortOrder: 'asc',
        filters: [{ conditions: [{ field: 'status', operator: 'in', value: ['todo', 'in_progress', 'blocked'] }] }],
      }),
    );
  });

  it('says what to do when nothing is open', async () => {
    jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([]));
    renderWithProviders(<TasksWidget />, '/');
    expect(await screen.findByText(/Nothing open/)).toBeInTheDocument();
  });
});
