import type { DomainEvents } from '../../lib/domain-events';
import type { Readable } from 'node:stream';
import type { NotificationSender } from '../../lib/notifications-port';
import { makePagination, type FieldError, type Pagination } from '@atrium/contracts';
import {
  DATE_ORDER_MESSAGE,
  PROJECT_MESSAGES,
  PROJECT_STAGE_LABELS,
  type Activity,
  type FileKind,
  type Project,
  type ProjectData,
  type ProjectDetail,
  type ProjectListParamsData,
  type ProjectStage,
  type ProjectType,
  type ProjectUpdateData,
  type WorkFile,
} from '@atrium/domain-work/schemas';
import type { Executor } from '../../db/client';
import type { ProjectActivityEntry, ProjectActivityLog, ProjectTaskCopier } from '../../lib/activity';
import type { BusinessCaller as Caller } from '../../lib/caller';
import type { DatedRange, DatedRow } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import type { UploadField, UploadPart } from '../../lib/file-upload';
import type { ActivityRow, ProjectFields, ProjectRow, ProjectsRepository } from './projects.repository';

/** Whose files (the files module's owner: a project here). */
export type FileOwner = { businessId: string } & (
  { projectId: string; taskId?: undefined } | { taskId: string; projectId?: undefined }
);

/** What this module uses of the files module (modules/files FilesService). */
export interface ProjectFiles {
  saveUpload(
    owner: FileOwner,
    uploadedBy: string,
    parts: AsyncIterable<UploadPart | UploadField>,
    opts?: { kinds?: readonly FileKind[] },
  ): Promise<WorkFile[]>;
  list(owner: FileOwner, kind?: FileKind): Promise<WorkFile[]>;
  counts(businessId: string, ownerIds: string[], ownerType: 'project' | 'task'): Promise<Map<string, number>>;
  open(owner: FileOwner, fileId: string): Promise<{ file: WorkFile; stream: Readable } | null>;
  remove(owner: FileOwner, fileId: string, db?: Executor): Promise<WorkFile | null>;
  copyAll(from: FileOwner, to: FileOwner, db: Executor): Promise<number>;
}

/** What this module uses of the contacts module: which ids are the business's contacts. */
export interface ProjectContactsDirectory {
  existingIds(businessId: string, ids: readonly string[], db?: Executor): Promise<string[]>;
}

export interface ProjectsDeps {
  files: ProjectFiles;
  contacts: ProjectContactsDirectory;
  /** The tasks module's copier (TasksService): a duplicate copies the project's tasks in its own transaction. */
  tasks: ProjectTaskCopier;
  /** Members are told of a stage change (issue #19); none in unit tests that do not look. */
  notify?: NotificationSender;
  /** project.stage_changed for automations, in the move's transaction (lib/domain-events.ts). */
  events?: DomainEvents;
}

export const notFound = (id: string) => new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound(id));
const contactNotFound = () => new AppError('NOT_FOUND', 'Contact not found');
const fileNotFound = () => new AppError('NOT_FOUND', 'Attachment not found');
const invalid = (details: FieldError[]) => new AppError('VALIDATION_ERROR', 'Validation failed', details);

/** Dates that survive the round trip (years 1000–9999); the slice's schema only checks that they parse. */
const FIRST_DAY = Date.parse('1000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
function storableDate(text: string | null | undefined): Date | null | 'invalid' {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || ms < FIRST_DAY || ms > LAST_INSTANT ? 'invalid' : new Date(ms);
}

/** Dates sort newest first unless asked otherwise; the title and the board A→Z / top to bottom. */
const defaultOrder = (sortBy: ProjectListParamsData['sortBy']) =>
  sortBy === 'title' || sortBy === 'board' ? 'asc' : 'desc';

/** Titles of copies: "<title> (copy)", within the 200 characters a title may have. */
export function copyTitle(title: string): string {
  const suffix = ' (copy)';
  return `${title.slice(0, 200 - suffix.length)}${suffix}`;
}

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  type: 'type',
  startDate: 'start date',
  dueDate: 'due date',
  isAllDay: 'all-day',
  location: 'location',
  address: 'address',
  contacts: 'contacts',
};

function toProject(row: ProjectRow, attachmentCount: number): Project {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    stage: row.stage,
    type: row.type,
    startDate: row.startDate,
    dueDate: row.dueDate,
    isAllDay: row.isAllDay,
    location: row.location,
    address: row.address,
    contacts: row.contacts,
    boardOrder: Number(row.boardOrder),
    taskCount: Number(row.taskCount),
    attachmentCount,
    createdBy: row.createdById ? { _id: row.createdById, name: row.createdByName || 'Unknown User' } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toActivity(row: ActivityRow): Activity {
  return {
    _id: row.id,
    type: row.type,
    message: row.message,
    subject:
      row.subjectType && row.subjectId ? { type: row.subjectType, id: row.subjectId, title: row.subjectTitle } : null,
    actor: row.actorId ? { _id: row.actorId, name: row.actorName || 'Unknown User' } : null,
    timestamp: row.timestamp,
  };
}

/**
 * Projects: the stage board, types, contact links, the feed (ProjectActivityLog for every module that changes
 * something of a project) and the project's files (through the files module).
 */
export class ProjectsService implements ProjectActivityLog {
  constructor(
    private readonly repo: ProjectsRepository,
    private readonly deps: ProjectsDeps,
  ) {}

  // ----- reads

  async list(caller: Caller, params: ProjectListParamsData): Promise<{ data: Project[]; pagination: Pagination }> {
    const sortOrder = params.sortOrder ?? defaultOrder(params.sortBy);
    const { rows, total } = await this.repo.list(caller.businessId, { ...params, sortOrder });
    const data = await this.withCounts(caller.businessId, rows);
    const pagination = params.export
      ? makePagination(total, 1, Math.max(total, 1))
      : makePagination(total, params.page, params.limit);
    return { data, pagination };
  }

  async get(caller: Caller, id: string): Promise<ProjectDetail> {
    const row = await this.repo.findById(caller.businessId, id);
    if (!row) throw notFound(id);
    const attachments = await this.deps.files.list({ businessId: caller.businessId, projectId: id });
    return { ...toProject(row, attachments.length), attachments };
  }

  /** The project's id and title, or 404 (the tasks module checks projects through this). */
  async requireProject(caller: Caller, id: string, db?: Executor): Promise<{ id: string; title: string }> {
    const head = await this.repo.head(caller.businessId, id, db);
    if (!head) throw notFound(id);
    return { id: head.id, title: head.title };
  }

  /** The titles of those of `ids` that are the business's projects (the tasks module shows them on tasks). */
  async titles(businessId: string, ids: readonly string[]): Promise<Map<string, string>> {
    return this.repo.titles(businessId, [...new Set(ids)]);
  }

  /** DatedItemSource (lib/calendar.ts): the business's projects with dates in a range, for the calendar. */
  inDateRange(businessId: string, range: DatedRange): Promise<DatedRow[]> {
    return this.repo.inDateRange(businessId, range);
  }

  async types(caller: Caller): Promise<ProjectType[]> {
    return this.repo.types(caller.businessId);
  }

  // ----- writes

  async create(caller: Caller, input: ProjectData): Promise<Project> {
    const fields = this.fieldsOf(input);
    const contactIds = await this.checkContacts(caller, input.contacts, 'contacts');
    const id = await this.repo.transaction(async (tx) => {
      await this.repo.upsertTypes(tx, caller.businessId, [fields.type]);
      await this.repo.lockColumn(tx, caller.businessId, fields.stage);
      const created = await this.repo.insert(tx, caller.businessId, caller.userId, fields);
      await this.repo.addContacts(tx, caller.businessId, created, contactIds);
      await this.record(
        {
          businessId: caller.businessId,
          projectId: created,
          type: 'project.created',
          message: `Created the project “${fields.title}”`,
          subject: { type: 'project', id: created, title: fields.title },
          actorId: caller.userId,
        },
        tx,
      );
      return created;
    });
    return this.one(caller, id);
  }

  /** PATCH: the given fields change, the others keep their values; a new stage puts the card last in it. */
  async update(caller: Caller, id: string, input: ProjectUpdateData): Promise<Project> {
    const changes: Partial<ProjectFields> = {};
    const details: FieldError[] = [];
    for (const key of ['title', 'description', 'type', 'isAllDay', 'location', 'address'] as const) {
      if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    }
    for (const key of ['startDate', 'dueDate'] as const) {
      if (input[key] === undefined) continue;
      const date = storableDate(input[key]);
      if (date === 'invalid') details.push({ field: key, message: 'Enter a valid date' });
      else changes[key] = date;
    }
    if (details.length > 0) throw invalid(details);
    if (input.contacts !== undefined) await this.requireProject(caller, id);
    const contactIds =
      input.contacts === undefined ? undefined : await this.checkContacts(caller, input.contacts, 'contacts');
    await this.repo.transaction(async (tx) => {
      // A stage change moves the card: the column's lock first (as a board move takes it), then the row.
      if (input.stage !== undefined) await this.repo.lockColumn(tx, caller.businessId, input.stage);
      const current = await this.repo.head(caller.businessId, id, tx, true);
      if (!current) throw notFound(id);
      // The rule holds for the dates as they will be: a new start against the stored due date too.
      const start = changes.startDate !== undefined ? changes.startDate : current.startDate;
      const due = changes.dueDate !== undefined ? changes.dueDate : current.dueDate;
      if (start && due && start.getTime() > due.getTime()) {
        throw invalid([{ field: 'startDate', message: DATE_ORDER_MESSAGE }]);
      }
      if (changes.type) await this.repo.upsertTypes(tx, caller.businessId, [changes.type]);
      await this.repo.update(tx, caller.businessId, id, changes);
      if (contactIds) await this.repo.setContacts(tx, caller.businessId, id, contactIds);
      const title = changes.title ?? current.title;
      const changed = [...Object.keys(changes), ...(contactIds ? ['contacts'] : [])].map((k) => FIELD_LABELS[k] ?? k);
      if (changed.length > 0) {
        await this.record(
          {
            businessId: caller.businessId,
            projectId: id,
            type: 'project.updated',
            message: `Changed the ${changed.join(', ')}`,
            subject: { type: 'project', id, title },
            actorId: caller.userId,
          },
          tx,
        );
      }
      if (input.stage !== undefined && input.stage !== current.stage) {
        await this.repo.moveOnBoard(tx, caller.businessId, id, input.stage);
        await this.recordStageChange(caller, id, title, current.stage, input.stage, tx);
      }
    });
    return this.one(caller, id);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.businessId, id))) throw notFound(id);
  }

  /** A move on the stage board: to `stage` at `order` (0 = top; left out = last), under the stage's lock. */
  async moveStage(caller: Caller, id: string, stage: ProjectStage, order?: number): Promise<Project> {
    await this.repo.transaction(async (tx) => {
      // The move writes its feed entry itself when the stage changed (project.stage_changed).
      const moved = await this.repo.moveOnBoard(tx, caller.businessId, id, stage, order, caller.userId);
      if (!moved) throw notFound(id);
      if (moved.from !== stage) await this.notifyStage(caller, id, moved.title, moved.from, stage, tx);
    });
    return this.one(caller, id);
  }

  async bulkUpdateTypes(caller: Caller, updates: { id: string; type: string }[]): Promise<number> {
    return this.repo.bulkUpdateTypes(caller.businessId, updates);
  }

  /**
   * A copy of the project ("<title> (copy)", its fields and contacts, last in its stage) with all its tasks and
   * files, in one transaction: a failure anywhere leaves nothing behind.
   */
  async duplicate(caller: Caller, id: string): Promise<Project> {
    const copyId = await this.repo.transaction(async (tx) => {
      const source = await this.repo.fields(caller.businessId, id, tx);
      if (!source) throw notFound(id);
      await this.repo.lockColumn(tx, caller.businessId, source.stage);
      const title = copyTitle(source.title);
      const created = await this.repo.insert(tx, caller.businessId, caller.userId, { ...source, title });
      await this.repo.copyContacts(tx, caller.businessId, id, created);
      await this.deps.tasks.copyTasks(caller.businessId, id, created, caller.userId, tx);
      await this.deps.files.copyAll(
        { businessId: caller.businessId, projectId: id },
        { businessId: caller.businessId, projectId: created },
        tx,
      );
      await this.record(
        {
          businessId: caller.businessId,
          projectId: created,
          type: 'project.created',
          message: `Duplicated from “${source.title}”`,
          subject: { type: 'project', id: created, title },
          actorId: caller.userId,
        },
        tx,
      );
      return created;
    });
    return this.one(caller, copyId);
  }

  async addContacts(caller: Caller, id: string, contactIds: string[]): Promise<Project> {
    // Another business's project is 404 before its contacts are looked at.
    await this.requireProject(caller, id);
    const ids = await this.checkContacts(caller, contactIds, 'contactIds');
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.head(caller.businessId, id, tx);
      if (!current) throw notFound(id);
      const added = await this.repo.addContacts(tx, caller.businessId, id, ids);
      if (added > 0) {
        await this.record(
          {
            businessId: caller.businessId,
            projectId: id,
            type: 'project.updated',
            message: added === 1 ? 'Linked a contact' : `Linked ${added} contacts`,
            subject: { type: 'project', id, title: current.title },
            actorId: caller.userId,
          },
          tx,
        );
      }
    });
    return this.one(caller, id);
  }

  // ----- a contact's projects (/contacts/{id}/projects)

  async ofContact(caller: Caller, contactId: string): Promise<Project[]> {
    await this.requireContact(caller, contactId);
    return this.withCounts(caller.businessId, await this.repo.ofContact(caller.businessId, contactId));
  }

  async linkContact(caller: Caller, contactId: string, projectId: string): Promise<void> {
    await this.requireContact(caller, contactId);
    await this.addContacts(caller, projectId, [contactId]);
  }

  async unlinkContact(caller: Caller, contactId: string, projectId: string): Promise<void> {
    await this.requireContact(caller, contactId);
    await this.requireProject(caller, projectId);
    await this.repo.removeContact(caller.businessId, projectId, contactId);
  }

  // ----- the feed

  /** Implements ProjectActivityLog: the tasks, files and notes modules write the project's feed through this. */
  async record(entry: ProjectActivityEntry, db?: Executor): Promise<void> {
    await this.repo.recordActivity(entry, db);
  }

  /** A person's own entry in the feed (type custom). */
  async addActivity(caller: Caller, id: string, message: string): Promise<Activity> {
    const entryId = await this.repo.recordActivity({
      businessId: caller.businessId,
      projectId: id,
      type: 'custom',
      message,
      actorId: caller.userId,
    });
    if (!entryId) throw notFound(id);
    return toActivity((await this.repo.activity(caller.businessId, entryId))!);
  }

  async feed(
    caller: Caller,
    id: string,
    before: string | undefined,
    limit: number,
  ): Promise<{ data: Activity[]; hasMore: boolean }> {
    await this.requireProject(caller, id);
    const { rows, hasMore } = await this.repo.feed(caller.businessId, id, before, limit);
    return { data: rows.map(toActivity), hasMore };
  }

  // ----- files (attachments, designs, floor plans)

  /** Stores the files of a multipart request (`parts` is read only once the project is known to be the caller's). */
  async upload(caller: Caller, id: string, parts: () => AsyncIterable<UploadPart | UploadField>): Promise<WorkFile[]> {
    await this.requireProject(caller, id);
    const owner = { businessId: caller.businessId, projectId: id };
    const saved = await this.deps.files.saveUpload(owner, caller.userId, parts());
    for (const file of saved) {
      await this.record({
        businessId: caller.businessId,
        projectId: id,
        type: 'attachment.added',
        message: `Added the ${file.kind === 'attachment' ? 'file' : file.kind === 'design' ? 'design' : 'floor plan'} “${file.name}”`,
        subject: { type: 'attachment', id: file._id, title: file.name },
        actorId: caller.userId,
      });
    }
    return saved;
  }

  async files(caller: Caller, id: string, kind?: FileKind): Promise<WorkFile[]> {
    await this.requireProject(caller, id);
    return this.deps.files.list({ businessId: caller.businessId, projectId: id }, kind);
  }

  async openFile(caller: Caller, id: string, fileId: string): Promise<{ file: WorkFile; stream: Readable }> {
    await this.requireProject(caller, id);
    const opened = await this.deps.files.open({ businessId: caller.businessId, projectId: id }, fileId);
    if (!opened) throw fileNotFound();
    return opened;
  }

  async removeFile(caller: Caller, id: string, fileId: string): Promise<void> {
    await this.requireProject(caller, id);
    await this.repo.transaction(async (tx) => {
      const removed = await this.deps.files.remove({ businessId: caller.businessId, projectId: id }, fileId, tx);
      if (!removed) throw fileNotFound();
      await this.record(
        {
          businessId: caller.businessId,
          projectId: id,
          type: 'attachment.deleted',
          message: `Deleted “${removed.name}”`,
          subject: { type: 'attachment', id: removed._id, title: removed.name },
          actorId: caller.userId,
        },
        tx,
      );
    });
  }

  // ----- helpers

  private async one(caller: Caller, id: string): Promise<Project> {
    const row = await this.repo.findById(caller.businessId, id);
    if (!row) throw notFound(id);
    return (await this.withCounts(caller.businessId, [row]))[0]!;
  }

  private async withCounts(businessId: string, rows: ProjectRow[]): Promise<Project[]> {
    if (rows.length === 0) return [];
    const counts = await this.deps.files.counts(
      businessId,
      rows.map((r) => r.id),
      'project',
    );
    return rows.map((r) => toProject(r, counts.get(r.id) ?? 0));
  }

  /** Every other member of the business is told (PROJECT), and project.stage_changed recorded, in the move's transaction. */
  private async notifyStage(
    caller: Caller,
    id: string,
    title: string,
    from: ProjectStage,
    to: ProjectStage,
    tx: Executor,
  ): Promise<void> {
    await this.deps.notify?.send(
      {
        businessId: caller.businessId,
        type: 'PROJECT',
        title: 'Project stage changed',
        message: `“${title}” moved from ${PROJECT_STAGE_LABELS[from]} to ${PROJECT_STAGE_LABELS[to]}`,
        data: { projectId: id, url: `/projects/${encodeURIComponent(id)}` },
        to: { role: 'members' },
        exceptUserId: caller.userId,
      },
      tx,
    );
    await this.deps.events?.emit(
      {
        businessId: caller.businessId,
        type: 'project.stage_changed',
        recordId: id,
        record: { title, from, to },
        actorId: caller.userId,
      },
      tx,
    );
  }

  private async recordStageChange(
    caller: Caller,
    id: string,
    title: string,
    from: ProjectStage,
    to: ProjectStage,
    tx: Executor,
  ): Promise<void> {
    await this.notifyStage(caller, id, title, from, to, tx);
    await this.record(
      {
        businessId: caller.businessId,
        projectId: id,
        type: 'project.stage_changed',
        message: `Moved from ${PROJECT_STAGE_LABELS[from]} to ${PROJECT_STAGE_LABELS[to]}`,
        subject: { type: 'project', id, title },
        actorId: caller.userId,
      },
      tx,
    );
  }

  private async requireContact(caller: Caller, contactId: string): Promise<void> {
    const found = await this.deps.contacts.existingIds(caller.businessId, [contactId]);
    if (found.length === 0) throw contactNotFound();
  }

  /** The unique ids, all of them the business's contacts, or 400 naming the first unknown one on `field`. */
  private async checkContacts(caller: Caller, ids: readonly string[], field: string): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const known = new Set(await this.deps.contacts.existingIds(caller.businessId, unique));
    const bad = ids.findIndex((c) => !known.has(c));
    if (bad !== -1) throw invalid([{ field, message: `Contact not found: ${ids[bad]}` }]);
    return unique;
  }

  /** The create input as columns, dates checked to be storable. */
  private fieldsOf(input: ProjectData): ProjectFields {
    const start = storableDate(input.startDate);
    const due = storableDate(input.dueDate);
    const details: FieldError[] = [];
    if (start === 'invalid') details.push({ field: 'startDate', message: 'Enter a valid date' });
    if (due === 'invalid') details.push({ field: 'dueDate', message: 'Enter a valid date' });
    if (start === 'invalid' || due === 'invalid') throw invalid(details);
    return {
      title: input.title,
      description: input.description,
      stage: input.stage,
      type: input.type,
      startDate: start,
      dueDate: due,
      isAllDay: input.isAllDay,
      location: input.location,
      address: input.address,
    };
  }
}
