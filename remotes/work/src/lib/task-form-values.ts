import type { Task, TaskInput, TaskPriority, TaskStatus, TaskUpdate } from '@atrium/domain-work';
import { fromDateInput, toDateInput } from './task-dates';

/** The task form's values: the wire shape with dates as the date inputs hold them. */
export interface TaskFormValues {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  startDate: string;
  dueDate: string;
  isAllDay: boolean;
  projectId: string;
  contactIds: string[];
}

/** A new task (todo, regular, all-day; optionally in a project) or a task's values to edit. */
export function toFormValues(task?: Task | null, projectId?: string | null): TaskFormValues {
  const allDay = task?.isAllDay ?? true;
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? 'todo',
    priority: task?.priority ?? 'regular',
    startDate: toDateInput(task?.startDate, allDay),
    dueDate: toDateInput(task?.dueDate, allDay),
    isAllDay: allDay,
    projectId: task?.projectId ?? projectId ?? '',
    contactIds: task?.contactIds ?? [],
  };
}

/** What POST /tasks gets: trimmed text, blanks as null, dates as days or instants. */
export function toInput(v: TaskFormValues): TaskInput {
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    status: v.status,
    priority: v.priority,
    startDate: fromDateInput(v.startDate, v.isAllDay),
    dueDate: fromDateInput(v.dueDate, v.isAllDay),
    isAllDay: v.isAllDay,
    projectId: v.projectId || null,
    contactIds: v.contactIds,
  };
}

/** What PATCH /tasks/{id} gets (the project moves by its own call). */
export function toUpdate(v: TaskFormValues): TaskUpdate {
  const { projectId: _projectId, ...rest } = toInput(v);
  return rest;
}
