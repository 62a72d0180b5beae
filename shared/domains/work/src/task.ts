import * as z from 'zod';
import {
  booleanParamSchema,
  filterFields,
  type FilterGroupInput,
  filtersParamSchema,
  pageQuerySchema,
  type Pagination,
  paginationSchema,
  type SortOrder,
  sortOrderSchema,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '@atrium/contracts';
import {
  actorSchema,
  boardOrderSchema,
  DATE_ORDER_MESSAGE,
  datesInOrder,
  idList,
  keepOr,
  optionalDate,
  optionalText,
} from './common';
import { workFileSchema } from './files';

export const taskStatusSchema = z.enum(TASK_STATUSES, { error: `Status must be one of: ${TASK_STATUSES.join(', ')}` });
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const taskPrioritySchema = z.enum(TASK_PRIORITIES, {
  error: `Priority must be one of: ${TASK_PRIORITIES.join(', ')}`,
});
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  blocked: 'Blocked',
  completed: 'Completed',
};
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', regular: 'Regular', high: 'High' };

/** Texts of the task screens and answers (docs/requirements.md §5, §8 and the toasts), letter for letter. */
export const TASK_MESSAGES = {
  titleRequired: 'Title is required',
  notFound: 'Task not found',
  commentNotFound: 'Comment not found',
  commentRequired: 'Write a comment first',
  invalidData: 'Invalid task data',
  invalidUpdate: 'Invalid task update data',
  updateFailed: 'Failed to update task',
  fetchFailed: (reason: string) => `Failed to fetch tasks: ${reason}`,
  fetchProjectFailed: (reason: string) => `Failed to fetch project tasks: ${reason}`,
  created: 'Task created successfully',
  createFailed: 'Failed to create task. Please try again.',
  uploading: (n: number) => `Task created! Uploading ${n} attachment(s)...`,
  uploaded: (n: number) => `Task created with ${n} attachment(s)!`,
  partlyUploaded: (ok: number, failed: number) => `Task created! ${ok} attachments uploaded, ${failed} failed.`,
  uploadFailed: (n: number) => `Task created, but ${n} attachment(s) failed to upload.`,
  deleteConfirm: 'Are you sure you want to delete this task? This action cannot be undone.',
} as const;

const title = z
  .string({ error: TASK_MESSAGES.titleRequired })
  .trim()
  .min(1, TASK_MESSAGES.titleRequired)
  .max(300, 'Title must be at most 300 characters');

const taskFields = {
  title,
  description: optionalText(20_000),
  /** §5 "Task payload": without a status a task is todo. */
  status: taskStatusSchema.default('todo'),
  priority: taskPrioritySchema.default('regular'),
  startDate: optionalDate,
  dueDate: optionalDate,
  isAllDay: z.boolean().default(false),
  projectId: optionalText(100),
  contactIds: idList().default([]),
};

/** POST /tasks, POST /tasks?projectId= and POST /projects/{id}/tasks (docs/requirements.md §5 "Task in a project"). */
export const taskInputSchema = z
  .object(taskFields)
  .refine(datesInOrder, { message: DATE_ORDER_MESSAGE, path: ['startDate'] });
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskData = z.output<typeof taskInputSchema>;

/** PATCH /tasks/{id} and PATCH /projects/{id}/tasks/{taskId}: partial; a field left out keeps its value. */
export const taskUpdateSchema = z
  .object({
    title: title.optional(),
    description: keepOr(taskFields.description),
    status: taskStatusSchema.optional(),
    priority: taskPrioritySchema.optional(),
    startDate: keepOr(taskFields.startDate),
    dueDate: keepOr(taskFields.dueDate),
    isAllDay: z.boolean().optional(),
    contactIds: idList().optional(),
  })
  .refine(datesInOrder, { message: DATE_ORDER_MESSAGE, path: ['startDate'] });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;
export type TaskUpdateData = z.output<typeof taskUpdateSchema>;

/** POST /tasks/{id}/move: to another project, or to none (null). */
export const taskProjectMoveSchema = z.object({
  projectId: z.union([z.string().trim().min(1).max(100), z.null()], { error: 'Project must be an id or null' }),
});
/** PATCH /tasks/{id}/move: to a kanban column (a status) at a position (0 = top; default the end). */
export const taskColumnMoveSchema = z.object({ columnId: taskStatusSchema, taskOrder: boardOrderSchema.optional() });
export type TaskColumnMove = z.input<typeof taskColumnMoveSchema>;

export const taskCommentInputSchema = z.object({
  content: z
    .string({ error: TASK_MESSAGES.commentRequired })
    .trim()
    .min(1, TASK_MESSAGES.commentRequired)
    .max(5000, 'A comment can be at most 5000 characters'),
});

export const taskCommentSchema = z.object({
  _id: z.string(),
  content: z.string(),
  userId: z.string().nullable(),
  author: actorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/** One change of a task's history: each field that changed, from what to what. */
export const taskChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TaskChange = z.infer<typeof taskChangeSchema>;
export const taskHistoryEntrySchema = z.object({
  _id: z.string(),
  /** created, updated, moved, commented, comment_deleted, attachment_added, attachment_deleted, duplicated */
  action: z.string(),
  changes: z.array(taskChangeSchema),
  performedBy: actorSchema,
  timestamp: z.string(),
});
export type TaskHistoryEntry = z.infer<typeof taskHistoryEntrySchema>;

export const taskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  isAllDay: z.boolean(),
  projectId: z.string().nullable(),
  project: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** Who created it. */
  userId: z.string().nullable(),
  contactIds: z.array(z.string()),
  /** Its position in its kanban column (ascending). */
  sortOrder: z.number(),
  commentCount: z.number().int().nonnegative(),
  attachmentCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** GET /tasks/{id}: the task with its attachments, comments and history. */
export const taskDetailSchema = taskSchema.extend({
  attachments: z.array(workFileSchema),
  comments: z.array(taskCommentSchema),
  history: z.array(taskHistoryEntrySchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const TASK_SORT_FIELDS = ['board', 'createdAt', 'updatedAt', 'title', 'dueDate', 'priority'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

export const TASK_FILTER_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'startDate',
  'dueDate',
  'createdAt',
] as const;
export const taskFilterFields = filterFields(TASK_FILTER_FIELDS, { status: TASK_STATUSES, priority: TASK_PRIORITIES });

/** GET /tasks (docs/requirements.md §7 "Tasks"): status, priority, search, page, limit, filters; export=true for all. */
export const taskListParamsSchema = pageQuerySchema.extend({
  status: taskStatusSchema.optional(),
  priority: taskPrioritySchema.optional(),
  /** A project's tasks; 'none' for tasks outside any project. */
  projectId: z.string().trim().min(1).max(100).optional(),
  contactId: z.string().trim().min(1).max(100).optional(),
  sortBy: z.enum(TASK_SORT_FIELDS, { error: `Sort by one of: ${TASK_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  sortOrder: sortOrderSchema.optional(),
  export: booleanParamSchema.default(false),
  filters: filtersParamSchema(taskFilterFields).optional(),
});
export type TaskListParamsData = z.output<typeof taskListParamsSchema>;

export interface TaskListParams {
  page?: number;
  limit?: number;
  search?: string;
  status?: TaskStatus;
  priority?: TaskPriority;
  projectId?: string;
  contactId?: string;
  sortBy?: TaskSortField;
  sortOrder?: SortOrder;
  export?: boolean;
  filters?: FilterGroupInput[];
}

/** GET /tasks answers its list under data.tasks (docs/requirements.md §7 "Global search"). */
export const taskListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ tasks: z.array(taskSchema), pagination: paginationSchema }),
});
export interface TaskListAnswer {
  success: true;
  data: { tasks: Task[]; pagination: Pagination };
}

/** GET /tasks/kanban/totals: how many tasks each column holds. */
export const kanbanTotalsSchema = z.object({
  todo: z.number().int().nonnegative(),
  in_progress: z.number().int().nonnegative(),
  blocked: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type KanbanTotals = z.infer<typeof kanbanTotalsSchema>;
