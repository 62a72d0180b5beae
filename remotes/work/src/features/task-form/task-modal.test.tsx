import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { bus, type Toast } from '@atrium/event-bus';
import { projects, tasks } from '@atrium/domain-work';
import { envelope, makeProject, makeTask, mockNoContacts, renderWithProviders } from '../../test-utils';
import { checkPickedFiles, createTaskWithFiles } from './create-task';
import TaskModalEntry from './task-modal-entry';

function watchBus() {
  const toasts: Toast[] = [];
  const navigations: string[] = [];
  const subs = [
    bus.on('toast:show').subscribe((t) => toasts.push(t)),
    bus.on('navigate').subscribe((n) => navigations.push(n.to)),
  ];
  return { toasts, navigations, stop: () => subs.forEach((s) => s.unsubscribe()) };
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(projects, 'list').mockResolvedValue(envelope([makeProject(1, { title: 'Kitchen remodel' })]));
  mockNoContacts();
});
afterEach(() => jest.restoreAllMocks());

describe('createTaskWithFiles (spec §8 toasts)', () => {
  let bus$: ReturnType<typeof watchBus>;
  beforeEach(() => (bus$ = watchBus()));
  afterEach(() => bus$.stop());
  const input = { title: 'Paint' };

  it('without files: Task created successfully', async () => {
    const create = jest.fn().mockResolvedValue(makeTask(1));
    const upload = jest.fn();
    await createTaskWithFiles(input, [], { create, upload });
    expect(bus$.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Task created successfully']]);
    expect(upload).not.toHaveBeenCalled();
  });

  it('with files all uploaded: the info, then Task created with N attachment(s)!', async () => {
    const create = jest.fn().mockResolvedValue(makeTask(1));
    const upload = jest.fn().mockResolvedValue([]);
    const r = await createTaskWithFiles(input, [file('a.png'), file('b.png')], { create, upload });
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload).toHaveBeenCalledWith('t1', [expect.any(File)]);
    expect(r).toMatchObject({ uploaded: 2, failed: 0 });
    expect(bus$.toasts.map((t) => [t.type, t.message])).toEqual([
      ['info', 'Task created! Uploading 2 attachment(s)...'],
      ['success', 'Task created with 2 attachment(s)!'],
    ]);
  });

  it('some uploads fail: the X uploaded, Y failed warning', async () => {
    const create = jest.fn().mockResolvedValue(makeTask(1));
    const upload = jest
      .fn()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new Error('413'))
      .mockResolvedValueOnce([]);
    await createTaskWithFiles(input, [file('a'), file('b'), file('c')], { create, upload });
    expect(bus$.toasts.at(-1)).toMatchObject({
      type: 'warning',
      message: 'Task created! 2 attachments uploaded, 1 failed.',
    });
  });

  it('every upload fails: the N attachment(s) failed warning', async () => {
    const create = jest.fn().mockResolvedValue(makeTask(1));
    const upload = jest.fn().mockRejectedValue(new Error('down'));
    await createTaskWithFiles(input, [file('a'), file('b')], { create, upload });
    expect(bus$.toasts.at(-1)).toMatchObject({
      type: 'warning',
      message: 'Task created, but 2 attachment(s) failed to upload.',
    });
  });

  it('checks the limits before anything is sent', () => {
    expect(checkPickedFiles(Array.from({ length: 11 }, (_, i) => file(`${i}`)))).toBe(
      'Upload at most 10 files at a time',
    );
    expect(checkPickedFiles([file('big', 25 * 1024 * 1024 + 1)])).toBe('A file can be at most 25 MB');
    expect(checkPickedFiles([file('ok')])).toBeNull();
  });
});

describe('task modal (+ New → Task)', () => {
  let bus$: ReturnType<typeof watchBus>;
  beforeEach(() => (bus$ = watchBus()));
  afterEach(() => bus$.stop());

  it('is the draggable modal "task" with todo as the default status', async () => {
    renderWithProviders(<TaskModalEntry onClose={jest.fn()} />, '/');
    expect(await screen.findByText('New task')).toBeInTheDocument();
    expect(document.querySelector('[data-modal-id="task"]')).not.toBeNull();
    expect(screen.getAllByRole('combobox')[0]).toHaveValue('To do');
  });

  it('shows the server’s messages for a blank title and for dates out of order, and sends nothing', async () => {
    const create = jest.spyOn(tasks, 'create');
    renderWithProviders(<TaskModalEntry onClose={jest.fn()} />, '/');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Start date cannot be after due date')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the task, toasts, closes and goes to /tasks', async () => {
    const create = jest.spyOn(tasks, 'create').mockResolvedValue(makeTask(9, { title: 'Order tiles' }));
    const onClose = jest.fn();
    renderWithProviders(<TaskModalEntry onClose={onClose} data={{ projectId: 'p1' }} />, '/');
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Order tiles' } });
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      title: 'Order tiles',
      description: null,
      status: 'todo',
      priority: 'regular',
      startDate: null,
      dueDate: '2026-12-01',
      isAllDay: true,
      projectId: 'p1',
      contactIds: [],
    });
    expect(bus$.toasts.map((t) => t.message)).toEqual(['Task created successfully']);
    expect(bus$.navigations).toEqual(['/tasks']);
  });

  it('uploads the files picked before creating', async () => {
    jest.spyOn(tasks, 'create').mockResolvedValue(makeTask(9));
    const upload = jest.spyOn(tasks, 'uploadFiles').mockResolvedValue([]);
    renderWithProviders(<TaskModalEntry onClose={jest.fn()} />, '/');
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'With files' } });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [file('plan.png'), file('quote.pdf')]);
    expect(screen.getByTestId('picked-files')).toHaveTextContent('plan.png');
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(bus$.toasts.at(-1)?.message).toBe('Task created with 2 attachment(s)!'));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(bus$.toasts[0]?.message).toBe('Task created! Uploading 2 attachment(s)...');
  });

  it('a failed create says so, keeps the modal open and puts the server’s field message on its field', async () => {
    jest
      .spyOn(tasks, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid task data', [
          { field: 'title', message: 'Title must be at most 300 characters' },
        ]),
      );
    const onClose = jest.fn();
    renderWithProviders(<TaskModalEntry onClose={onClose} />, '/');
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(bus$.toasts.at(-1)?.message).toBe('Failed to create task. Please try again.'));
    expect(screen.getByText('Title must be at most 300 characters')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(bus$.navigations).toEqual([]);
  });
});
