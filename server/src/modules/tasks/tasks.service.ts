import type { Readable } from 'node:stream';
import type { NotificationSender } from '../../lib/notifications-port';
import type { DomainEvents } from '../../lib/domain-events';
import { makePagination, type FieldError, type Pagination } from '@atrium/contracts';
import {
  DATE_ORDER_MESSAGE,
  FILE_MESSAGES,
  TASK_MESSAGES,
  TASK_STATUS_LABELS,
  type FileKind,
  type KanbanTotals,
  type Task,
  type TaskChange,
  type TaskComment,
  type TaskData,
  type TaskDetail,
  type TaskHistoryEntry,
  type TaskListParamsData,
  type TaskStatus,
  type TaskUpdateData,
  type WorkFile,
} from '@atrium/domain-work/schemas';
import type { Executor } from '../../db/client';
import type { ProjectActivityEntry, ProjectActivityLog, ProjectTaskCopier } from '../../lib/activity';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import type { DatedRange, DatedRow } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import type { UploadField, UploadPart } from '../../lib/file-upload';
import type { CommentRow, HistoryRow, TaskFields, TaskRow, TasksRepository } from './tasks.repository';

/** The caller of a rule that looks at the role (deleting someone else's comment). */
export type TaskCaller = Pick<AuthContext, 'userId' | 'businessId' | 'role'>;

/**
 * What the tasks module needs of the projects module (tasks → projects is the allowed direction; the composition
 * root passes the projects service or an adapter over it).
 */
export interface TaskProjects {
  /** The caller's project: its id and title; AppError NOT_FOUND 'Project not found: {id}' otherwise. */
  requireProject(caller: BusinessCaller, id: string): Promise<{ id: string; title: string }>;
  /** The titles of those of `ids` that are the business's projects. */
  titles(businessId: string, ids: readonly string[]): Promise<Map<string, string>>;
}

/** Which of `ids` are contacts of the business (the contacts service). */
export interface TaskContacts {
  existingIds(businessId: string, ids: readonly string[], db?: Executor): Promise<string[]>;
}

/** The owner of a task's files (the files module's FileOwner for a task). */
export interface TaskFileOwner {
  businessId: string;
  taskId: string;
  projectId?: undefined;
}

/** The files module's service, as far as tasks use it (modules/files: FilesService). */
export interface TaskFiles {
  saveUpload(
    owner: TaskFileOwner,
    uploadedBy: string,
    parts: AsyncIterable<UploadPart | UploadField>,
    opts?: { kinds?: readonly FileKind[] },
  ): Promise<WorkFile[]>;
  list(owner: TaskFileOwner, kind?: FileKind): Promise<WorkFile[]>;
  counts(
    businessId: string,
    ownerIds: string[],
    ownerType: 'project' | 'task',
    db?: Executor,
  ): Promise<Map<string, number>>;
  open(owner: TaskFileOwner, fileId: string): Promise<{ file: WorkFile; stream: Readable } | null>;
  remove(owner: TaskFileOwner, fileId: string, db?: Executor): Promise<WorkFile | null>;
  copyAll(from: TaskFileOwner, to: TaskFileOwner, db: Executor): Promise<number>;
}

export interface TasksDeps {
  projects: TaskProjects;
  contacts: TaskContacts;
  files: TaskFiles;
  activity: ProjectActivityLog;
  /** The task's owner is told when someone else changes it (issue #19). */
  notify?: NotificationSender;
  /** task.created and task.status_changed for automations, in the change's transaction (lib/domain-events.ts). */
  events?: DomainEvents;
}

const notFound = () => new AppError('NOT_FOUND', TASK_MESSAGES.notFound);
const invalid = (details: FieldError[]) => new AppError('VALIDATION_ERROR', 'Validation failed', details);

/** Dates that survive the round trip through PostgreSQL and ISO text (years 1000–9999, as contacts). */
const FIRST_DAY = Date.UTC(1000, 0, 1);
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
function storableDate(text: string | null | undefined, field: string, details: FieldError[]): Date | null {
  if (!text) return null;
  const date = new Date(text);
  const ms = date.getTime();
  if (Number.isNaN(ms) || ms < FIRST_DAY || ms > LAST_INSTANT) {
    details.push({ field, message: 'Enter a valid date' });
    return null;
  }
  return date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();
const actor = (id: string | null, first: string | null, last: string | null) =>
  id && (first !== null || last !== null) ? { _id: id, name: personName(first, last) } : null;
/** Ids per statement when an answer looks up many (an export's project titles and file counts). */
const ID_BATCH = 5_000;
/** The max title of the slice (300): a copy's " (copy)" must still fit. */
const TITLE_MAX = 300;
const copyTitle = (title: string) => `${title.slice(0, TITLE_MAX - ' (copy)'.length)} (copy)`;
const quoted = (title: string) => `“${title}”`;

/** Field names of a change as the feed shows them. */
const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  startDate: 'start date',
  dueDate: 'due date',
  isAllDay: 'all day',
  contactIds: 'contacts',
};

/** Sorts newest first unless asked otherwise for dates and priority (high first); the rest A→Z. */
const defaultOrder = (sortBy: TaskListParamsData['sortBy']) =>
  sortBy === 'createdAt' || sortBy === 'updatedAt' || sortBy === 'priority' ? 'desc' : 'asc';

export class TasksService implements ProjectTaskCopier {
  private readonly projects: TaskProjects;
  private readonly contacts: TaskContacts;
  private readonly files: TaskFiles;
  private readonly activity: ProjectActivityLog;

  constructor(
    private readonly repo: TasksRepository,
    deps: TasksDeps,
  ) {
    this.projects = deps.projects;
    this.contacts = deps.contacts;
    this.files = deps.files;
    this.activity = deps.activity;
    this.notify = deps.notify;
    this.events = deps.events;
  }

  private readonly notify: NotificationSender | undefined;
  private readonly events: DomainEvents | undefined;

  /** A domain event about a task (automations), in the change's transaction; the first linked contact as contactId. */
  private async emitTask(
    caller: BusinessCaller,
    type: 'task.created' | 'task.status_changed',
    task: { id: string; title: string; priority: string; projectId: string | null; contactIds: string[] },
    fields: Record<string, string>,
    tx: Executor,
  ): Promise<void> {
    await this.events?.emit(
      {
        businessId: caller.businessId,
        type,
        recordId: task.id,
        record: {
          title: task.title,
          priority: task.priority,
          projectId: task.projectId,
          contactId: task.contactIds[0] ?? null,
          ...fields,
        },
        actorId: caller.userId,
      },
      tx,
    );
  }

  /** The task's owner (its creator) is told of a change someone else made, in the change's transaction. */
  private async notifyOwner(
    caller: BusinessCaller,
    task: { id: string; title: string; userId: string | null; projectId: string | null },
    message: string,
    tx: Executor,
  ): Promise<void> {
    if (!this.notify || !task.userId || task.userId === caller.userId) return;
    await this.notify.send(
      {
        businessId: caller.businessId,
        type: 'TASK',
        title: 'Task updated',
        message,
        data: {
          ...(task.projectId ? { projectId: task.projectId } : {}),
          url: `/calendar/tasks/${encodeURIComponent(task.id)}`,
        },
        to: { userIds: [task.userId] },
        exceptUserId: caller.userId,
      },
      tx,
    );
  }

  // -------------------------------------------------------------------------------------------------------
  // Answers

  /** Rows → the contracts' Task: the projects' titles and the attachment counts, one query each. */
  private async toTasks(businessId: string, rows: TaskRow[]): Promise<Task[]> {
    if (rows.length === 0) return [];
    const projectIds = [...new Set(rows.map((r) => r.projectId).filter((p): p is string => p !== null))];
    const titles = new Map<string, string>();
    const files = new Map<string, number>();
    // An export holds every task: ids go in batches (a statement takes at most 65,535 parameters).
    for (let i = 0; i < projectIds.length; i += ID_BATCH) {
      for (const [k, v] of await this.projects.titles(businessId, projectIds.slice(i, i + ID_BATCH))) titles.set(k, v);
    }
    for (let i = 0; i < rows.length; i += ID_BATCH) {
      const ids = rows.slice(i, i + ID_BATCH).map((r) => r.id);
      for (const [k, v] of await this.files.counts(businessId, ids, 'task')) files.set(k, v);
    }
    return rows.map((r) => {
      const title = r.projectId ? titles.get(r.projectId) : undefined;
      return {
        _id: r.id,
        title: r.title,
        description: r.description,
        status: r.status,
        priority: r.priority,
        startDate: iso(r.startDate),
        dueDate: iso(r.dueDate),
        isAllDay: r.isAllDay,
        projectId: r.projectId,
        project: r.projectId && title !== undefined ? { _id: r.projectId, title } : null,
        userId: r.userId,
        contactIds: r.contactIds ?? [],
        sortOrder: Number(r.sortOrder),
        commentCount: Number(r.commentCount),
        attachmentCount: files.get(r.id) ?? 0,
        createdAt: iso(r.createdAt)!,
        updatedAt: iso(r.updatedAt)!,
      };
    });
  }

  private async task(businessId: string, id: string): Promise<Task> {
    const row = await this.repo.findById(businessId, id);
    if (!row) throw notFound();
    return (await this.toTasks(businessId, [row]))[0]!;
  }

  private static comment(row: CommentRow): TaskComment {
    return {
      _id: row.id,
      content: row.content,
      userId: row.userId,
      author: actor(row.userId, row.authorFirstName, row.authorLastName),
      createdAt: iso(row.createdAt)!,
      updatedAt: iso(row.updatedAt)!,
    };
  }

  private static historyEntry(row: HistoryRow): TaskHistoryEntry {
    return {
      _id: row.id,
      action: row.action,
      changes: row.changes ?? [],
      performedBy: actor(row.performedBy, row.firstName, row.lastName),
      timestamp: iso(row.createdAt)!,
    };
  }

  /** The task, or 404 (also when `inProject` is given and the task is not in that project). */
  private async require(caller: BusinessCaller, id: string, inProject?: string): Promise<TaskRow> {
    const row = await this.repo.findById(caller.businessId, id);
    if (!row || (inProject !== undefined && row.projectId !== inProject)) throw notFound();
    return row;
  }

  private feed(
    caller: BusinessCaller,
    task: { id: string; title: string },
    projectId: string,
    type: string,
    message: string,
    tx?: Executor,
  ): Promise<void> {
    const entry: ProjectActivityEntry = {
      businessId: caller.businessId,
      projectId,
      type,
      message,
      subject: { type: type.startsWith('comment.') ? 'comment' : 'task', id: task.id, title: task.title },
      actorId: caller.userId,
    };
    return this.activity.record(entry, tx);
  }

  private async checkContacts(
    caller: BusinessCaller,
    ids: readonly string[],
    details: FieldError[],
  ): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const known = new Set(await this.contacts.existingIds(caller.businessId, unique));
    const bad = ids.findIndex((c) => !known.has(c));
    if (bad !== -1) details.push({ field: `contactIds.${bad}`, message: 'Contact not found' });
    return unique;
  }

  // -------------------------------------------------------------------------------------------------------
  // Reads

  /** GET /tasks: a page (or with export every match) and its pagination. */
  async list(caller: BusinessCaller, params: TaskListParamsData): Promise<{ tasks: Task[]; pagination: Pagination }> {
    const sortOrder = params.sortOrder ?? defaultOrder(params.sortBy);
    const { rows, total } = await this.repo.list(caller.businessId, { ...params, sortOrder });
    const pagination = params.export
      ? makePagination(total, 1, Math.max(total, 1))
      : makePagination(total, params.page, params.limit);
    return { tasks: await this.toTasks(caller.businessId, rows), pagination };
  }

  totals(caller: BusinessCaller): Promise<KanbanTotals> {
    return this.repo.totals(caller.businessId);
  }

  /** GET /tasks/{id}: the task with its attachments, comments (oldest first) and history (newest first). */
  async get(caller: BusinessCaller, id: string): Promise<TaskDetail> {
    const task = await this.task(caller.businessId, id);
    const owner = { businessId: caller.businessId, taskId: id };
    const [attachments, comments, history] = await Promise.all([
      this.files.list(owner),
      this.repo.comments(caller.businessId, id),
      this.repo.history(caller.businessId, id),
    ]);
    return {
      ...task,
      attachments,
      comments: comments.map(TasksService.comment),
      history: history.map(TasksService.historyEntry),
    };
  }

  // -------------------------------------------------------------------------------------------------------
  // Writes

  /**
   * POST /tasks (projectId: the query's, else the body's), POST /projects/{id}/tasks: last in its column, with a
   * 'created' history entry and, in a project, task.created in its feed.
   */
  async create(caller: BusinessCaller, input: TaskData, projectId?: string | null): Promise<Task> {
    const details: FieldError[] = [];
    const startDate = storableDate(input.startDate, 'startDate', details);
    const dueDate = storableDate(input.dueDate, 'dueDate', details);
    const contactIds = await this.checkContacts(caller, input.contactIds, details);
    if (details.length > 0) throw invalid(details);
    const inProject = projectId ?? input.projectId ?? null;
    const project = inProject ? await this.projects.requireProject(caller, inProject) : null;
    const fields: TaskFields = {
      title: input.title,
      description: input.description,
      status: input.status,
      priority: input.priority,
      startDate,
      dueDate,
      isAllDay: input.isAllDay,
      projectId: project?.id ?? null,
    };
    const id = await this.repo.transaction(async (tx) => {
      await this.repo.lockColumn(tx, caller.businessId, fields.status);
      const order = await this.repo.orderAtEnd(tx, caller.businessId, fields.status);
      const id = await this.repo.insert(tx, caller.businessId, caller.userId, fields, order, contactIds);
      await this.repo.addHistory(tx, caller.businessId, id, 'created', [], caller.userId);
      if (project) {
        const task = { id, title: fields.title };
        await this.feed(caller, task, project.id, 'task.created', `Added task ${quoted(fields.title)}`, tx);
      }
      await this.emitTask(caller, 'task.created', { id, ...fields, contactIds }, { status: fields.status }, tx);
      return id;
    });
    return this.task(caller.businessId, id);
  }

  /**
   * PATCH /tasks/{id} (and /projects/{id}/tasks/{taskId} with `inProject`): the fields given; start ≤ due also
   * against the stored dates; a new status puts the task last in its new column. One history entry listing
   * each changed field; in a project, task.updated (task.completed when it became completed) in the feed.
   */
  async update(caller: BusinessCaller, id: string, input: TaskUpdateData, inProject?: string): Promise<Task> {
    const details: FieldError[] = [];
    const startDate = input.startDate === undefined ? undefined : storableDate(input.startDate, 'startDate', details);
    const dueDate = input.dueDate === undefined ? undefined : storableDate(input.dueDate, 'dueDate', details);
    const contactIds =
      input.contactIds === undefined ? undefined : await this.checkContacts(caller, input.contactIds, details);
    if (details.length > 0) throw invalid(details);
    await this.repo.transaction(async (tx) => {
      // The column's lock before the row's, in the order every move takes them.
      if (input.status !== undefined) await this.repo.lockColumn(tx, caller.businessId, input.status);
      const current = await this.repo.lockTask(tx, caller.businessId, id);
      if (!current || (inProject !== undefined && current.projectId !== inProject)) throw notFound();
      const start = startDate === undefined ? current.startDate : startDate;
      const due = dueDate === undefined ? current.dueDate : dueDate;
      if (start && due && start.getTime() > due.getTime()) {
        throw invalid([{ field: 'startDate', message: DATE_ORDER_MESSAGE }]);
      }
      const changes: TaskChange[] = [];
      const set: Partial<TaskFields> & { sortOrder?: number } = {};
      const text = (field: 'title' | 'description' | 'status' | 'priority', value: string | null | undefined) => {
        if (value === undefined || value === current[field]) return;
        changes.push({ field, from: current[field], to: value });
        Object.assign(set, { [field]: value });
      };
      text('title', input.title);
      text('description', input.description);
      text('status', input.status);
      text('priority', input.priority);
      const date = (field: 'startDate' | 'dueDate', value: Date | null) => {
        if ((current[field]?.getTime() ?? null) === (value?.getTime() ?? null)) return;
        changes.push({ field, from: iso(current[field]), to: iso(value) });
        set[field] = value;
      };
      date('startDate', start);
      date('dueDate', due);
      if (input.isAllDay !== undefined && input.isAllDay !== current.isAllDay) {
        changes.push({ field: 'isAllDay', from: String(current.isAllDay), to: String(input.isAllDay) });
        set.isAllDay = input.isAllDay;
      }
      const contactsChanged =
        contactIds !== undefined && [...contactIds].sort().join(',') !== [...current.contactIds].sort().join(',');
      if (contactsChanged) {
        const list = (ids: string[]) => (ids.length > 0 ? [...ids].sort().join(', ') : null);
        changes.push({ field: 'contactIds', from: list(current.contactIds), to: list(contactIds) });
        await this.repo.setContacts(tx, caller.businessId, id, contactIds);
      }
      if (changes.length === 0) return;
      if (set.status !== undefined) set.sortOrder = await this.repo.orderAtEnd(tx, caller.businessId, set.status);
      await this.repo.update(tx, caller.businessId, id, set);
      await this.repo.addHistory(tx, caller.businessId, id, 'updated', changes, caller.userId);
      const fieldWords = changes.map((c) => FIELD_WORDS[c.field] ?? c.field).join(', ');
      await this.notifyOwner(caller, current, `${quoted(set.title ?? current.title)} was changed: ${fieldWords}`, tx);
      if (set.status !== undefined) {
        const task = {
          ...current,
          title: set.title ?? current.title,
          priority: set.priority ?? current.priority,
          contactIds: contactIds ?? current.contactIds,
        };
        await this.emitTask(caller, 'task.status_changed', task, { from: current.status, to: set.status }, tx);
      }
      if (current.projectId) {
        const task = { id, title: set.title ?? current.title };
        await this.statusFeed(caller, task, current.projectId, current.status, set.status, changes, tx);
      }
    });
    return this.task(caller.businessId, id);
  }

  /** The feed entry of a change: task.completed, a move between columns, or task.updated naming the fields. */
  private statusFeed(
    caller: BusinessCaller,
    task: { id: string; title: string },
    projectId: string,
    from: TaskStatus,
    to: TaskStatus | undefined,
    changes: TaskChange[],
    tx: Executor,
  ): Promise<void> {
    if (to === 'completed' && from !== 'completed') {
      return this.feed(caller, task, projectId, 'task.completed', `Completed task ${quoted(task.title)}`, tx);
    }
    if (to !== undefined && to !== from) {
      const message = `Moved task ${quoted(task.title)} from ${TASK_STATUS_LABELS[from]} to ${TASK_STATUS_LABELS[to]}`;
      return this.feed(caller, task, projectId, 'task.updated', message, tx);
    }
    const fields = changes.map((c) => FIELD_WORDS[c.field] ?? c.field).join(', ');
    return this.feed(caller, task, projectId, 'task.updated', `Updated task ${quoted(task.title)}: ${fields}`, tx);
  }

  /** DELETE /tasks/{id} (and /projects/{id}/tasks/{taskId}): its comments, history and files go with it. */
  async remove(caller: BusinessCaller, id: string, inProject?: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lockTask(tx, caller.businessId, id);
      if (!current || (inProject !== undefined && current.projectId !== inProject)) throw notFound();
      await this.repo.delete(tx, caller.businessId, id);
      if (current.projectId) {
        const message = `Deleted task ${quoted(current.title)}`;
        await this.feed(caller, current, current.projectId, 'task.deleted', message, tx);
      }
    });
  }

  /**
   * PATCH /tasks/{id}/move: to a kanban column at a position (0 = top; omitted = last), in one transaction under
   * that column's lock, so moves into it at once each see the keys the others wrote. History 'moved' when the
   * column changed.
   */
  async moveToColumn(caller: BusinessCaller, id: string, status: TaskStatus, position?: number): Promise<Task> {
    const moved = await this.repo.transaction(async (tx) => {
      await this.repo.lockColumn(tx, caller.businessId, status);
      const current = await this.repo.lockTask(tx, caller.businessId, id);
      if (!current) throw notFound();
      const sortOrder =
        position === undefined
          ? await this.repo.orderAtEnd(tx, caller.businessId, status)
          : await this.repo.orderAt(tx, caller.businessId, status, id, position);
      const changes = current.status === status ? null : [{ field: 'status', from: current.status, to: status }];
      if (changes && current.projectId) {
        await this.statusFeed(caller, current, current.projectId, current.status, status, changes, tx);
      }
      // The card's write last, with its history entry: a move between columns locks their two kanban counters
      // (task_counts' trigger), which other moves between those columns wait for, until the commit that follows.
      const history = changes && { changes, performedBy: caller.userId };
      if (changes) {
        const message = `${quoted(current.title)} moved from ${TASK_STATUS_LABELS[current.status]} to ${TASK_STATUS_LABELS[status]}`;
        await this.notifyOwner(caller, current, message, tx);
        await this.emitTask(caller, 'task.status_changed', current, { from: current.status, to: status }, tx);
      }
      const updatedAt = await this.repo.writeMove(tx, caller.businessId, id, { status, sortOrder }, history);
      // The answer is the locked row as written (no second read: a board move is the hot write).
      return { ...current, status, sortOrder, updatedAt: updatedAt ?? current.updatedAt };
    });
    return (await this.toTasks(caller.businessId, [moved]))[0]!;
  }

  /**
   * POST /tasks/{id}/move: into another of the caller's projects (404 otherwise), or out of any (null). History
   * on the task; an entry in the feed of the project it left and of the one it joined.
   */
  async moveToProject(caller: BusinessCaller, id: string, projectId: string | null): Promise<Task> {
    const target = projectId ? await this.projects.requireProject(caller, projectId) : null;
    const before = await this.require(caller, id);
    const fromTitle = before.projectId
      ? ((await this.projects.titles(caller.businessId, [before.projectId])).get(before.projectId) ?? null)
      : null;
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lockTask(tx, caller.businessId, id);
      if (!current) throw notFound();
      const to = target?.id ?? null;
      if (current.projectId === to) return;
      await this.repo.update(tx, caller.businessId, id, { projectId: to });
      const changes = [{ field: 'project', from: current.projectId ? fromTitle : null, to: target?.title ?? null }];
      await this.repo.addHistory(tx, caller.businessId, id, 'moved', changes, caller.userId);
      const name = quoted(current.title);
      if (current.projectId) {
        const message = target
          ? `Moved task ${name} to project ${quoted(target.title)}`
          : `Moved task ${name} out of this project`;
        await this.feed(caller, current, current.projectId, 'task.moved', message, tx);
      }
      if (target) {
        const message =
          current.projectId && fromTitle !== null
            ? `Moved task ${name} here from project ${quoted(fromTitle)}`
            : `Added task ${name}`;
        await this.feed(caller, current, target.id, 'task.moved', message, tx);
      }
    });
    return this.task(caller.businessId, id);
  }

  /** POST /tasks/{id}/duplicate: "<title> (copy)" with its fields, contacts and files, last in its column. */
  async duplicate(caller: BusinessCaller, id: string): Promise<Task> {
    const source = await this.require(caller, id);
    const fields: TaskFields = {
      title: copyTitle(source.title),
      description: source.description,
      status: source.status,
      priority: source.priority,
      startDate: source.startDate,
      dueDate: source.dueDate,
      isAllDay: source.isAllDay,
      projectId: source.projectId,
    };
    const copyId = await this.repo.transaction(async (tx) => {
      await this.repo.lockColumn(tx, caller.businessId, fields.status);
      const order = await this.repo.orderAtEnd(tx, caller.businessId, fields.status);
      const copy = await this.repo.insert(tx, caller.businessId, caller.userId, fields, order, source.contactIds);
      const changes = [{ field: 'copyOf', from: null, to: source.title }];
      await this.repo.addHistory(tx, caller.businessId, copy, 'duplicated', changes, caller.userId);
      const { businessId } = caller;
      await this.files.copyAll({ businessId, taskId: id }, { businessId, taskId: copy }, tx);
      if (fields.projectId) {
        const task = { id: copy, title: fields.title };
        await this.feed(caller, task, fields.projectId, 'task.created', `Added task ${quoted(fields.title)}`, tx);
      }
      return copy;
    });
    return this.task(caller.businessId, copyId);
  }

  /**
   * ProjectTaskCopier (lib/activity.ts): every task of `fromProjectId` copied into `toProjectId` inside the
   * caller's transaction — set-based (a few statements for 500 tasks), statuses and orders kept; files copied for
   * the tasks that have any.
   */
  async copyTasks(
    businessId: string,
    fromProjectId: string,
    toProjectId: string,
    actorId: string,
    tx: Executor,
  ): Promise<number> {
    const ids = await this.repo.idsInProject(tx, businessId, fromProjectId);
    if (ids.length === 0) return 0;
    const copies = await this.repo.copyInto(tx, businessId, ids, toProjectId, actorId);
    for (let i = 0; i < ids.length; i += ID_BATCH) {
      const withFiles = await this.files.counts(businessId, ids.slice(i, i + ID_BATCH), 'task', tx);
      for (const [from, n] of withFiles) {
        const to = copies.get(from);
        if (n > 0 && to) await this.files.copyAll({ businessId, taskId: from }, { businessId, taskId: to }, tx);
      }
    }
    return ids.length;
  }

  /** DatedItemSource (lib/calendar.ts): the business's tasks with dates in a range, for the calendar. */
  inDateRange(businessId: string, range: DatedRange): Promise<DatedRow[]> {
    return this.repo.inDateRange(businessId, range);
  }

  // -------------------------------------------------------------------------------------------------------
  // Comments

  async addComment(caller: BusinessCaller, id: string, content: string): Promise<TaskComment> {
    const task = await this.require(caller, id);
    const commentId = await this.repo.transaction(async (tx) => {
      const commentId = await this.repo.addComment(tx, caller.businessId, id, caller.userId, content);
      await this.repo.addHistory(tx, caller.businessId, id, 'commented', [], caller.userId);
      if (task.projectId) {
        await this.feed(caller, task, task.projectId, 'comment.added', `Commented on task ${quoted(task.title)}`, tx);
      }
      return commentId;
    });
    return TasksService.comment((await this.repo.comment(caller.businessId, id, commentId))!);
  }

  /** The author may delete their comment; so may an owner or admin of the business (others: 403). */
  async removeComment(caller: TaskCaller, id: string, commentId: string): Promise<void> {
    await this.require(caller, id);
    const comment = await this.repo.comment(caller.businessId, id, commentId);
    if (!comment) throw new AppError('NOT_FOUND', TASK_MESSAGES.commentNotFound);
    const manager = caller.role === 'owner' || caller.role === 'admin';
    if (comment.userId !== caller.userId && !manager) {
      throw new AppError('FORBIDDEN', 'Only its author or an owner or admin can delete this comment');
    }
    await this.repo.transaction(async (tx) => {
      if (!(await this.repo.deleteComment(tx, caller.businessId, id, commentId))) {
        throw new AppError('NOT_FOUND', TASK_MESSAGES.commentNotFound);
      }
      await this.repo.addHistory(tx, caller.businessId, id, 'comment_deleted', [], caller.userId);
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // Attachments (stored by the files module)

  /** Stores the files of the request (`parts` is read only once the task is known to be the caller's). */
  async addAttachments(
    caller: BusinessCaller,
    id: string,
    parts: () => AsyncIterable<UploadPart | UploadField>,
  ): Promise<WorkFile[]> {
    const task = await this.require(caller, id);
    const saved = await this.files.saveUpload({ businessId: caller.businessId, taskId: id }, caller.userId, parts(), {
      kinds: ['attachment'],
    });
    await this.repo.transaction(async (tx) => {
      const changes = saved.map((f) => ({ field: 'attachment', from: null, to: f.name }));
      await this.repo.addHistory(tx, caller.businessId, id, 'attachment_added', changes, caller.userId);
      if (task.projectId) {
        const names = saved.map((f) => quoted(f.name)).join(', ');
        const message = `Attached ${names} to task ${quoted(task.title)}`;
        await this.feed(caller, task, task.projectId, 'attachment.added', message, tx);
      }
    });
    return saved;
  }

  async openAttachment(
    caller: BusinessCaller,
    id: string,
    fileId: string,
  ): Promise<{ file: WorkFile; stream: Readable }> {
    await this.require(caller, id);
    const opened = await this.files.open({ businessId: caller.businessId, taskId: id }, fileId);
    if (!opened) throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
    return opened;
  }

  async removeAttachment(caller: BusinessCaller, id: string, fileId: string): Promise<void> {
    const task = await this.require(caller, id);
    await this.repo.transaction(async (tx) => {
      const removed = await this.files.remove({ businessId: caller.businessId, taskId: id }, fileId, tx);
      if (!removed) throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
      const changes = [{ field: 'attachment', from: removed.name, to: null }];
      await this.repo.addHistory(tx, caller.businessId, id, 'attachment_deleted', changes, caller.userId);
      if (task.projectId) {
        const message = `Removed ${quoted(removed.name)} from task ${quoted(task.title)}`;
        await this.feed(caller, task, task.projectId, 'attachment.deleted', message, tx);
      }
    });
  }
}
