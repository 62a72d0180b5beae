import type * as z from 'zod';
import {
  makePagination,
  NOTE_MESSAGES,
  type Note,
  type NoteData,
  type NoteEntityType,
  type NoteListEnvelope,
  type noteUpdateSchema,
} from '@atrium/contracts';
import { AppError } from '../../lib/errors';
import type { Caller } from '../contacts/contacts.service';
import { sanitizeNoteHtml } from './note-html';
import type { NoteFields, NoteListFilter, NoteRow, NotesRepository } from './notes.repository';

export function toNoteDto({ note, author }: NoteRow): Note {
  return {
    _id: note.id,
    title: note.title,
    content: note.content,
    category: note.category,
    priority: note.priority,
    isPinned: note.isPinned,
    tags: note.tags,
    entityType: note.entityType,
    entityId: note.entityId,
    createdBy: author ? { _id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
  };
}

type NoteUpdateData = z.output<typeof noteUpdateSchema>;

const notFound = () => new AppError('NOT_FOUND', NOTE_MESSAGES.notFound);
/** Only contacts are checked so far (notes.repository's entityExists). */
const entityNotFound = () => new AppError('NOT_FOUND', 'Contact not found');

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
  constructor(private readonly repo: NotesRepository) {}

  /** The entity a note hangs off must be the caller's. Only contacts exist so far. */
  private async checkEntity(caller: Caller, entityType: NoteEntityType, entityId: string): Promise<void> {
    if (!(await this.repo.entityExists(caller.businessId, entityType, entityId))) throw entityNotFound();
  }

  async list(caller: Caller, filter: NoteListFilter): Promise<NoteListEnvelope> {
    // The page statement checks the entity as it reads; only an empty page needs the check on its own.
    const { rows, total, entityFound } = await this.repo.list(caller.businessId, filter);
    if (!(entityFound ?? (await this.repo.entityExists(caller.businessId, filter.entityType, filter.entityId)))) {
      throw entityNotFound();
    }
    return { success: true, data: rows.map(toNoteDto), meta: makePagination(total, filter.page, filter.limit) };
  }

  async get(caller: Caller, id: string): Promise<Note> {
    const row = await this.repo.findById(caller.businessId, id);
    if (!row) throw notFound();
    return toNoteDto(row);
  }

  async create(caller: Caller, input: NoteData): Promise<Note> {
    const { entityType, entityId, content, ...rest } = input;
    const fields: NoteFields = { ...rest, ...cleanContent(content) };
    await this.checkEntity(caller, entityType, entityId);
    const id = await this.repo.create(caller.businessId, caller.userId, { entityType, entityId }, fields);
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
