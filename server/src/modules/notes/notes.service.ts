import type * as z from 'zod';
import {
  makePagination,
  NOTE_MESSAGES,
  type Note,
  type NoteData,
  type NoteEntityType,
  type noteUpdateSchema,
} from '@atrium/contracts';
import { PROJECT_MESSAGES, TASK_MESSAGES } from '@atrium/domain-work/schemas';
import { listAnswer, type JsonText } from '../../db/json-answers';
import type { ProjectActivityLog } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import type { BusinessCaller as Caller } from '../../lib/caller';
import { sanitizeNoteHtml } from './note-html';
import type { NoteFields, NoteListFilter, NotesRepository } from './notes.repository';

type NoteUpdateData = z.output<typeof noteUpdateSchema>;

const notFound = () => new AppError('NOT_FOUND', NOTE_MESSAGES.notFound);
/** The entity a note hangs off is not the caller's (notes.repository's entityExists checks contacts, projects, tasks). */
function entityNotFound(entityType: NoteEntityType, entityId: string): AppError {
  if (entityType === 'project') return new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound(entityId));
  if (entityType === 'task') return new AppError('NOT_FOUND', TASK_MESSAGES.notFound);
  return new AppError('NOT_FOUND', 'Contact not found');
}

/** Sanitised HTML and its text; content that sanitises to nothing (e.g. only a script) is refused. */
function cleanContent(html: string): { content: string; contentText: string } {
  const { html: content, text } = sanitizeNoteHtml(html);
  if (!text) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', [
      { field: 'content', message: NOTE_MESSAGES.contentRequired },
    ]);
  }
  return { content, contentText: text };
}

export class NotesService {
  /** `activity`: a project's feed (the projects module), where a note added to a project is recorded. */
  constructor(
    private readonly repo: NotesRepository,
    private readonly activity?: ProjectActivityLog,
  ) {}

  /** The entity a note hangs off must be the caller's (contacts, projects and tasks are checked). */
  private async checkEntity(caller: Caller, entityType: NoteEntityType, entityId: string): Promise<void> {
    if (!(await this.repo.entityExists(caller.businessId, entityType, entityId))) {
      throw entityNotFound(entityType, entityId);
    }
  }

  /** The list answer (NoteListEnvelope) as JSON text: the page's notes come from PostgreSQL as JSON. */
  async list(caller: Caller, filter: NoteListFilter): Promise<JsonText> {
    // The page statement checks the entity as it reads.
    const { data, total, entityFound } = await this.repo.list(caller.businessId, filter);
    if (!entityFound) throw entityNotFound(filter.entityType, filter.entityId);
    return listAnswer(data, 'meta', makePagination(total, filter.page, filter.limit));
  }

  async get(caller: Caller, id: string): Promise<Note> {
    const note = await this.repo.findById(caller.businessId, id);
    if (!note) throw notFound();
    return note;
  }

  async create(caller: Caller, input: NoteData): Promise<Note> {
    const { entityType, entityId, content, ...rest } = input;
    const fields: NoteFields = { ...rest, ...cleanContent(content) };
    await this.checkEntity(caller, entityType, entityId);
    const id = await this.repo.create(caller.businessId, caller.userId, { entityType, entityId }, fields);
    if (entityType === 'project' && this.activity) {
      await this.activity.record({
        businessId: caller.businessId,
        projectId: entityId,
        type: 'note.added',
        message: fields.title ? `Added the note “${fields.title}”` : 'Added a note',
        subject: { type: 'note', id, title: fields.title },
        actorId: caller.userId,
      });
    }
    return this.get(caller, id);
  }

  async update(caller: Caller, id: string, input: NoteUpdateData): Promise<Note> {
    const { content, ...rest } = input;
    const fields: Partial<NoteFields> = Object.fromEntries(
      Object.entries(rest).filter(([, v]) => v !== undefined),
    ) as Partial<NoteFields>;
    if (content !== undefined) Object.assign(fields, cleanContent(content));
    if (!(await this.repo.update(caller.businessId, id, fields))) throw notFound();
    return this.get(caller, id);
  }

  async togglePin(caller: Caller, id: string): Promise<Note> {
    if (!(await this.repo.togglePin(caller.businessId, id))) throw notFound();
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.businessId, id))) throw notFound();
  }
}
