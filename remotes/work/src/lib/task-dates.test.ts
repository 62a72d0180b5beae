import { convertDateInput, formatTaskDate, fromDateInput, isOverdue, toDateInput } from './task-dates';
import { toFormValues, toInput, toUpdate } from './task-form-values';
import { makeTask } from '../test-utils';

describe('task dates', () => {
  it('shows an all-day date as its UTC day, wherever the viewer is', () => {
    expect(toDateInput('2026-12-01T00:00:00.000Z', true)).toBe('2026-12-01');
    expect(fromDateInput('2026-12-01', true)).toBe('2026-12-01');
    expect(formatTaskDate('2026-12-01T00:00:00.000Z', true)).toBe('Dec 1, 2026');
    // Cards: the year only when it is not this year's.
    expect(formatTaskDate('2026-12-01T00:00:00.000Z', true, true, new Date('2026-06-01T12:00:00'))).toBe('Dec 1');
    expect(formatTaskDate('2025-12-01T00:00:00.000Z', true, true, new Date('2026-06-01T12:00:00'))).toBe('Dec 1, 2025');
  });

  it('round-trips a timed date through the datetime-local input as the same instant', () => {
    const local = toDateInput('2026-12-01T14:30:00.000Z', false);
    expect(local).toMatch(/^2026-12-0[12]T\d\d:30$/);
    expect(fromDateInput(local, false)).toBe('2026-12-01T14:30:00.000Z');
  });

  it('keeps the day when all-day is switched, and blanks stay blank', () => {
    expect(convertDateInput('2026-12-01T09:15', true)).toBe('2026-12-01');
    expect(convertDateInput('2026-12-01', false)).toBe('2026-12-01T09:00');
    expect(convertDateInput('', false)).toBe('');
    expect(fromDateInput('  ', true)).toBeNull();
    expect(toDateInput(null, true)).toBe('');
  });

  it('calls an open task past its due day overdue, never a completed one', () => {
    const now = new Date('2026-12-05T12:00:00');
    expect(isOverdue('2026-12-04T00:00:00.000Z', true, false, now)).toBe(true);
    expect(isOverdue('2026-12-05T00:00:00.000Z', true, false, now)).toBe(false);
    expect(isOverdue('2026-12-04T00:00:00.000Z', true, true, now)).toBe(false);
    expect(isOverdue(null, true, false, now)).toBe(false);
  });
});

describe('task form values', () => {
  it('a new task is todo, regular, all day, in the given project', () => {
    expect(toFormValues(null, 'p1')).toMatchObject({
      status: 'todo',
      priority: 'regular',
      isAllDay: true,
      projectId: 'p1',
    });
  });

  it('sends trimmed text, blanks as null, and no project on an update', () => {
    const v = { ...toFormValues(makeTask(1)), title: '  Paint  ', description: '   ', dueDate: '2026-12-01' };
    expect(toInput(v)).toMatchObject({ title: 'Paint', description: null, dueDate: '2026-12-01', projectId: null });
    expect(toUpdate(v)).not.toHaveProperty('projectId');
  });
});
