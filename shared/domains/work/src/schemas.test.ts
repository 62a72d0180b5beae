import { toFieldErrors } from '@atrium/contracts';
import {
  projectInputSchema,
  projectStageMoveSchema,
  projectUpdateSchema,
  taskColumnMoveSchema,
  taskInputSchema,
  taskListParamsSchema,
  taskProjectMoveSchema,
  taskUpdateSchema,
} from './schemas';

const messages = (r: { success: boolean; error?: unknown }) =>
  r.success ? [] : toFieldErrors(r.error as never).map((e) => `${e.field}: ${e.message}`);

describe('project input (docs/requirements.md §5 "Project")', () => {
  test('title and type are required, with the spec texts', () => {
    expect(messages(projectInputSchema.safeParse({}))).toEqual([
      'title: Title is required',
      'type: Project type is required',
    ]);
    expect(messages(projectInputSchema.safeParse({ title: '  ', type: ' ' }))).toEqual([
      'title: Title is required',
      'type: Project type is required',
    ]);
  });

  test('defaults: stage planning, no contacts, blanks become null', () => {
    const r = projectInputSchema.parse({ title: ' Smith wedding ', type: 'Wedding', description: '' });
    expect(r).toMatchObject({ title: 'Smith wedding', stage: 'planning', contacts: [], description: null });
  });

  test('an unknown stage and dates out of order are refused', () => {
    expect(
      messages(
        projectInputSchema.safeParse({
          title: 'x',
          type: 't',
          stage: 'done',
          startDate: '2026-05-02',
          dueDate: '2026-05-01',
        }),
      ),
    ).toEqual(['stage: Stage must be one of: planning, in_progress, review, completed']);
    expect(
      messages(projectInputSchema.safeParse({ title: 'x', type: 't', startDate: '2026-05-02', dueDate: '2026-05-01' })),
    ).toEqual(['startDate: Start date cannot be after due date']);
  });

  test('an update is partial: a field left out stays undefined, a blank one clears it', () => {
    const r = projectUpdateSchema.parse({ description: '' });
    expect(r.description).toBeNull();
    expect('title' in r && r.title !== undefined).toBe(false);
    expect(r.location).toBeUndefined();
    expect(messages(projectUpdateSchema.safeParse({ title: '' }))).toEqual(['title: Title is required']);
  });

  test('a stage move needs a known stage and a position of at least 0', () => {
    expect(projectStageMoveSchema.parse({ stage: 'review', order: '2' })).toEqual({ stage: 'review', order: 2 });
    expect(messages(projectStageMoveSchema.safeParse({ stage: 'review', order: -1 }))).toEqual([
      'order: Order must be a whole number of at least 0',
    ]);
  });
});

describe('task input (docs/requirements.md §5 "Task in a project")', () => {
  test('title required; status defaults to todo, priority to regular', () => {
    expect(messages(taskInputSchema.safeParse({}))).toEqual(['title: Title is required']);
    expect(taskInputSchema.parse({ title: 'Call florist' })).toMatchObject({
      status: 'todo',
      priority: 'regular',
      projectId: null,
      contactIds: [],
    });
  });

  test('unknown status and priority are refused by their enumerations', () => {
    expect(messages(taskInputSchema.safeParse({ title: 'x', status: 'done', priority: 'urgent' }))).toEqual([
      'status: Status must be one of: todo, in_progress, blocked, completed',
      'priority: Priority must be one of: low, regular, high',
    ]);
  });

  test('start date cannot be after due date, on create and update', () => {
    const bad = { startDate: '2026-03-02T10:00:00Z', dueDate: '2026-03-01T10:00:00Z' };
    expect(messages(taskInputSchema.safeParse({ title: 'x', ...bad }))).toEqual([
      'startDate: Start date cannot be after due date',
    ]);
    expect(messages(taskUpdateSchema.safeParse(bad))).toEqual(['startDate: Start date cannot be after due date']);
  });

  test('moves: a project id or null; a known column and a position', () => {
    expect(taskProjectMoveSchema.parse({ projectId: null })).toEqual({ projectId: null });
    expect(taskProjectMoveSchema.safeParse({}).success).toBe(false);
    expect(taskColumnMoveSchema.parse({ columnId: 'blocked', taskOrder: 0 })).toEqual({
      columnId: 'blocked',
      taskOrder: 0,
    });
    expect(taskColumnMoveSchema.safeParse({ columnId: 'later' }).success).toBe(false);
  });

  test('the list query coerces its text and checks its enumerations', () => {
    expect(taskListParamsSchema.parse({ page: '2', limit: '5', status: 'blocked' })).toMatchObject({
      page: 2,
      limit: 5,
      status: 'blocked',
      export: false,
    });
    expect(taskListParamsSchema.safeParse({ priority: 'urgent' }).success).toBe(false);
  });
});
